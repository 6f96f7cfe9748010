import SwinjectKitFileStatus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension DirectoryWalk {
    /// The most links one name may lead through, as the kernel allows (`SYMLOOP_MAX` is 40 on
    /// Linux): more is taken for a loop.
    static var maxLinksFollowed: Int { 40 }

    /// Where the symbolic link `link` leads: the names under the directory, none a link, and
    /// the status of the file there.
    ///
    /// Each link on the way is read once per walk and followed here, one name at a time, so the
    /// kernel never follows one unchecked. A path that leaves the directory (an absolute target
    /// elsewhere, or `..` above it) is resolved by the kernel only to decide whether it comes
    /// back inside; paths compare as bytes.
    mutating func follow(_ link: [String], named path: String) throws(PropertyLoaderError) -> ([String], FileStatus) {
        var resolved = Array(link.dropLast())
        var pending: [[UInt8]] = []
        var followed = 0
        var linkToFollow: [String]? = link
        while true {
            if let current = linkToFollow {
                linkToFollow = nil
                followed += 1
                guard followed <= Self.maxLinksFollowed else {
                    throw FileSystemFailure.error(errno: ELOOP, path: path, action: "cannot resolve")
                }
                let target = try linkTarget(current, named: path)
                if target.first == UInt8(ascii: "/") {
                    try reenter(from: target, pending: &pending, resolved: &resolved, named: path)
                } else {
                    pending.append(contentsOf: Self.names(in: target[...]).reversed())
                }
            }
            guard let part = pending.popLast() else { break }
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) {
                if resolved.isEmpty {
                    let above = Self.parent(of: Array(resolvedRoot.utf8))
                    try reenter(from: above, pending: &pending, resolved: &resolved, named: path)
                } else {
                    resolved.removeLast()
                }
                continue
            }
            guard let name = String(validating: part, as: UTF8.self) else { throw Self.notUTF8(path) }
            let next = resolved + [name]
            if try status(of: next, named: path).kind == .symbolicLink {
                linkToFollow = next
            } else {
                resolved = next
            }
        }
        let status = try status(of: resolved, named: path)
        guard status.kind != .symbolicLink else { throw FileSystemFailure.replaced(path: path) }
        return (resolved, status)
    }

    /// Continues from the absolute path `absolute` with the names still `pending`: below the
    /// directory's path (as given, or with its links followed), from the directory, so links
    /// under it stay read once; anywhere else, through `realpath`, which must lead back inside.
    private func reenter(
        from absolute: [UInt8], pending: inout [[UInt8]], resolved: inout [String], named path: String
    ) throws(PropertyLoaderError) {
        let root = Array(resolvedRoot.utf8)
        if let below = Self.remainder(of: absolute, under: root)
            ?? Self.remainder(of: absolute, under: Array(self.root.utf8))
        {
            resolved = []
            pending.append(contentsOf: Self.names(in: below).reversed())
            return
        }
        var full = absolute
        for part in pending.reversed() {
            full.append(UInt8(ascii: "/"))
            full.append(contentsOf: part)
        }
        pending = []
        guard let fullPath = String(validating: full, as: UTF8.self) else { throw Self.notUTF8(path) }
        let real = try DirectoryListing.resolve(fullPath, named: path)
        guard let below = Self.remainder(of: Array(real.utf8), under: root) else {
            throw PropertyLoaderError(
                .unreadableFile, source: path,
                message: "is a symbolic link to \(real), outside the directory \(self.root)")
        }
        resolved = []
        pending.append(contentsOf: Self.names(in: below).reversed())
    }

    /// The target of the link `link`, read once per walk: a second read gives the first answer,
    /// so a link swapped during the walk (`..data`) leads to one place throughout.
    private mutating func linkTarget(_ link: [String], named path: String) throws(PropertyLoaderError) -> [UInt8] {
        let key = Self.key(link)
        if let known = linkTargets[key] { return known }
        let folder = try directory(link.dropLast(), named: path)
        guard let target = DirectoryListing.linkTarget(of: link.last ?? ".", in: folder.raw) else {
            throw FileSystemFailure.error(
                errno: errno, path: path, action: "cannot resolve",
                missing: "it is a symbolic link to nothing, or does not exist")
        }
        guard String(validating: target, as: UTF8.self) != nil else { throw Self.notUTF8(path) }
        linkTargets[key] = target
        return target
    }

    /// Whether a link this walk read now leads elsewhere or is gone: a walk that failed across
    /// a `..data` swap is worth repeating.
    mutating func linksChanged() -> Bool {
        for (key, target) in linkTargets {
            let link = Self.names(in: key[...]).map { String(decoding: $0, as: UTF8.self) }
            guard let folder = try? directory(link.dropLast(), named: root),
                let now = DirectoryListing.linkTarget(of: link.last ?? ".", in: folder.raw), now == target
            else { return true }
        }
        return false
    }

    /// The names of a path, split at each `/` byte.
    static func names(in path: ArraySlice<UInt8>) -> [[UInt8]] {
        path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { Array($0) }
    }

    /// The part of `path` below the folder `folder` (both absolute, compared as bytes), or nil
    /// when `path` is not `folder` or below it.
    static func remainder(of path: [UInt8], under folder: [UInt8]) -> ArraySlice<UInt8>? {
        if path == folder { return [] }
        if folder == [UInt8(ascii: "/")] { return path.first == UInt8(ascii: "/") ? path.dropFirst() : nil }
        guard path.count > folder.count, path.starts(with: folder), path[folder.count] == UInt8(ascii: "/") else {
            return nil
        }
        return path[(folder.count + 1)...]
    }

    /// The folder that holds the absolute path `path`; `/` for `/`.
    static func parent(of path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return [UInt8(ascii: "/")] }
        return Array(path[..<slash])
    }

    static func notUTF8(_ path: String) -> PropertyLoaderError {
        PropertyLoaderError(.malformedContent, source: path, message: "is a symbolic link whose target is not UTF-8")
    }
}
