import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system calls the directory loader makes, each failure as a ``PropertyLoaderError``
/// naming the path it concerns.
enum DirectoryListing {
    /// What a resolved path is.
    enum Kind {
        case directory, regularFile, other
    }

    /// The absolute path `path` leads to, with every symbolic link followed.
    static func resolve(_ path: String) throws(PropertyLoaderError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw FileSystemFailure.error(
                errno: errno, path: path, action: "cannot resolve",
                missing: "it is a symbolic link to nothing, or does not exist")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The kind of the file at `resolved` (a path with no symbolic link in it).
    static func kind(of resolved: String, named path: String) throws(PropertyLoaderError) -> Kind {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            throw PropertyLoaderError(
                .unreadableFile, source: path, message: "cannot read attributes: \(error.localizedDescription)")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?: return .directory
        case .typeRegular?: return .regularFile
        default: return .other
        }
    }

    /// The names in the directory `resolved` that do not start with `.`, sorted by their bytes;
    /// `budget` is the number of names the caller still accepts, and one more fails.
    static func visibleNames(
        in resolved: String, named path: String, budget: Int, limit: Int, root: String
    ) throws(PropertyLoaderError) -> [String] {
        guard let directory = opendir(resolved) else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw PropertyLoaderError(.unreadableFile, source: path, message: "cannot list: \(reason)")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
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
