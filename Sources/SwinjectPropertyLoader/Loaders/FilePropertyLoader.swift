public import Foundation

/// A loader that parses one file format from a ``PropertyInput``: a bundle resource, a file
/// URL, a text or bytes.
///
/// The four ways to name the input are written once, here, for every format:
///
/// ```swift
/// let fromBundle = TomlPropertyLoader(bundle: .main, name: "config")   // config.toml
/// let fromFile = JsonPropertyLoader(url: URL(fileURLWithPath: "/etc/orders/settings.json"))
/// let fromText = TomlPropertyLoader(string: "port = 8080", name: "inline.toml")
/// let fromBytes = PlistPropertyLoader(data: Data(), name: "empty.plist")
/// ```
///
/// A format of your own conforms by naming its file extension and default options and taking
/// its input in ``init(input:options:)``; its ``PropertyBatchLoader/loadBatch()`` reads the bytes
/// with ``PropertyInput/read(limits:)``.
public protocol FilePropertyLoader: PropertyBatchLoader, Sendable {
    /// The parser options: limits and format switches.
    associatedtype Options: Sendable

    /// The extension `init(bundle:name:options:)` looks for, without the dot (`"json"`).
    static var fileExtension: String { get }
    /// The options used when none are given.
    static var defaultOptions: Options { get }

    /// Creates a loader that reads `input` with `options`.
    init(input: PropertyInput, options: Options)

    /// What the loader reads.
    var input: PropertyInput { get }
    /// The parser options.
    var options: Options { get set }
}

extension FilePropertyLoader {
    /// Reads `name` plus the format's extension from a bundle (the main bundle by default).
    public init(bundle: Bundle = .main, name: String, options: Options = Self.defaultOptions) {
        self.init(input: .bundle(bundle, name: name, fileExtension: Self.fileExtension), options: options)
    }

    /// Reads a file URL.
    public init(url: URL, options: Options = Self.defaultOptions) {
        self.init(input: .url(url), options: options)
    }

    /// Reads text; `name` labels errors and sources.
    public init(string: String, name: String = "<string>", options: Options = Self.defaultOptions) {
        self.init(input: .string(string, name: name), options: options)
    }

    /// Reads bytes; `name` labels errors and sources.
    public init(data: Data, name: String = "<data>", options: Options = Self.defaultOptions) {
        self.init(input: .data(data, name: name), options: options)
    }
}
