public import Foundation
import SwinjectKitFileStatus

/// Loads properties from a directory with one file per key, as Kubernetes mounts a ConfigMap or
/// a Secret: the file name is the key, the content the value.
///
/// - A file name is its key as written: the file `database.password` sets `database.password`
///   (a `.` separates the segments of a key as everywhere else). A folder adds its name and a
///   `.` in front of the keys of the files in it: `database/password` also sets
///   `database.password`, so two files that would set one key are an error.
/// - The value is the file's text with one trailing newline (`\n` or `\r\n`) dropped; a file
///   that is not UTF-8 text is a `Data` value, its bytes as they are.
/// - Names that start with `.` are skipped, so the `..data` link and the timestamped folder
///   Kubernetes writes are never keys; symbolic links (`password -> ..data/password`) are
///   followed, and one that leads outside the directory is an error.
/// - Only regular files and folders are opened, each reached from the directory without the
///   system following a link, and a file is read through the descriptor that was checked. Each
///   link is read once per load, so one load reads one version of a Kubernetes volume (see the
///   article "Mounted directories").
/// - With `secret: true`, every value is secret: never shown in descriptions, errors or logs.
/// - With `placeholders: .verbatim`, every value is kept as written: a password that contains
///   `${` is not a placeholder (see ``PlaceholderMode``).
///
/// ```swift
/// let configMap = DirectoryPropertyLoader(url: URL(fileURLWithPath: "/etc/orders/config"))
/// let secrets = DirectoryPropertyLoader(url: URL(fileURLWithPath: "/etc/orders/secrets"), secret: true)
/// try container.applyPropertyLoader(configMap)
/// try container.applyPropertyLoader(secrets)
/// ```
///
/// Values are text that converts on request, so a file holding `5432` reads as `Int`. Each
/// value's source is the file's path under the directory (the link, not its target).
public struct DirectoryPropertyLoader: PropertyBatchLoader, Sendable {
    /// How much the loader reads.
    public struct Options: Sendable, Hashable {
        /// The most files and folders under the directory (hidden ones not counted). Default 10,000.
        public var maxFiles: Int
        /// The largest file, in bytes. Default 1 MiB, the most a ConfigMap or Secret holds.
        public var maxFileBytes: Int
        /// The deepest folder nesting below the directory. Default 16.
        public var maxDepth: Int
        /// The most bytes of all values together, a file counted once for each name that leads
        /// to it. Default 4 MiB: a ConfigMap or a Secret holds at most 1 MiB, and a projected
        /// volume that mounts several of them in one directory is rarely more than a few.
        public var maxTotalBytes: Int

        /// Creates options; every argument defaults to the safe default.
        public init(
            maxFiles: Int = 10_000, maxFileBytes: Int = 1 << 20, maxDepth: Int = 16, maxTotalBytes: Int = 4 << 20
        ) {
            self.maxFiles = maxFiles
            self.maxFileBytes = maxFileBytes
            self.maxDepth = maxDepth
            self.maxTotalBytes = maxTotalBytes
        }
    }

    /// The directory.
    package let url: URL
    /// Whether every value is secret.
    package let secret: Bool
    /// Whether `${key}` in a value is a placeholder (``PlaceholderMode/resolve``, the default) or
    /// text (``PlaceholderMode/verbatim``).
    package let placeholders: PlaceholderMode
    /// The limits.
    package var options: Options

    /// Reads the directory at `url` (a file URL); `secret: true` marks every value secret, and
    /// `placeholders: .verbatim` keeps every value as written.
    public init(
        url: URL, secret: Bool = false, placeholders: PlaceholderMode = .resolve, options: Options = Options()
    ) {
        self.url = url
        self.secret = secret
        self.placeholders = placeholders
        self.options = options
    }

    /// One property per file, in the byte order of their keys.
    ///
    /// A load that fails while a link it read (`..data`) changed is repeated, a few times at
    /// most: the kubelet may remove the folder the old `..data` led to while it is read.
    public func loadBatch() throws -> PropertyBatch {
        guard url.isFileURL else {
            throw PropertyLoaderError(
                .unreadableFile, source: url.absoluteString,
                message: "only file URLs can be read, not \(url.absoluteString)")
        }
        var attempts = 0
        while true {
            var walk = DirectoryWalk(root: url.path, options: options)
            do {
                return try batch(of: walk.files())
            } catch {
                attempts += 1
                guard attempts < Self.maxAttempts, walk.linksChanged() else { throw error }
            }
        }
    }

    /// The most loads one ``loadBatch()`` starts when links change under it.
    static var maxAttempts: Int { 4 }

    private func batch(of files: [DirectoryWalk.File]) throws(PropertyLoaderError) -> PropertyBatch {
        try DirectoryWalk.checkDistinct(files)
        var batch = PropertyBatch()
        // One value per file, however many names lead to it, so its text is stored once.
        var values: [FileStatus.Identity: PropertyValue] = [:]
        for file in files {
            var source = PropertySource(name: file.path, valuesAreText: true, isSecret: secret)
            source.isVerbatim = placeholders == .verbatim
            let value = values[file.identity] ?? Self.value(of: file.data)
            values[file.identity] = value
            batch.set(file.key, to: value, source: source)
        }
        return batch
    }

    /// The text of a file without one trailing newline, or its bytes when it is not UTF-8.
    private static func value(of data: Data) -> PropertyValue {
        var bytes = data[...]
        if bytes.last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .data(data) }
        return .string(text)
    }
}
