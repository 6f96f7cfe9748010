import Foundation

/// Why Foundation could not parse a property list, in the words of its debug description
/// ("Encountered unknown tag integr on line 3"), which names the problem and the line. The
/// localized description only says the data is not in the correct format.
struct PlistParseFailure: Error {
    var message: String

    init(message: String) {
        self.message = message
    }

    /// The failure `PropertyListSerialization` reports.
    init(_ error: any Error) {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        self.init(message: Self.sentence(detail) ?? error.localizedDescription)
    }

    func loaderError(source: String) -> PropertyLoaderError {
        PropertyLoaderError(.malformedContent, source: source, message: "not a valid property list: \(message)")
    }

    private static func sentence(_ detail: String?) -> String? {
        guard let detail, !detail.isEmpty else { return nil }
        return detail
    }
}
