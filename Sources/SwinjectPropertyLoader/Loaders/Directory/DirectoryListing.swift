#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor, closed when the last reference to it goes.
final class OpenDescriptor {
    let raw: Int32

    init(_ raw: Int32) { self.raw = raw }

    deinit { close(raw) }
}

/// The file-system calls the directory loader makes by path, each failure as a
/// ``PropertyLoaderError`` naming the path it concerns.
enum DirectoryListing {
    /// The absolute path `path` leads to, with every symbolic link followed.
    static func resolve(_ path: String, named shown: String? = nil) throws(PropertyLoaderError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw FileSystemFailure.error(
                errno: errno, path: shown ?? path, action: "cannot resolve",
                missing: "it is a symbolic link to nothing, or does not exist")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The text of the symbolic link `name` in the folder `directory`, or nil with `errno` set.
    static func linkTarget(of name: String, in directory: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        readlinkat(directory, name, $0, bytes.count)
                    }
                } ?? -1
            }
            guard count >= 0 else { return nil }
            guard count == buffer.count else { return Array(buffer[..<count]) }
            buffer = [UInt8](repeating: 0, count: buffer.count * 2)
        }
    }

    /// Every name in the folder at `path` but `.` and `..`, hidden ones included, sorted by
    /// their bytes; nil when the folder cannot be listed. Names that are not UTF-8 are repaired.
    static func allNames(atPath path: String) -> [String]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            var raw = entry.pointee.d_name
            let name = withUnsafeBytes(of: &raw) { bytes in
                String(decoding: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)], as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names
    }

    /// The names in the open folder `directory` that do not start with `.`, sorted by their
    /// bytes; `budget` is the number of names the caller still accepts, and one more fails.
    static func visibleNames(
        in directory: Int32, named path: String, budget: Int, limit: Int, root: String
    ) throws(PropertyLoaderError) -> [String] {
        // A descriptor of its own: `closedir` closes it, and its read offset is not the walk's.
        let listing = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0, let stream = fdopendir(listing) else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            if listing >= 0 { close(listing) }
            throw PropertyLoaderError(.unreadableFile, source: path, message: "cannot list: \(reason)")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            var raw = entry.pointee.d_name
            // Hidden names (`.`, `..`, `..data` and the timestamped folder Kubernetes writes) are
            // skipped before any text is made of them.
            let name: String? = withUnsafeBytes(of: &raw) { bytes -> String? in
                guard let first = bytes.first, first != UInt8(ascii: "."), first != 0 else { return "" }
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(validating: bytes[..<end], as: UTF8.self)
            }
            guard let name else {
                throw PropertyLoaderError(
                    .malformedContent, source: path, message: "holds a file whose name is not UTF-8")
            }
            if name.isEmpty { continue }
            guard names.count < budget else {
                throw PropertyLoaderError(
                    .unreadableFile, source: root, message: "holds more than the limit of \(limit) files")
            }
            names.append(name)
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names
    }
}
