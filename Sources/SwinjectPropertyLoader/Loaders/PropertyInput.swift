public import Foundation
public import PropertyFormats
import SwinjectKitFileStatus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a file-format loader reads its bytes from: a bundle resource, a file URL, a text or
/// bytes in memory.
///
/// Every ``FilePropertyLoader`` takes one; its initializers `init(bundle:name:options:)`,
/// `init(url:options:)`, `init(string:name:options:)` and `init(data:name:options:)` build it.
/// A loader of your own reads the bytes with ``read(limits:)``, which checks the size limit
/// before reading and names the file in its errors.
public struct PropertyInput: Sendable, CustomStringConvertible {
    enum Storage: Sendable {
        case bundle(Bundle, name: String, fileExtension: String)
        case url(URL)
        case data(Data, name: String)
    }

    let storage: Storage

    /// The resource `name.fileExtension` in `bundle`.
    public static func bundle(_ bundle: Bundle, name: String, fileExtension: String) -> PropertyInput {
        PropertyInput(storage: .bundle(bundle, name: name, fileExtension: fileExtension))
    }

    /// The file at `url` (a file URL).
    public static func url(_ url: URL) -> PropertyInput {
        PropertyInput(storage: .url(url))
    }

    /// The UTF-8 bytes of `text`; `name` labels errors and sources.
    public static func string(_ text: String, name: String = "<string>") -> PropertyInput {
        PropertyInput(storage: .data(Data(text.utf8), name: name))
    }

    /// `data` itself; `name` labels errors and sources.
    public static func data(_ data: Data, name: String = "<data>") -> PropertyInput {
        PropertyInput(storage: .data(data, name: name))
    }

    /// The name errors and sources use: the file path, the bundle resource, or the label.
    public var sourceName: String {
        switch storage {
        case .bundle(let bundle, let name, let fileExtension):
            if let url = bundle.url(forResource: name, withExtension: fileExtension) { return url.path }
            return "\(name).\(fileExtension) in bundle \(bundle.bundlePath)"
        case .url(let url): return url.isFileURL ? url.path : url.absoluteString
        case .data(_, let name): return name
        }
    }

    /// The ``sourceName``.
    public var description: String { sourceName }

    /// Reads the bytes, refusing inputs larger than `limits.maxInputBytes` before reading them.
    /// A failure names the file and carries the bundle resource or URL as its origin.
    public func read(limits: ParseLimits) throws(PropertyLoaderError) -> Data {
        do { return try readBytes(limits: limits) } catch { throw error.attributed(to: self) }
    }

    private func readBytes(limits: ParseLimits) throws(PropertyLoaderError) -> Data {
        switch storage {
        case .bundle(let bundle, let name, let fileExtension):
            guard let url = bundle.url(forResource: name, withExtension: fileExtension) else {
                throw PropertyLoaderError(
                    .missingResource, source: sourceName,
                    message: "no resource \"\(name).\(fileExtension)\" in bundle \(bundle.bundlePath)")
            }
            return try Self.readFile(at: url.path, limits: limits)
        case .url(let url):
            guard url.isFileURL else {
                throw PropertyLoaderError(
                    .unreadableFile, source: sourceName,
                    message: "only file URLs can be read, not \(url.absoluteString)")
            }
            return try Self.readFile(at: url.path, limits: limits)
        case .data(let data, let name):
            guard data.count <= limits.maxInputBytes else {
                throw PropertyLoaderError(
                    .malformedContent, source: name,
                    message: "input is \(data.count) bytes, more than the limit of \(limits.maxInputBytes) bytes")
            }
            return data
        }
    }

    /// Opens, checks and reads a file with POSIX calls, so that each failure has its own message.
    ///
    /// Only a regular file is read: the path is checked before it is opened (so a device is never
    /// opened) and the open descriptor again (so what was read is what was checked). The open does
    /// not block, so a FIFO is refused rather than waited on forever.
    static func readFile(at path: String, limits: ParseLimits) throws(PropertyLoaderError) -> Data {
        if case .success(let status) = FileStatus.of(path: path) {
            try requireRegularFile(status, path: path)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileSystemFailure.error(errno: errno, path: path, action: "cannot open")
        }
        defer { close(descriptor) }
        return try readOpenFile(descriptor, path: path, maxBytes: limits.maxInputBytes).data
    }

    /// Fails unless `status` is a regular file's, naming `path` and what it is instead.
    static func requireRegularFile(_ status: FileStatus, path: String) throws(PropertyLoaderError) {
        switch status.kind {
        case .regularFile: return
        case .directory:
            throw PropertyLoaderError(.unreadableFile, source: path, message: "is a directory, not a file")
        default:
            throw PropertyLoaderError(
                .unreadableFile, source: path, message: "is not a regular file (\(status.kind.phrase))")
        }
    }

    /// Reads the open file `descriptor`, which `fstat` must show to be a regular file of at most
    /// `maxBytes` bytes (and, when given, the file `expected`); the bytes and that status.
    static func readOpenFile(
        _ descriptor: Int32, path: String, maxBytes: Int, expected: FileStatus.Identity? = nil
    ) throws(PropertyLoaderError) -> (data: Data, status: FileStatus) {
        let status: FileStatus
        switch FileStatus.of(descriptor: descriptor) {
        case .success(let found): status = found
        case .failure(let failure):
            throw FileSystemFailure.error(errno: failure.code, path: path, action: "cannot read attributes")
        }
        try requireRegularFile(status, path: path)
        if let expected, status.identity != expected {
            throw FileSystemFailure.replaced(path: path)
        }
        guard status.size <= maxBytes else {
            throw PropertyLoaderError(
                .unreadableFile, source: path,
                message: "file is \(status.size) bytes, more than the limit of \(maxBytes) bytes")
        }
        var data = Data(count: status.size)
        var total = 0
        while true {
            if total == data.count {
                guard data.count < maxBytes else {
                    var probe: UInt8 = 0
                    if Glue.readByte(descriptor, &probe) > 0 {
                        throw PropertyLoaderError(
                            .unreadableFile, source: path, message: "file is more than the limit of \(maxBytes) bytes")
                    }
                    break
                }
                data.count = min(max(4096, data.count * 2), maxBytes)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                Glue.readBytes(descriptor, buffer.baseAddress.map { $0 + total }, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw PropertyLoaderError(
                    .unreadableFile, source: path, message: "read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            total += count
        }
        data.count = total
        return (data, status)
    }
}

extension PropertyLoaderError {
    /// The error with the bundle resource or file URL `input` reads as its ``origin``, so that
    /// ``upstreamCase`` can give the payloads the fork's cases carried. Inputs given as `String`
    /// or `Data` have no origin.
    func attributed(to input: PropertyInput) -> PropertyLoaderError {
        var error = self
        switch input.storage {
        case .bundle(let bundle, let name, let fileExtension):
            error.origin = .bundle(bundle, name: name, fileExtension: fileExtension)
        case .url(let url):
            error.origin = .url(url)
        case .data:
            break
        }
        return error
    }
}

/// Thin wrappers so the POSIX `read` name does not collide with ``PropertyInput/read(limits:)``.
private enum Glue {
    static func readBytes(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        guard let pointer, count > 0 else { return 0 }
        #if canImport(Darwin)
            return Darwin.read(descriptor, pointer, count)
        #elseif canImport(Glibc)
            return Glibc.read(descriptor, pointer, count)
        #else
            return Musl.read(descriptor, pointer, count)
        #endif
    }

    static func readByte(_ descriptor: Int32, _ byte: inout UInt8) -> Int {
        withUnsafeMutableBytes(of: &byte) { readBytes(descriptor, $0.baseAddress, 1) }
    }
}
