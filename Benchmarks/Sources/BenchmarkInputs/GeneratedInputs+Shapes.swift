import Foundation

/// The shape of a generated document: where its bytes go.
public enum InputShape: String, CaseIterable, Sendable {
    /// A few tables or objects with thousands of scalar leaves each.
    case fewLargeTables = "few-large-tables"
    /// Many small tables nested three or four deep, with arrays of tables (objects).
    case manySmallNested = "many-small-nested"
    /// Long arrays of numbers and strings, and arrays of inline tables (small objects).
    case longArraysInline = "long-arrays-inline"
}

extension GeneratedInputs {
    /// A TOML document of about 2 MB in `shape`.
    public static func toml(shape: InputShape) -> Data {
        var out = String()
        out.reserveCapacity(2_300_000)
        out += "# generated benchmark configuration: \(shape.rawValue)\n"
        switch shape {
        case .fewLargeTables:
            for table in 0..<8 {
                out += "\n[table_\(table)]\n"
                for leaf in 0..<3_000 {
                    out += "key_\(leaf)_\(leafSuffix(leaf)) = \(tomlScalar(table, leaf))\n"
                }
            }
        case .manySmallNested:
            for service in 0..<2_400 {
                out += "\n[service_\(service)]\nname = \"svc-\(service)\"\nenabled = \(service % 3 != 0)\n"
                out += "limits.requests = \(service &* 13 % 1000)\nlimits.burst = \(service % 50)\n"
                out += "[service_\(service).database]\nhost = \"db\(service % 17).internal\"\nport = 5432\n"
                out += "[service_\(service).database.pool]\nmin = 2\nmax = \(10 + service % 40)\n"
                out += "idle_timeout = \(Double(service % 60) + 0.25)\n"
                for endpoint in 0..<2 {
                    out += "[[service_\(service).endpoints]]\npath = \"/v\(endpoint)/items/\(service)\"\n"
                    out += "method = \"GET\"\nweight = \(endpoint + 1)\n"
                }
            }
        case .longArraysInline:
            for group in 0..<260 {
                out += "\n[group_\(group)]\nids = ["
                for index in 0..<60 { out += index == 0 ? "\(group &* 1000 &+ index)" : ", \(group &* 1000 &+ index)" }
                out += "]\nratios = [\n"
                for index in 0..<24 { out += "  \(Double(index) / 7 + Double(group)),\n" }
                out += "]\ntags = ["
                for index in 0..<16 { out += index == 0 ? "\"t\(index)-\(group)\"" : ", \"t\(index)-\(group)\"" }
                out += "]\nreplicas = [\n"
                for replica in 0..<12 {
                    out +=
                        "  { host = \"r\(replica).g\(group)\", port = \(9000 + replica), primary = \(replica == 0) },\n"
                }
                out += "]\n"
            }
        }
        return Data(out.utf8)
    }

    /// A JSON document of about 2 MB in `shape`; with `comments`, line and block comments
    /// between members and array elements, otherwise the same document without them.
    public static func json(shape: InputShape, comments: Bool) -> Data {
        var writer = JSONShapeWriter(comments: comments)
        switch shape {
        case .fewLargeTables:
            writer.open("{")
            for table in 0..<8 {
                writer.comment("table \(table)")
                writer.key("table_\(table)")
                writer.open("{")
                for leaf in 0..<3_200 {
                    if leaf % 9 == 4 { writer.comment("leaf \(leaf)") }
                    writer.key("key_\(leaf)_\(leafSuffix(leaf))")
                    writer.value(jsonScalar(table, leaf))
                }
                writer.close("}")
            }
            writer.close("}")
        case .manySmallNested:
            writer.open("{")
            for service in 0..<2_000 {
                writer.comment("service \(service)")
                writer.key("service_\(service)")
                writer.open("{")
                writer.key("name")
                writer.value("\"svc-\(service)\"")
                writer.key("database")
                writer.open("{")
                writer.key("host")
                writer.value("\"db\(service % 17).internal\"")
                writer.key("pool")
                writer.open("{")
                writer.key("min")
                writer.value("2")
                writer.key("max")
                writer.value("\(10 + service % 40)")
                writer.close("}")
                writer.close("}")
                writer.key("endpoints")
                writer.open("[")
                for endpoint in 0..<2 {
                    writer.open("{")
                    writer.key("path")
                    writer.value("\"/v\(endpoint)/items/\(service)\"")
                    writer.key("weight")
                    writer.value("\(endpoint + 1)")
                    writer.close("}")
                }
                writer.close("]")
                writer.close("}")
            }
            writer.close("}")
        case .longArraysInline:
            writer.open("{")
            for group in 0..<230 {
                writer.comment("group \(group)")
                writer.key("group_\(group)")
                writer.open("{")
                writer.key("ids")
                writer.open("[")
                for index in 0..<60 { writer.value("\(group &* 1000 &+ index)") }
                writer.close("]")
                writer.key("ratios")
                writer.open("[")
                for index in 0..<24 {
                    if index == 12 { writer.comment("second half") }
                    writer.value("\(Double(index) / 7 + Double(group))e-2")
                }
                writer.close("]")
                writer.key("labels")
                writer.open("[")
                for index in 0..<16 { writer.value("\"l\(index)\\t\\u00e9-\(group)\"") }
                writer.close("]")
                writer.key("replicas")
                writer.open("[")
                for replica in 0..<12 {
                    writer.open("{")
                    writer.key("host")
                    writer.value("\"r\(replica).g\(group)\"")
                    writer.key("port")
                    writer.value("\(9000 + replica)")
                    writer.key("primary")
                    writer.value(replica == 0 ? "true" : "false")
                    writer.close("}")
                }
                writer.close("]")
                writer.close("}")
            }
            writer.close("}")
        }
        return Data(writer.out.utf8)
    }

    private static func leafSuffix(_ leaf: Int) -> String {
        ["timeout", "label", "ratio", "enabled", "limit", "region"][leaf % 6]
    }

    private static func tomlScalar(_ table: Int, _ leaf: Int) -> String {
        switch leaf % 8 {
        case 0, 5: return "\"value \(table)-\(leaf) with spaces and \\\"quotes\\\"\""
        case 1, 6: return "\(table &* 7919 &+ leaf)"
        case 2: return "\(Double(table) + Double(leaf) / 16)"
        case 3: return leaf % 2 == 0 ? "true" : "false"
        case 4: return "'literal \(leaf)'"
        default: return "1979-05-27T07:\(10 + leaf % 50):00Z"
        }
    }

    private static func jsonScalar(_ table: Int, _ leaf: Int) -> String {
        switch leaf % 8 {
        case 0, 5: return "\"value \(table)-\(leaf) with spaces and \\\"quotes\\\"\""
        case 1, 6: return "\(table &* 7919 &+ leaf)"
        case 2: return "\(Double(table) + Double(leaf) / 16)"
        case 3: return leaf % 2 == 0 ? "true" : "false"
        case 4: return "null"
        default: return "\"1979-05-27T07:\(10 + leaf % 50):00Z\""
        }
    }
}

/// Writes JSON with commas and indentation handled, optionally with comments.
private struct JSONShapeWriter {
    let comments: Bool
    var out = String()
    private var needsComma = false
    private var depth = 0

    init(comments: Bool) {
        self.comments = comments
        out.reserveCapacity(2_300_000)
        if comments { out += "// generated benchmark configuration\n" }
    }

    mutating func comment(_ text: String) {
        guard comments else { return }
        if needsComma { out += "," }
        needsComma = false
        out += depth % 2 == 0 ? "\n\(indent)/* \(text) */" : "\n\(indent)// \(text)"
    }

    mutating func key(_ name: String) {
        separate()
        out += "\"\(name)\": "
        needsComma = false
    }

    mutating func value(_ text: String) {
        if needsComma || out.last != " " { separate() }
        out += text
        needsComma = true
    }

    mutating func open(_ bracket: String) {
        if out.last != " " && depth > 0 { separate() }
        out += bracket
        depth += 1
        needsComma = false
    }

    mutating func close(_ bracket: String) {
        depth -= 1
        out += "\n\(indent)\(bracket)"
        needsComma = true
    }

    private var indent: String { String(repeating: "  ", count: depth) }

    private mutating func separate() {
        if needsComma { out += "," }
        out += "\n\(indent)"
        needsComma = false
    }
}
