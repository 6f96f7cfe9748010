#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The error for a failed file-system call, one wording per `errno` for every loader.
///
/// A path that does not exist is a missing resource (whether named by bundle, URL or directory);
/// every other failure makes the file unreadable.
enum FileSystemFailure {
    /// The error for `action` on `path` failing with `code`; `missing` words `ENOENT`, which
    /// means something different to a call that follows symbolic links.
    static func error(
        errno code: Int32, path: String, action: String, missing: String = "file does not exist"
    ) -> PropertyLoaderError {
        let reason: String
        switch code {
        case ENOENT: reason = missing
        case EACCES: reason = "permission denied"
        case ELOOP: reason = "too many levels of symbolic links (a symbolic link loop)"
        case ENOTDIR: reason = "a component of the path is not a directory"
        default: reason = String(cString: strerror(code))
        }
        return PropertyLoaderError(
            code == ENOENT ? .missingResource : .unreadableFile, source: path, message: "\(action): \(reason)")
    }

    /// The error for a file that changed between its check and its read: it was not read.
    static func replaced(path: String) -> PropertyLoaderError {
        PropertyLoaderError(.unreadableFile, source: path, message: "was replaced while it was read; load again")
    }
}
