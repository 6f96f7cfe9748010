import Foundation
import PropertyFormats
import Testing

/// Helpers shared by the TOML test suites.
enum TOMLTest {
    /// The error `text` is rejected with, or nil when it parses.
    static func error(_ text: String, options: TOMLParser.Options = .init()) -> ParseError? {
        do {
            _ = try TOMLParser.parse(text, options: options)
            return nil
        } catch {
            return error
        }
    }

    /// The node at a dot-separated path of table keys.
    static func node(_ table: PropertyTable, _ path: String) -> PropertyNode? {
        var current = table
        let keys = path.split(separator: ".").map(String.init)
        for (index, key) in keys.enumerated() {
            guard let node = current[key] else { return nil }
            if index == keys.count - 1 { return node }
            guard case .table(let next) = node.value else { return nil }
            current = next
        }
        return nil
    }

    /// The entry of `key` in `table`, for its key position.
    static func entry(_ table: PropertyTable, _ key: String) -> PropertyTable.Entry? {
        table.entries.first { $0.key == key }
    }

    static func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }
}
