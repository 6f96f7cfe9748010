import Foundation
import PropertyFormats
import Testing

/// Random documents from seeded generators: our parser must read back exactly the value that
/// was printed (`parse(print(value)) == value`), and must agree with Python's `json` and
/// `tomllib` on every document. Failures print the seed and the document.
@Suite struct RoundTripPropertyTests {
    static let documents = 300

    @Test func jsonRoundTripWithComments() throws {
        var failures: [String] = []
        for seed in 0..<UInt64(Self.documents) {
            var generator = JSONDocumentGenerator(random: RandomSource(seed: seed), comments: true)
            let value = generator.value()
            let text = generator.print(value)
            do {
                let parsed = try JSONParser.parse(text)
                if parsed.value != value { failures.append("seed \(seed): read back differently:\n\(text)") }
            } catch {
                failures.append("seed \(seed): \(error)\n\(text)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
    }

    @Test func tomlRoundTrip() throws {
        var failures: [String] = []
        for seed in 0..<UInt64(Self.documents) {
            var generator = TOMLDocumentGenerator(random: RandomSource(seed: seed))
            let table = generator.table()
            let text = generator.print(table)
            do {
                let parsed = try TOMLParser.parse(text)
                if parsed != table {
                    failures.append(
                        "seed \(seed): read back differently:\n\(text)\nexpected \(CanonicalText.of(.table(table)))\n"
                            + "parsed   \(CanonicalText.of(.table(parsed)))")
                }
            } catch {
                failures.append("seed \(seed): \(error)\n\(text)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
    }

    @Test func jsonAgreesWithPython() throws {
        try compareWithPython(mode: "json", fileExtension: "json") { seed in
            var generator = JSONDocumentGenerator(random: RandomSource(seed: seed &+ 1_000_000), comments: false)
            let value = generator.value()
            return generator.print(value)
        } parse: { data in
            CanonicalText.of(try JSONParser.parse(data).value)
        }
    }

    @Test func tomlAgreesWithPython() throws {
        try compareWithPython(mode: "toml", fileExtension: "toml") { seed in
            var generator = TOMLDocumentGenerator(random: RandomSource(seed: seed &+ 1_000_000))
            let table = generator.table()
            return generator.print(table)
        } parse: { data in
            CanonicalText.of(.table(try TOMLParser.parse(data)))
        }
    }

    /// Writes generated documents to a temporary directory, reads them all with one Python
    /// process, and compares each canonical text with ours.
    func compareWithPython(
        mode: String, fileExtension: String, generate: (UInt64) -> String,
        parse: (Data) throws -> String
    ) throws {
        guard PythonReference.python != nil else {
            print("SKIPPED: python3 not found; the \(mode) comparison with Python needs it")
            return
        }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var ours: [String: String] = [:]
        var texts: [String: String] = [:]
        for seed in 0..<UInt64(Self.documents) {
            let name = String(format: "%04d.%@", Int(seed), fileExtension)
            let text = generate(seed)
            texts[name] = text
            let data = Data(text.utf8)
            try data.write(to: directory.appendingPathComponent(name))
            ours[name] = (try? parse(data)) ?? "ERROR"
        }
        guard let reference = try PythonReference.read(mode, directory: directory) else {
            print("SKIPPED: python3 could not run the \(mode) reader (tomllib needs Python 3.11)")
            return
        }
        #expect(reference.count == Self.documents)
        var failures: [String] = []
        for (name, expected) in reference.sorted(by: { $0.key < $1.key }) {
            let mine = ours[name] ?? "missing"
            let bothRejected = mine == "ERROR" && expected.hasPrefix("ERROR")
            if mine != expected && !bothRejected {
                failures.append("\(name):\n\(texts[name] ?? "")\npython: \(expected)\nours:   \(mine)")
            }
        }
        print("\(mode) vs Python: \(reference.count - failures.count)/\(reference.count) documents agree")
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
    }
}
