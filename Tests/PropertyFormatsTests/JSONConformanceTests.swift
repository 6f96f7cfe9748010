import Foundation
import PropertyFormats
import Testing

/// Runs the parser over the shared conformance data (`<root>/../shared/conformance`):
/// nst/JSONTestSuite `test_parsing` and json5-tests `comments`.
@Suite struct JSONConformanceTests {
    /// `n_` files that are invalid JSON only because of a comment, which this parser allows.
    static let acceptedBecauseOfComments: Set<String> = [
        "n_object_trailing_comment.json",  // {"a":"b"}/**/
        "n_object_trailing_comment_slash_open.json",  // {"a":"b"}//
        "n_structure_object_with_comment.json",  // {"a":/*comment*/"b"}
    ]

    static let conformanceOptions = JSONParser.Options(duplicateKeys: .useLast)

    static var conformanceRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // PropertyFormatsTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("../shared/conformance")
            .standardizedFileURL
    }

    /// The files of `folder` whose names start with `prefix`, sorted; nil when the folder is absent.
    static func files(in folder: URL, prefix: String = "") -> [URL]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func parse(_ file: URL) throws -> PropertyNode {
        let data = try Data(contentsOf: file)
        return try JSONParser.parse(data, options: conformanceOptions)
    }

    @Test func acceptsEveryYesFileWithPythonsValues() throws {
        let folder = Self.conformanceRoot.appendingPathComponent("JSONTestSuite/test_parsing")
        guard let files = Self.files(in: folder, prefix: "y_") else {
            print("SKIPPED: JSONTestSuite not found at \(folder.path)")
            return
        }
        var parsed: [String: PropertyNode] = [:]
        var failures: [String] = []
        for file in files {
            do {
                parsed[file.lastPathComponent] = try Self.parse(file)
            } catch {
                failures.append("\(file.lastPathComponent): \(error)")
            }
        }
        print("JSONTestSuite y: \(parsed.count)/\(files.count) accepted")
        #expect(failures.isEmpty, "rejected y_ files:\n\(failures.joined(separator: "\n"))")
        #expect(!files.isEmpty)

        guard let reference = JSONPythonReference.load(folder: folder) else {
            print("SKIPPED: python3 not available; y_ values not compared with Python's json module")
            return
        }
        var mismatches: [String] = []
        var compared = 0
        for (name, node) in parsed.sorted(by: { $0.key < $1.key }) {
            guard let expected = reference[name] else {
                mismatches.append("\(name): Python did not read it")
                continue
            }
            let actual = JSONCanonicalForm.of(node)
            if actual == expected { compared += 1 } else { mismatches.append("\(name): \(actual) != \(expected)") }
        }
        print("JSONTestSuite y equal to Python: \(compared)/\(parsed.count)")
        #expect(mismatches.isEmpty, "values differing from Python:\n\(mismatches.joined(separator: "\n"))")
    }

    @Test func rejectsEveryNoFileExceptCommentOnlyDeviations() throws {
        let folder = Self.conformanceRoot.appendingPathComponent("JSONTestSuite/test_parsing")
        guard let files = Self.files(in: folder, prefix: "n_") else {
            print("SKIPPED: JSONTestSuite not found at \(folder.path)")
            return
        }
        var accepted: Set<String> = []
        for file in files where (try? Self.parse(file)) != nil {
            accepted.insert(file.lastPathComponent)
        }
        let unexpected = accepted.subtracting(Self.acceptedBecauseOfComments).sorted()
        let nowRejected = Self.acceptedBecauseOfComments.subtracting(accepted).sorted()
        print(
            "JSONTestSuite n: \(files.count - accepted.count)/\(files.count) rejected, "
                + "\(accepted.count) accepted because of comments"
        )
        #expect(unexpected.isEmpty, "accepted n_ files: \(unexpected)")
        #expect(nowRejected.isEmpty, "comment-only n_ files no longer accepted: \(nowRejected)")
        #expect(!files.isEmpty)
    }

    @Test func commentOnlyNoFilesAreRejectedWithoutComments() throws {
        let folder = Self.conformanceRoot.appendingPathComponent("JSONTestSuite/test_parsing")
        guard Self.files(in: folder) != nil else {
            print("SKIPPED: JSONTestSuite not found at \(folder.path)")
            return
        }
        for name in Self.acceptedBecauseOfComments.sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(throws: ParseError.self, "\(name)") {
                try JSONParser.parse(data, options: .init(allowsComments: false))
            }
        }
    }

    @Test func duplicateKeyYesFilesAreRejectedByDefault() throws {
        let folder = Self.conformanceRoot.appendingPathComponent("JSONTestSuite/test_parsing")
        guard let files = Self.files(in: folder, prefix: "y_object_duplicated_key") else {
            print("SKIPPED: JSONTestSuite not found at \(folder.path)")
            return
        }
        #expect(files.count >= 2)
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                _ = try JSONParser.parse(data)
                Issue.record("\(file.lastPathComponent) accepted with duplicateKeys: .reject")
            } catch {
                #expect(error.code == .duplicateKey, "\(file.lastPathComponent)")
            }
        }
    }

    @Test func indeterminateFilesNeverCrash() throws {
        let folder = Self.conformanceRoot.appendingPathComponent("JSONTestSuite/test_parsing")
        guard let files = Self.files(in: folder, prefix: "i_") else {
            print("SKIPPED: JSONTestSuite not found at \(folder.path)")
            return
        }
        var accepted: [String] = []
        var rejected: [String] = []
        for file in files {
            if (try? Self.parse(file)) != nil {
                accepted.append(file.lastPathComponent)
            } else {
                rejected.append(file.lastPathComponent)
            }
        }
        print(
            "JSONTestSuite i: \(files.count)/\(files.count) returned (\(accepted.count) accepted, \(rejected.count) rejected)"
        )
        print("  accepted: \(accepted.joined(separator: " "))")
        #expect(!files.isEmpty)
    }

    @Test func json5CommentCases() throws {
        let folder = Self.conformanceRoot.appendingPathComponent("json5-tests/comments")
        guard let files = Self.files(in: folder) else {
            print("SKIPPED: json5-tests not found at \(folder.path)")
            return
        }
        // Every .json/.json5 case in this folder is plain JSON plus comments, so all must parse.
        var passed = 0
        var total = 0
        for file in files {
            let name = file.lastPathComponent
            let data = try Data(contentsOf: file)
            switch file.pathExtension {
            case "json", "json5":
                total += 1
                do {
                    _ = try JSONParser.parse(data)
                    passed += 1
                } catch {
                    Issue.record("\(name) rejected: \(error)")
                }
            case "txt", "js":
                total += 1
                do {
                    _ = try JSONParser.parse(data)
                    Issue.record("\(name) accepted")
                } catch {
                    passed += 1
                    let spec = folder.appendingPathComponent(
                        file.deletingPathExtension().lastPathComponent + ".errorSpec")
                    // json5's reference puts the end of input one column further after a
                    // line comment than after a block comment, so only lines are compared.
                    if let expected = Self.errorSpecPosition(spec) {
                        #expect(error.position.line == expected.line, "\(name)")
                    }
                }
            default:
                continue
            }
        }
        print("json5-tests comments: \(passed)/\(total) as expected")
        #expect(total > 0)
    }

    /// The `lineNumber`/`columnNumber` of a json5-tests `.errorSpec` file, if there is one.
    static func errorSpecPosition(_ file: URL) -> SourcePosition? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        func number(after label: String) -> Int? {
            guard let range = text.range(of: label + ":") else { return nil }
            let digits = text[range.upperBound...].drop(while: { $0 == " " }).prefix(while: \.isNumber)
            return Int(digits)
        }
        guard let line = number(after: "lineNumber"), let column = number(after: "columnNumber") else { return nil }
        return SourcePosition(line: line, column: column)
    }
}
