// A target of its own that imports nothing but the C library: `struct stat` is declared by the
// C library and again by headers Foundation and Dispatch load on Linux, and a file in a module
// that loads those cannot tell which module owns the members (the compiler credits a different
// one from build to build).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `fstat` or `fstatat` says about one file: which file it is, what kind, how large.
package struct FileStatus: Equatable, Sendable {
    /// The device and inode: equal identities are one file, whatever names lead to it.
    package struct Identity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
    }

    /// What a file is, with the article its errors use.
    package enum Kind: Equatable, Sendable {
        case regularFile, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

        /// `a FIFO`, `a socket`: the words an error uses for the kind.
        package var phrase: String {
            switch self {
            case .regularFile: "a regular file"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .unknown: "of an unknown kind"
            }
        }
    }

    package var identity: Identity
    package var kind: Kind
    package var size: Int
    /// The modification time, in nanoseconds since 1970.
    package var modified: Int64

    private init(_ info: stat) {
        identity = Identity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
        size = Int(truncatingIfNeeded: info.st_size)
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        switch UInt32(info.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): kind = .regularFile
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFLNK): kind = .symbolicLink
        case UInt32(S_IFIFO): kind = .fifo
        case UInt32(S_IFSOCK): kind = .socket
        case UInt32(S_IFCHR): kind = .characterDevice
        case UInt32(S_IFBLK): kind = .blockDevice
        default: kind = .unknown
        }
    }

    /// The status of the open file `descriptor`, or the `errno` of the failure.
    package static func of(descriptor: Int32) -> Result<FileStatus, Errno> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(FileStatus(info))
    }

    /// The status of the file `path` leads to, following symbolic links.
    package static func of(path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(FileStatus(info))
    }

    /// The status of `path` itself: a symbolic link is not followed.
    package static func of(linkAt path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(FileStatus(info))
    }

    /// The status of `name` in the folder `directory`, not following a symbolic link.
    package static func of(name: String, in directory: Int32) -> Result<FileStatus, Errno> {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(Errno(errno)) }
        return .success(FileStatus(info))
    }

    /// An `errno` value as an `Error`.
    package struct Errno: Error {
        package var code: Int32
        package init(_ code: Int32) { self.code = code }
    }
}
