import Foundation
import PropertyFormats

/// Random JSON values and a printer with random layout: whitespace, escapes chosen at random,
/// and (optionally) `//` and `/* */` comments between tokens.
struct JSONDocumentGenerator {
    var random: RandomSource
    var comments: Bool

    mutating func value(depth: Int = 0) -> PropertyValue {
        let containers = depth < 5 ? 3 : 0
        switch random.int(0...(7 + containers)) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2: return .integer(random.chance(0.5) ? Int64(random.int(-1000...1000)) : Int64(bitPattern: random.next()))
        case 3:
            let digits = String(random.next()) + String(random.next() % 1_000_000_000 + 1_000_000_000)
            return .bigInteger(random.chance(0.5) ? "-" + digits : digits)
        case 4, 5: return .float(random.finiteDouble())
        case 6, 7: return .string(random.text(maxLength: 12))
        case 8: return .array((0..<random.int(0...4)).map { _ in PropertyNode(value(depth: depth + 1)) })
        default:
            var entries: [PropertyTable.Entry] = []
            var used = Set<String>()
            for _ in 0..<random.int(0...5) {
                let key =
                    random.chance(0.7) ? random.pick(["a", "b", "name", "a.b", "", "ключ"]) : random.text(maxLength: 6)
                guard used.insert(key).inserted else { continue }
                entries.append(PropertyTable.Entry(key: key, node: PropertyNode(value(depth: depth + 1))))
            }
            return .table(PropertyTable(entries))
        }
    }

    /// A document whose top level is an object, for the loader.
    mutating func document() -> PropertyValue {
        while true {
            let candidate = value()
            if case .table = candidate { return candidate }
        }
    }

    mutating func print(_ value: PropertyValue) -> String {
        var out = gap()
        write(value, to: &out)
        return out + gap()
    }

    private mutating func gap() -> String {
        var text = ""
        for _ in 0..<random.int(0...2) {
            switch random.int(0...5) {
            case 0: text += " "
            case 1: text += "\n"
            case 2: text += "\r\n"
            case 3: text += "\t"
            case 4 where comments: text += "// " + commentText().filter { $0 != "\n" && $0 != "\r" } + "\n"
            case 5 where comments: text += "/* " + commentText().replacingOccurrences(of: "*/", with: "") + " */"
            default: text += " "
            }
        }
        return text
    }

    /// Comment text: anything but NUL, which the parser refuses even in comments.
    private mutating func commentText() -> String {
        random.text(maxLength: 8).filter { $0 != "\0" }
    }

    private mutating func write(_ value: PropertyValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .bigInteger(let digits): out += digits
        case .float(let number): out += floatText(number)
        case .string(let text): out += quoted(text)
        case .array(let nodes):
            out += "[" + gap()
            for (index, node) in nodes.enumerated() {
                if index > 0 { out += "," + gap() }
                write(node.value, to: &out)
                out += gap()
            }
            out += "]"
        case .table(let table):
            out += "{" + gap()
            for (index, entry) in table.entries.enumerated() {
                if index > 0 { out += "," + gap() }
                out += quoted(entry.key) + gap() + ":" + gap()
                write(entry.node.value, to: &out)
                out += gap()
            }
            out += "}"
        default: out += "null"
        }
    }

    /// Swift's shortest round-tripping text, which is valid JSON once `inf`/`nan` are excluded;
    /// sometimes respelled with an explicit exponent.
    private mutating func floatText(_ number: Double) -> String {
        let text = number.description
        if random.chance(0.2), !text.contains("e") {
            return text + "e0"
        }
        return text
    }

    private mutating func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += random.chance(0.5) ? "\\n" : "\\u000a"
            case "/" where random.chance(0.5): out += "\\/"
            case _ where scalar.value < 0x20 || (random.chance(0.2) && scalar.value > 0x7E):
                if scalar.value > 0xFFFF {
                    let offset = scalar.value - 0x10000
                    out += unicodeEscape(0xD800 + (offset >> 10)) + unicodeEscape(0xDC00 + (offset & 0x3FF))
                } else {
                    out += unicodeEscape(scalar.value)
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private mutating func unicodeEscape(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: random.chance(0.5))
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
