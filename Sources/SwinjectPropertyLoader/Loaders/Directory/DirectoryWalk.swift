import Foundation
import SwinjectKitFileStatus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files under a mounted directory, found without recursion and read as they are found.
///
/// Every file is reached from the directory's descriptor one name at a time with `openat` and
/// `O_NOFOLLOW`, so the kernel never follows a link the walk has not checked: a symbolic link is
/// read with `readlinkat` and followed here, and only when it leads inside the directory. A file
/// is read through the descriptor its checks were made on (`fstat`: a regular file, the device
/// and inode seen when it was listed). Each link is read once per walk, so `..data` leads to one
/// timestamped folder for the whole load, and each file is read once however many names lead to
/// it.
struct DirectoryWalk {
    /// One file: its key, the path under the directory errors and sources name, which file it
    /// is, and its bytes.
    struct File {
        var key: String
        var path: String
        var identity: FileStatus.Identity
        var data: Data
    }

    /// A folder still to list: the path errors name, the names that lead to it from the
    /// directory with no link among them, and what it holds.
    struct Folder {
        var path: String
        var real: [String]
        var keyPrefix: String
        var depth: Int
        var identity: FileStatus.Identity
    }

    let root: String
    let options: DirectoryPropertyLoader.Options
    /// The directory's path with every link followed: where a link must lead.
    private(set) var resolvedRoot = ""
    private var rootDescriptor: OpenDescriptor?
    private var count = 0
    private var totalBytes = 0
    /// The target of every link read so far, by the bytes of its real path under the directory.
    var linkTargets: [[UInt8]: [UInt8]] = [:]
    private var lastDirectory: (key: [UInt8], descriptor: OpenDescriptor)?
    private var readFiles: [FileStatus.Identity: Data] = [:]

    init(root: String, options: DirectoryPropertyLoader.Options) {
        self.root = root.utf8.count > 1 && root.utf8.last == UInt8(ascii: "/") ? String(root.dropLast()) : root
        self.options = options
    }

    /// Every file under the directory, in the byte order of their keys within each folder.
    mutating func files() throws(PropertyLoaderError) -> [File] {
        let rootStatus = try openRoot()
        var listed: Set<FileStatus.Identity> = [rootStatus.identity]
        var pending = [Folder(path: root, real: [], keyPrefix: "", depth: 0, identity: rootStatus.identity)]
        var files: [File] = []
        while let folder = pending.popLast() {
            let descriptor = try directory(folder.real, named: folder.path)
            guard case .success(let status) = FileStatus.of(descriptor: descriptor.raw),
                status.identity == folder.identity
            else { throw FileSystemFailure.replaced(path: folder.path) }
            let names = try DirectoryListing.visibleNames(
                in: descriptor.raw, named: folder.path, budget: options.maxFiles - count, limit: options.maxFiles,
                root: root)
            count += names.count
            var folders: [Folder] = []
            for name in names {
                let path = folder.path + "/" + name
                let key = folder.keyPrefix + name
                if let problem = TextSourceKey.problem(in: key) {
                    throw PropertyLoaderError(
                        .malformedContent, source: path, message: "the name is not a property key: \(problem)")
                }
                var real = folder.real + [name]
                var status = try self.status(of: real, named: path)
                if status.kind == .symbolicLink {
                    (real, status) = try follow(real, named: path)
                }
                switch status.kind {
                case .regularFile:
                    let data = try read(real, status, named: path)
                    files.append(File(key: key, path: path, identity: status.identity, data: data))
                case .directory:
                    guard listed.insert(status.identity).inserted else {
                        throw PropertyLoaderError(
                            .unreadableFile, source: path,
                            message: "is a symbolic link loop: it leads to \(shown(real)), a folder already read")
                    }
                    guard folder.depth < options.maxDepth else {
                        throw PropertyLoaderError(
                            .unreadableFile, source: path,
                            message: "is nested deeper than the limit of \(options.maxDepth) folders")
                    }
                    folders.append(
                        Folder(
                            path: path, real: real, keyPrefix: key + ".", depth: folder.depth + 1,
                            identity: status.identity))
                default:
                    throw PropertyLoaderError(
                        .unreadableFile, source: path,
                        message: "is neither a regular file nor a folder (\(status.kind.phrase))")
                }
            }
            // Reversed, so the stack lists the folders in name order.
            pending.append(contentsOf: folders.reversed())
        }
        return files
    }

    /// Opens the directory (the one place a link is followed by the kernel: the directory may
    /// be given through one) and returns its status.
    private mutating func openRoot() throws(PropertyLoaderError) -> FileStatus {
        resolvedRoot = try DirectoryListing.resolve(root)
        guard case .success(let status) = FileStatus.of(path: resolvedRoot), status.kind == .directory else {
            throw PropertyLoaderError(.unreadableFile, source: root, message: "is not a directory")
        }
        let raw = open(resolvedRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard raw >= 0 else { throw FileSystemFailure.error(errno: errno, path: root, action: "cannot open") }
        let descriptor = OpenDescriptor(raw)
        guard case .success(let opened) = FileStatus.of(descriptor: raw), opened.identity == status.identity else {
            throw FileSystemFailure.replaced(path: root)
        }
        rootDescriptor = descriptor
        return status
    }

    /// The open folder `real` (names under the directory, none a link), reached one name at a
    /// time without following links.
    mutating func directory(_ real: [String], named path: String) throws(PropertyLoaderError) -> OpenDescriptor {
        guard let rootDescriptor else { throw FileSystemFailure.replaced(path: path) }
        // The directory itself costs nothing to reach, and leaves the one folder kept open alone.
        if real.isEmpty { return rootDescriptor }
        let key = Self.key(real)
        if let lastDirectory, lastDirectory.key == key { return lastDirectory.descriptor }
        var current = rootDescriptor
        for name in real {
            let raw = openat(current.raw, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard raw >= 0 else {
                if errno == ELOOP { throw FileSystemFailure.replaced(path: path) }
                throw FileSystemFailure.error(
                    errno: errno, path: path, action: "cannot resolve",
                    missing: "it is a symbolic link to nothing, or does not exist")
            }
            current = OpenDescriptor(raw)
        }
        lastDirectory = (key, current)
        return current
    }

    /// The status of `real` itself (a link is not followed).
    mutating func status(of real: [String], named path: String) throws(PropertyLoaderError) -> FileStatus {
        guard let name = real.last else {
            guard let rootDescriptor, case .success(let status) = FileStatus.of(descriptor: rootDescriptor.raw) else {
                throw FileSystemFailure.replaced(path: path)
            }
            return status
        }
        let folder = try directory(real.dropLast(), named: path)
        switch FileStatus.of(name: name, in: folder.raw) {
        case .success(let status): return status
        case .failure(let failure):
            throw FileSystemFailure.error(
                errno: failure.code, path: path, action: "cannot resolve",
                missing: "it is a symbolic link to nothing, or does not exist")
        }
    }

    /// The bytes of the regular file `real`, opened without following a link and checked to be
    /// the file `status` describes; a file read before is not read again.
    private mutating func read(
        _ real: [String], _ status: FileStatus, named path: String
    ) throws(PropertyLoaderError) -> Data {
        let data: Data
        if let known = readFiles[status.identity] {
            data = known
        } else {
            // Refused before it is read when its size alone passes the limit.
            try checkTotal(adding: status.size)
            let folder = try directory(real.dropLast(), named: path)
            let raw = openat(folder.raw, real.last ?? ".", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard raw >= 0 else {
                if errno == ELOOP { throw FileSystemFailure.replaced(path: path) }
                throw FileSystemFailure.error(errno: errno, path: path, action: "cannot open")
            }
            let descriptor = OpenDescriptor(raw)
            data = try PropertyInput.readOpenFile(
                descriptor.raw, path: path, maxBytes: options.maxFileBytes, expected: status.identity
            ).data
            readFiles[status.identity] = data
        }
        try checkTotal(adding: data.count)
        totalBytes += data.count
        return data
    }

    /// Fails when `bytes` more would pass the limit on the bytes of every value together.
    private func checkTotal(adding bytes: Int) throws(PropertyLoaderError) {
        guard bytes <= options.maxTotalBytes - totalBytes else {
            throw PropertyLoaderError(
                .unreadableFile, source: root,
                message: "holds more than the limit of \(options.maxTotalBytes) bytes in all its files")
        }
    }

    /// The path `real` leads to, for messages.
    func shown(_ real: [String]) -> String {
        real.isEmpty ? resolvedRoot : (resolvedRoot == "/" ? "" : resolvedRoot) + "/" + real.joined(separator: "/")
    }

    /// The bytes of `real` joined by `/`: names compare as bytes, never as Unicode text, since
    /// `café` written two ways is two different folders on disk.
    static func key(_ real: some Collection<String>) -> [UInt8] {
        var key: [UInt8] = []
        for name in real {
            if !key.isEmpty { key.append(UInt8(ascii: "/")) }
            key.append(contentsOf: name.utf8)
        }
        return key
    }

    /// Fails when two files set one key, which would replace the other's value without a word.
    /// A key and a key below it (`a` and `a.b`) are two keys: the container keeps both
    /// (``SnapshotTable/own``).
    static func checkDistinct(_ files: [File]) throws(PropertyLoaderError) {
        var owners: [String: String] = [:]
        owners.reserveCapacity(files.count)
        for file in files {
            if let other = owners.updateValue(file.path, forKey: file.key) {
                throw PropertyLoaderError(
                    .conflictingKeys, source: file.path, message: "sets the key '\(file.key)', as \(other) does")
            }
        }
    }
}
