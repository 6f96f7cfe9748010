import Foundation
import SwinjectPropertyLoader

/// A loader written the way a user outside the package would write one: only `load()`.
struct DictionaryLoader: PropertyLoader {
    let values: [String: Any]
    func load() throws -> [String: Any] { values }
}

/// A loader that hands over exact property values with a named source.
struct ValuesLoader: PropertyBatchLoader {
    let values: [(String, PropertyValue)]
    var sourceName = "values"

    init(_ values: [(String, PropertyValue)], sourceName: String = "values") {
        self.values = values
        self.sourceName = sourceName
    }

    func loadBatch() throws -> PropertyBatch {
        PropertyBatch(
            values.enumerated().map { index, pair in
                LoadedProperty(
                    key: pair.0, value: pair.1,
                    source: PropertySource(name: sourceName, position: SourcePosition(line: index + 1, column: 1)))
            })
    }
}

/// A loader that always fails.
struct FailingLoader: PropertyLoader {
    struct Failure: Error {}
    func load() throws -> [String: Any] { throw Failure() }
}
