import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

struct MergeShapeInner {
    var c: Int
    var a: String
}
struct MergeShapeA {
    var a: Int
    var b: MergeShapeInner
}
struct MergeShapeLeaf {
    var b: Int
}
struct MergeShapeB {
    var c: [Int]
    var a: MergeShapeLeaf
}

/// A custom loader as users write one: only `load()`.
struct MergeRandomLoader: PropertyLoader {
    let values: [String: Any]
    func load() throws -> [String: Any] { values }
}

/// Random stacks of two to five loaders of every format over overlapping keys, each checked
/// against ``MergeModel`` on every read path (issue 20). Seeded: a failure names its seed, and
/// `MergePropertyTests.check(seed:)` replays it.
@Suite struct MergePropertyTests {
    static let names = ["a", "b", "c", "d.e"]
    /// Enough names for tables wider than the snapshot keeps as one value.
    static let wideNames = names + (0..<70).map { "w\($0)" }

    @Test(arguments: 0..<120)
    func randomStacksAgreeWithTheModel(seed: UInt64) throws {
        try Self.check(seed: seed &* 0x9E37_79B9 &+ 17)
    }

    /// Variant: wide tables, which the snapshot indexes and keeps as tables of its own.
    @Test(arguments: 0..<30)
    func wideRandomStacksAgreeWithTheModel(seed: UInt64) throws {
        try Self.check(seed: seed &* 0x85EB_CA6B &+ 5, names: Self.wideNames)
    }

    static func check(seed: UInt64, names: [String] = names) throws {
        var random = RandomSource(seed: seed)
        let container = Container()
        let model = MergeModel()
        var stack: [String] = []
        for index in 0..<random.int(2...5) {
            stack.append(try applyRandomLoader(index, to: container, model: model, names: names, random: &random))
        }
        try compare(container, model, names: names, context: "seed \(seed): \(stack.joined(separator: ", "))")
    }

    // MARK: - Generating loaders

    static func randomValue(_ random: inout RandomSource, depth: Int, names: [String]) -> MergeValue {
        if depth < (names.count > 4 ? 2 : 3), random.chance(0.45) {
            var members: [(String, MergeValue)] = []
            let chance = names.count > 4 ? 0.95 : 0.45
            for name in names where random.chance(chance) {
                members.append(
                    (
                        name == "d.e" && !random.chance(0.3) ? "a" : name,
                        randomValue(&random, depth: depth + 1, names: names)
                    ))
            }
            var seen = Set<String>()
            return .table(members.filter { seen.insert($0.0).inserted })
        }
        switch random.int(0...2) {
        case 0: return .int(random.int(0...99))
        case 1: return .string("s\(random.int(0...99))")
        default: return .ints((0..<random.int(0...3)).map { _ in random.int(0...9) })
        }
    }

    /// Top-level entries with distinct flat keys of one or two segments (a dotted key is a path).
    static func randomEntries(_ random: inout RandomSource, names: [String]) -> [(path: [String], value: MergeValue)] {
        var entries: [(path: [String], value: MergeValue)] = []
        var seen = Set<[String]>()
        for _ in 0..<random.int(1...4) {
            let path = (0..<random.int(1...2)).map { _ in random.pick(["a", "b", "c"]) }
            guard seen.insert(path).inserted else { continue }
            entries.append((path, randomValue(&random, depth: path.count, names: names)))
        }
        return entries
    }

    static func applyRandomLoader(
        _ index: Int, to container: Container, model: MergeModel, names: [String], random: inout RandomSource
    ) throws -> String {
        let merging: PropertyMerge = random.chance(0.3) ? .deep : .replace
        // The model applies the loader first: a loader it refuses must fail and change nothing.
        let saved = model.beginLoader()
        func applyChecked(_ apply: () throws -> Void) throws {
            guard model.conflict else { return try apply() }
            model.restore(saved)
            #expect(throws: PropertyLoaderError.conflictingKeys) { try apply() }
        }
        func wholeValues(_ entries: [(path: [String], value: MergeValue)], source: String) {
            for (path, value) in entries {
                if merging == .deep, case .table = value {
                    model.mergeLeaves(path, value, source: source)
                } else {
                    model.set(path, value, source: source)
                }
            }
        }
        switch random.int(0...4) {
        case 0:
            let name = "L\(index).json"
            let entries = randomEntries(&random, names: names)
            let text =
                "{" + entries.map { json(MergeModel.flat($0.path)) + ": " + json($0.value) }.joined(separator: ", ")
                + "}"
            wholeValues(entries, source: name)
            try applyChecked {
                try container.applyPropertyLoader(JsonPropertyLoader(string: text, name: name), merging: merging)
            }
            return "JSON \(merging) \(text)"
        case 1:
            let name = "L\(index).toml"
            let document = randomValue(&random, depth: 0, names: names)
            guard case .table = document else { return "TOML (none)" }
            let text = toml(document)
            model.mergeLeaves([], document, source: name)
            try applyChecked { try container.applyPropertyLoader(TomlPropertyLoader(string: text, name: name)) }
            return "TOML \(text.replacingOccurrences(of: "\n", with: "; "))"
        case 2:
            let name = "L\(index).plist"
            let entries = randomEntries(&random, names: names).sorted {
                Array(MergeModel.flat($0.path).utf8).lexicographicallyPrecedes(Array(MergeModel.flat($1.path).utf8))
            }
            let body = entries.map { "<key>\(MergeModel.flat($0.path))</key>" + plist($0.value) }.joined()
            let text = "<plist><dict>\(body)</dict></plist>"
            wholeValues(entries, source: name)
            try applyChecked {
                try container.applyPropertyLoader(PlistPropertyLoader(string: text, name: name), merging: merging)
            }
            return "plist \(merging) \(text)"
        case 3:
            let entries = randomEntries(&random, names: names).sorted {
                Array(MergeModel.flat($0.path).utf8).lexicographicallyPrecedes(Array(MergeModel.flat($1.path).utf8))
            }
            var values: [String: Any] = [:]
            for (path, value) in entries { values[MergeModel.flat(path)] = any(value) }
            wholeValues(entries, source: "MergeRandomLoader")
            try applyChecked { try container.applyPropertyLoader(MergeRandomLoader(values: values), merging: merging) }
            return "custom \(merging) \(entries.map { MergeModel.flat($0.path) })"
        default:
            if random.chance(0.5) {
                let value = MergeShapeA(
                    a: random.int(0...9), b: MergeShapeInner(c: random.int(0...9), a: "t\(random.int(0...9))"))
                model.set(["a"], .int(value.a), source: "struct MergeShapeA")
                model.set(["b", "c"], .int(value.b.c), source: "struct MergeShapeA")
                model.set(["b", "a"], .string(value.b.a), source: "struct MergeShapeA")
                try applyChecked { try container.applyPropertyLoader(StructPropertyLoader(value)) }
                return "struct \(value)"
            }
            let value = MergeShapeB(c: [random.int(0...9)], a: MergeShapeLeaf(b: random.int(0...9)))
            model.set(["c"], .ints(value.c), source: "struct MergeShapeB")
            model.set(["a", "b"], .int(value.a.b), source: "struct MergeShapeB")
            try applyChecked { try container.applyPropertyLoader(StructPropertyLoader(value)) }
            return "struct \(value)"
        }
    }

    static func json(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func json(_ value: MergeValue) -> String {
        switch value {
        case .int(let number): String(number)
        case .string(let text): json(text)
        case .ints(let values): "[" + values.map(String.init).joined(separator: ", ") + "]"
        case .table(let members): "{" + members.map { json($0.0) + ": " + json($0.1) }.joined(separator: ", ") + "}"
        }
    }

    static func toml(_ document: MergeValue) -> String {
        func key(_ segment: String) -> String {
            segment.allSatisfy { $0.isLetter || $0.isNumber } ? segment : json(segment)
        }
        func scalar(_ value: MergeValue) -> String {
            switch value {
            case .int(let number): String(number)
            case .string(let text): json(text)
            case .ints(let values): "[" + values.map(String.init).joined(separator: ", ") + "]"
            case .table: "{}"
            }
        }
        var lines: [String] = []
        func walk(_ value: MergeValue, _ path: [String]) {
            guard case .table(let members) = value else {
                lines.append(path.map(key).joined(separator: ".") + " = " + scalar(value))
                return
            }
            if members.isEmpty, !path.isEmpty { lines.append(path.map(key).joined(separator: ".") + " = {}") }
            for (name, member) in members { walk(member, path + [name]) }
        }
        walk(document, [])
        return lines.joined(separator: "\n")
    }

    static func plist(_ value: MergeValue) -> String {
        switch value {
        case .int(let number): "<integer>\(number)</integer>"
        case .string(let text): "<string>\(text)</string>"
        case .ints(let values): "<array>" + values.map { "<integer>\($0)</integer>" }.joined() + "</array>"
        case .table(let members): "<dict>" + members.map { "<key>\($0.0)</key>" + plist($0.1) }.joined() + "</dict>"
        }
    }

    static func any(_ value: MergeValue) -> Any {
        switch value {
        case .int(let number): number
        case .string(let text): text
        case .ints(let values): values
        case .table(let members): Dictionary(members.map { ($0.0, any($0.1)) }, uniquingKeysWith: { $1 })
        }
    }

    // MARK: - Comparing every read path

    static func compare(_ container: Container, _ model: MergeModel, names: [String], context: String) throws {
        // Every path of up to three names (two for wide names), and every leaf's prefixes.
        var paths: [[String]] = names.map { [$0] }
        for _ in 0..<(names.count > 4 ? 0 : 2) { paths += paths.flatMap { path in names.map { path + [$0] } } }
        for leaf in model.leafPaths() { paths += (1...leaf.count).map { Array(leaf.prefix($0)) } }
        paths = Array(Set(paths)).sorted { $0.lexicographicallyPrecedes($1) }
        for path in paths + [["a", "0"], ["a", "1"], ["c", "0"], ["c", "01"], ["c", "+0"], ["b", "a", "0"]] {
            let key = MergeModel.flat(path)
            let expected = model.read(path)
            let record = container.propertyRecord(for: key)
            #expect(record?.value == expected?.value, "\(key): record, \(context)")
            #expect(
                container.property(key) as Int? == expected.flatMap { PropertyConversionProbe.int($0.value) },
                "\(key): Int, \(context)")
            #expect(
                container.property(key) as String? == expected.flatMap { PropertyConversionProbe.string($0.value) },
                "\(key): String, \(context)")
            if let source = expected?.source {
                #expect(container.propertySource(for: key)?.name == source, "\(key): source, \(context)")
            }
            if let overridden = expected?.overridden {
                #expect(record?.overridden.map(\.name) == overridden, "\(key): overridden, \(context)")
            }
            if case .table = expected?.value {
                let section: [String: Any]? = container.property(key)
                #expect(
                    section.flatMap { MergePlain(any: $0) } == expected.flatMap { MergePlain($0.value) },
                    "\(key): [String: Any], \(context)")
                #expect(
                    container.property(key) as MergePlain? == expected.flatMap { MergePlain($0.value) },
                    "\(key): Decodable, \(context)")
            }
        }
        let keys = model.leafPaths().map(MergeModel.flat).sorted()
        #expect(container.propertyKeys == keys, "propertyKeys, \(context)")
        let lines = container.propertiesDescription.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == keys.count || (keys.isEmpty && lines == [""]), "description, \(context)")
        for (line, key) in zip(lines, keys) { #expect(line.hasPrefix(key + " = "), "description, \(context)") }
    }
}

/// The two conversions the comparison needs, written from the conversion table.
enum PropertyConversionProbe {
    static func int(_ value: PropertyValue) -> Int? {
        if case .integer(let number) = value { return Int(number) }
        return nil
    }
    static func string(_ value: PropertyValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
