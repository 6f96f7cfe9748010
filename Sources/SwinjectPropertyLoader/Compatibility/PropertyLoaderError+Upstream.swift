public import Foundation

extension PropertyLoaderError {
    /// The error cases of the SwinjectPropertyLoader 2.x fork, with their payloads, for code
    /// written against them.
    ///
    /// The fork's error was an enum; ours is a struct with a ``code`` and the file position, so
    /// `catch PropertyLoaderError.missingResource(let bundle, let name)` cannot bind. Match the
    /// case through ``upstreamCase`` instead:
    ///
    /// ```swift
    /// do {
    ///     try container.applyPropertyLoader(TomlPropertyLoader(bundle: .module, name: "config"))
    /// } catch let error as PropertyLoaderError {
    ///     if case .missingResource(let bundle, let name)? = error.upstreamCase { ... }
    /// }
    /// ```
    ///
    /// or, without binding, with the pattern functions: `catch PropertyLoaderError.missingResourceURL(url: url)`.
    public enum UpstreamCase: Sendable {
        /// Malformed JSON, or not an object at the top level, in a bundle resource.
        case invalidJSONFormat(bundle: Bundle, name: String)
        /// Malformed property list, or not a dictionary at the top level, in a bundle resource.
        case invalidPlistFormat(bundle: Bundle, name: String)
        /// Malformed TOML in a bundle resource.
        case invalidTOMLFormat(bundle: Bundle, name: String)
        /// The bundle has no such resource.
        case missingResource(bundle: Bundle, name: String)
        /// The bundle resource exists but cannot be read.
        case invalidResourceDataFormat(bundle: Bundle, name: String)
        /// Malformed JSON, or not an object at the top level, at a URL.
        case invalidJSONFormatURL(url: URL)
        /// Malformed property list, or not a dictionary at the top level, at a URL.
        case invalidPlistFormatURL(url: URL)
        /// Malformed TOML at a URL.
        case invalidTOMLFormatURL(url: URL)
        /// No file exists at the URL.
        case missingResourceURL(url: URL)
        /// The file at the URL exists but cannot be read.
        case invalidResourceDataFormatURL(url: URL)
    }

    /// This error as the fork's enum case, or nil for failures the fork had no case for (a
    /// loader reading a `String` or `Data`, a Swift value, a custom loader).
    public var upstreamCase: UpstreamCase? {
        switch code {
        case .missingResource:
            switch resolvedOrigin {
            case .bundle(let bundle, let name, _)?: return .missingResource(bundle: bundle, name: name)
            case .url(let url)?: return .missingResourceURL(url: url)
            case nil: return nil
            }
        case .unreadableFile:
            switch resolvedOrigin {
            case .bundle(let bundle, let name, _)?: return .invalidResourceDataFormat(bundle: bundle, name: name)
            case .url(let url)?: return .invalidResourceDataFormatURL(url: url)
            case nil: return nil
            }
        case .malformedContent, .invalidTopLevel:
            return formatCase
        default:
            return nil
        }
    }

    /// ``upstreamCase`` of any error: nil when `error` is not a ``PropertyLoaderError``.
    ///
    /// ```swift
    /// guard case .missingResourceURL(let url)? = PropertyLoaderError.upstreamCase(of: error) else { ... }
    /// ```
    public static func upstreamCase(of error: any Error) -> UpstreamCase? {
        (error as? PropertyLoaderError)?.upstreamCase
    }

    private var formatCase: UpstreamCase? {
        guard let origin = resolvedOrigin else { return nil }
        switch (origin, formatName(of: origin)) {
        case (.bundle(let bundle, let name, _), "json"): return .invalidJSONFormat(bundle: bundle, name: name)
        case (.bundle(let bundle, let name, _), "plist"): return .invalidPlistFormat(bundle: bundle, name: name)
        case (.bundle(let bundle, let name, _), "toml"): return .invalidTOMLFormat(bundle: bundle, name: name)
        case (.url(let url), "json"): return .invalidJSONFormatURL(url: url)
        case (.url(let url), "plist"): return .invalidPlistFormatURL(url: url)
        case (.url(let url), "toml"): return .invalidTOMLFormatURL(url: url)
        default: return nil
        }
    }

    /// The origin the loader recorded, or a file URL rebuilt from an absolute ``source`` path.
    private var resolvedOrigin: Origin? {
        if let origin { return origin }
        guard source.hasPrefix("/") else { return nil }
        return .url(URL(fileURLWithPath: source))
    }

    private func formatName(of origin: Origin) -> String {
        switch origin {
        case .bundle(_, _, let fileExtension): return fileExtension.lowercased()
        case .url(let url): return url.pathExtension.lowercased()
        }
    }
}
