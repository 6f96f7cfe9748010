package import Foundation
import PropertyFormats

extension PropertySchema {
    /// The schema as a JSON document whose text depends only on the schema: members in sorted
    /// order, one entry per line, entries sorted by key then type, and a final line break.
    ///
    /// ```
    /// {
    ///   "properties": [
    ///     {"key": "database.port", "readers": [{"file": "App/Setup.swift", "line": 13, "service": "App.Database"}], "required": true, "secret": false, "swiftType": "Swift.Int", "type": "integer"}
    ///   ],
    ///   "version": 1
    /// }
    /// ```
    ///
    /// `service` is `null` for a declared property. See <doc:TheSwinjectkitCommand> for each
    /// member.
    public var json: String {
        var lines = ["{", "  \"properties\": ["]
        for (offset, property) in properties.enumerated() {
            let readers = property.readers.map { reader in
                var text = "{\"file\": \(JSONStringWriter.quoted(reader.site.fileID)), \"line\": \(reader.site.line)"
                text += ", \"service\": \(reader.service.map(JSONStringWriter.quoted) ?? "null")}"
                return text
            }
            var line = "    {\"key\": \(JSONStringWriter.quoted(property.key))"
            line += ", \"readers\": [\(readers.joined(separator: ", "))]"
            line += ", \"required\": \(property.isRequired), \"secret\": \(property.isSecret)"
            line += ", \"swiftType\": \(JSONStringWriter.quoted(property.swiftType))"
            line += ", \"type\": \(JSONStringWriter.quoted(property.type))}"
            lines.append(line + (offset < properties.count - 1 ? "," : ""))
        }
        lines += ["  ],", "  \"version\": \(Self.formatVersion)", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// Reads a document ``json`` wrote. Every error names `source` and the line and column of the
    /// member at fault: malformed JSON, a version other than ``formatVersion``, a missing or
    /// unknown member, a member of the wrong kind, or a type spelling that names no type.
    package init(json data: Data, source: String) throws(PropertyLoaderError) {
        let root: PropertyNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw PropertyLoaderError(parseError: error, source: source)
        }
        let reader = SchemaReader(source: source)
        let top = try reader.object(root, what: "the schema", members: ["properties", "version"])
        let version = try reader.member("version", of: top, in: root)
        guard case .integer(let number) = version.value, number == Self.formatVersion else {
            throw reader.error(
                "\"version\" is \(version.value.displayText); this reader knows version \(Self.formatVersion)",
                at: version.position)
        }
        let list = try reader.member("properties", of: top, in: root)
        guard case .array(let nodes) = list.value else {
            throw reader.error("\"properties\" must be an array, found \(list.value.kindName)", at: list.position)
        }
        var properties: [Property] = []
        properties.reserveCapacity(nodes.count)
        for node in nodes { properties.append(try reader.property(node)) }
        self.init(properties: properties)
    }
}

/// Reads the members of a schema document, each error naming the file and the position.
private struct SchemaReader {
    let source: String

    func error(_ message: String, at position: SourcePosition) -> PropertyLoaderError {
        PropertyLoaderError(.malformedContent, source: source, message: "schema: " + message, position: position)
    }

    /// The members of an object, refusing any member not in `members`.
    func object(_ node: PropertyNode, what: String, members: Set<String>) throws(PropertyLoaderError)
        -> PropertyTable
    {
        guard case .table(let table) = node.value else {
            throw error("\(what) must be an object, found \(node.value.kindName)", at: node.position)
        }
        for entry in table.entries where !members.contains(entry.key) {
            let known = members.sorted().joined(separator: ", ")
            throw error("unknown member \"\(entry.key)\" in \(what) (known: \(known))", at: entry.keyPosition)
        }
        return table
    }

    func member(_ name: String, of table: PropertyTable, in node: PropertyNode) throws(PropertyLoaderError)
        -> PropertyNode
    {
        guard let entry = table.entries.first(where: { $0.key == name }) else {
            throw error("missing member \"\(name)\"", at: node.position)
        }
        return entry.node
    }

    func string(_ name: String, of table: PropertyTable, in node: PropertyNode) throws(PropertyLoaderError) -> String {
        let value = try member(name, of: table, in: node)
        guard case .string(let text) = value.value else {
            throw error("\"\(name)\" must be a string, found \(value.value.kindName)", at: value.position)
        }
        return text
    }

    func bool(_ name: String, of table: PropertyTable, in node: PropertyNode) throws(PropertyLoaderError) -> Bool {
        let value = try member(name, of: table, in: node)
        guard case .bool(let flag) = value.value else {
            throw error("\"\(name)\" must be true or false, found \(value.value.kindName)", at: value.position)
        }
        return flag
    }

    func property(_ node: PropertyNode) throws(PropertyLoaderError) -> PropertySchema.Property {
        let names: Set<String> = ["key", "readers", "required", "secret", "swiftType", "type"]
        let table = try object(node, what: "a property", members: names)
        let key = try string("key", of: table, in: node)
        let typeNode = try member("type", of: table, in: node)
        let spelling = try string("type", of: table, in: node)
        guard PropertySchemaType(spelling: spelling[...]) != nil else {
            // A long spelling is cut: the position says where the rest is.
            let shown = spelling.count > 60 ? spelling.prefix(57) + "..." : spelling[...]
            throw error("\"\(shown)\" of \"\(key)\" is not a property type", at: typeNode.position)
        }
        let list = try member("readers", of: table, in: node)
        guard case .array(let readerNodes) = list.value else {
            throw error("\"readers\" must be an array, found \(list.value.kindName)", at: list.position)
        }
        var readers: [PropertySchema.Reader] = []
        for readerNode in readerNodes { readers.append(try reader(readerNode)) }
        return PropertySchema.Property(
            key: key, type: spelling, swiftType: try string("swiftType", of: table, in: node),
            isRequired: try bool("required", of: table, in: node), isSecret: try bool("secret", of: table, in: node),
            readers: readers, position: node.position)
    }

    private func reader(_ node: PropertyNode) throws(PropertyLoaderError) -> PropertySchema.Reader {
        let table = try object(node, what: "a reader", members: ["file", "line", "service"])
        let file = try string("file", of: table, in: node)
        let lineNode = try member("line", of: table, in: node)
        guard case .integer(let line) = lineNode.value, let line = Int(exactly: line) else {
            throw error("\"line\" must be an integer, found \(lineNode.value.kindName)", at: lineNode.position)
        }
        let serviceNode = try member("service", of: table, in: node)
        let service: String?
        switch serviceNode.value {
        case .null: service = nil
        case .string(let text): service = text
        default:
            throw error(
                "\"service\" must be a string or null, found \(serviceNode.value.kindName)", at: serviceNode.position)
        }
        return PropertySchema.Reader(service: service, site: PropertyUsage.ReadSite(fileID: file, line: line))
    }
}
