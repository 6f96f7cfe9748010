public import Foundation

extension PropertyLoaderError {
    /// A pattern that matches a loader error by the fork's case and payload, for `catch` and
    /// `switch` over any error: `catch PropertyLoaderError.missingResource(bundle: .module, name: "config")`.
    public struct UpstreamPattern: Sendable {
        let matches: @Sendable (PropertyLoaderError) -> Bool

        /// Whether `error` is a loader error of the pattern's case and payload.
        public static func ~= (pattern: UpstreamPattern, error: any Error) -> Bool {
            guard let error = error as? PropertyLoaderError else { return false }
            return pattern.matches(error)
        }
    }

    /// Matches a missing bundle resource: `catch PropertyLoaderError.missingResource(bundle: bundle, name: "config")`.
    public static func missingResource(bundle: Bundle, name: String) -> UpstreamPattern {
        bundlePattern(bundle, name) { if case .missingResource(let b, let n) = $0 { (b, n) } else { nil } }
    }

    /// Matches a bundle resource that exists but cannot be read.
    public static func invalidResourceDataFormat(bundle: Bundle, name: String) -> UpstreamPattern {
        bundlePattern(bundle, name) { if case .invalidResourceDataFormat(let b, let n) = $0 { (b, n) } else { nil } }
    }

    /// Matches malformed JSON (or a top level that is not an object) in a bundle resource.
    public static func invalidJSONFormat(bundle: Bundle, name: String) -> UpstreamPattern {
        bundlePattern(bundle, name) { if case .invalidJSONFormat(let b, let n) = $0 { (b, n) } else { nil } }
    }

    /// Matches a malformed property list (or a top level that is not a dictionary) in a bundle resource.
    public static func invalidPlistFormat(bundle: Bundle, name: String) -> UpstreamPattern {
        bundlePattern(bundle, name) { if case .invalidPlistFormat(let b, let n) = $0 { (b, n) } else { nil } }
    }

    /// Matches malformed TOML in a bundle resource.
    public static func invalidTOMLFormat(bundle: Bundle, name: String) -> UpstreamPattern {
        bundlePattern(bundle, name) { if case .invalidTOMLFormat(let b, let n) = $0 { (b, n) } else { nil } }
    }

    /// Matches a missing file: `catch PropertyLoaderError.missingResourceURL(url: configURL)`.
    public static func missingResourceURL(url: URL) -> UpstreamPattern {
        urlPattern(url) { if case .missingResourceURL(let u) = $0 { u } else { nil } }
    }

    /// Matches a file that exists but cannot be read.
    public static func invalidResourceDataFormatURL(url: URL) -> UpstreamPattern {
        urlPattern(url) { if case .invalidResourceDataFormatURL(let u) = $0 { u } else { nil } }
    }

    /// Matches malformed JSON (or a top level that is not an object) in a file.
    public static func invalidJSONFormatURL(url: URL) -> UpstreamPattern {
        urlPattern(url) { if case .invalidJSONFormatURL(let u) = $0 { u } else { nil } }
    }

    /// Matches a malformed property list (or a top level that is not a dictionary) in a file.
    public static func invalidPlistFormatURL(url: URL) -> UpstreamPattern {
        urlPattern(url) { if case .invalidPlistFormatURL(let u) = $0 { u } else { nil } }
    }

    /// Matches malformed TOML in a file.
    public static func invalidTOMLFormatURL(url: URL) -> UpstreamPattern {
        urlPattern(url) { if case .invalidTOMLFormatURL(let u) = $0 { u } else { nil } }
    }

    /// Matches the bundle and name of the case `extract` accepts. An error whose loader did not
    /// record its bundle is matched by its source path instead: the case of the same format at
    /// the URL of `bundle`'s resource `name`.
    private static func bundlePattern(
        _ bundle: Bundle, _ name: String, _ extract: @escaping @Sendable (UpstreamCase) -> (Bundle, String)?
    ) -> UpstreamPattern {
        let path = bundle.bundlePath
        return UpstreamPattern { error in
            guard let upstream = error.upstreamCase else { return false }
            if let (found, foundName) = extract(upstream) {
                return found.bundlePath == path && foundName == name
            }
            guard error.origin == nil, let url = upstream.url,
                let resource = bundle.url(forResource: name, withExtension: url.pathExtension),
                resource.standardizedFileURL.path == url.standardizedFileURL.path
            else { return false }
            let asBundleCase = upstream.bundleCase(bundle: bundle, name: name)
            return asBundleCase.flatMap(extract) != nil
        }
    }

    private static func urlPattern(_ url: URL, _ extract: @escaping @Sendable (UpstreamCase) -> URL?) -> UpstreamPattern
    {
        let path = url.standardizedFileURL.path
        return UpstreamPattern { error in
            error.upstreamCase.flatMap(extract).map { $0.standardizedFileURL.path == path } ?? false
        }
    }
}

extension PropertyLoaderError.UpstreamCase {
    /// The URL of a URL case.
    fileprivate var url: URL? {
        switch self {
        case .invalidJSONFormatURL(let url), .invalidPlistFormatURL(let url), .invalidTOMLFormatURL(let url),
            .missingResourceURL(let url), .invalidResourceDataFormatURL(let url):
            url
        default: nil
        }
    }

    /// The bundle case that corresponds to a URL case.
    fileprivate func bundleCase(bundle: Bundle, name: String) -> Self? {
        switch self {
        case .invalidJSONFormatURL: .invalidJSONFormat(bundle: bundle, name: name)
        case .invalidPlistFormatURL: .invalidPlistFormat(bundle: bundle, name: name)
        case .invalidTOMLFormatURL: .invalidTOMLFormat(bundle: bundle, name: name)
        case .missingResourceURL: .missingResource(bundle: bundle, name: name)
        case .invalidResourceDataFormatURL: .invalidResourceDataFormat(bundle: bundle, name: name)
        default: nil
        }
    }
}
