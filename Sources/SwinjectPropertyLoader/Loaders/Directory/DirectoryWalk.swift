/// The files under a mounted directory, found without recursion: a stack of folders still to
/// list, each folder listed once, with every symbolic link resolved and checked.
struct DirectoryWalk {
    /// One file: its key, the path under the directory errors and sources name, and the path
    /// with no link in it that is read.
    struct File {
        var key: String
        var path: String
        var resolved: String
    }

    let root: String
    let options: DirectoryPropertyLoader.Options
    private var count = 0

    init(root: String, options: DirectoryPropertyLoader.Options) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.options = options
    }

    /// Every file under the directory, in the byte order of their keys within each folder.
    mutating func files() throws(PropertyLoaderError) -> [File] {
        let resolvedRoot = try DirectoryListing.resolve(root)
        guard try DirectoryListing.kind(of: resolvedRoot, named: root) == .directory else {
            throw PropertyLoaderError(.unreadableFile, source: root, message: "is not a directory")
        }
        let inside = resolvedRoot == "/" ? "/" : resolvedRoot + "/"
        // A folder reached twice through links would be listed forever.
        var listed: Set<String> = [resolvedRoot]
        var pending: [(path: String, resolved: String, keyPrefix: String, depth: Int)] = [(root, resolvedRoot, "", 0)]
        var files: [File] = []
        while let folder = pending.popLast() {
            let names = try DirectoryListing.visibleNames(
                in: folder.resolved, named: folder.path, budget: options.maxFiles - count, limit: options.maxFiles,
                root: root)
            count += names.count
            var folders: [(path: String, resolved: String, keyPrefix: String, depth: Int)] = []
            for name in names {
                let path = folder.path + "/" + name
                let key = folder.keyPrefix + name
                if let problem = TextSourceKey.problem(in: key) {
                    throw PropertyLoaderError(
                        .malformedContent, source: path, message: "the name is not a property key: \(problem)")
                }
                let resolved = try DirectoryListing.resolve(path)
                guard resolved.hasPrefix(inside) || resolved == resolvedRoot else {
                    throw PropertyLoaderError(
                        .unreadableFile, source: path,
                        message: "is a symbolic link to \(resolved), outside the directory \(root)")
                }
                switch try DirectoryListing.kind(of: resolved, named: path) {
                case .regularFile:
                    files.append(File(key: key, path: path, resolved: resolved))
                case .directory:
                    guard listed.insert(resolved).inserted else {
                        throw PropertyLoaderError(
                            .unreadableFile, source: path,
                            message: "is a symbolic link loop: it leads to \(resolved), a folder already read")
                    }
                    guard folder.depth < options.maxDepth else {
                        throw PropertyLoaderError(
                            .unreadableFile, source: path,
                            message: "is nested deeper than the limit of \(options.maxDepth) folders")
                    }
                    folders.append((path, resolved, key + ".", folder.depth + 1))
                case .other:
                    throw PropertyLoaderError(
                        .unreadableFile, source: path, message: "is neither a regular file nor a folder")
                }
            }
            // Reversed, so the stack lists the folders in name order.
            pending.append(contentsOf: folders.reversed())
        }
        return files
    }

    /// Fails when two files set one key, or one file sets a key that another file's key lies
    /// below (`a` and `a.b`): either would replace the other's value without a word.
    static func checkDistinct(_ files: [File]) throws(PropertyLoaderError) {
        var owners: [String: String] = [:]
        owners.reserveCapacity(files.count)
        for file in files {
            if let other = owners.updateValue(file.path, forKey: file.key) {
                throw PropertyLoaderError(
                    .conflictingKeys, source: file.path, message: "sets the key '\(file.key)', as \(other) does")
            }
        }
        for file in files {
            var key = Substring(file.key)
            while let dot = key.lastIndex(of: ".") {
                key = key[..<dot]
                if let other = owners[String(key)] {
                    throw PropertyLoaderError(
                        .conflictingKeys, source: file.path,
                        message: "sets the key '\(file.key)', below the key '\(key)' that \(other) sets")
                }
            }
        }
    }
}
