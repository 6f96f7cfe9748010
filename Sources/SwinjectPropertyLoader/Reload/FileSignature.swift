import Foundation
import SwinjectKitFileStatus

/// What polling compares to see that a watched file or directory changed: for each path, its
/// inode, size, modification time and symbolic-link target, and for a link the same of the file
/// it resolves to.
///
/// A Kubernetes ConfigMap update keeps every visible path (`app.json -> ..data/app.json`) and
/// swaps the `..data` link to a new timestamped folder with one rename; the resolved file then
/// has another inode and path, which this sees even when size and time are the same. An editor
/// that writes in place changes the modification time (nanoseconds) or the size.
struct FileSignature: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var path: String
        var inode: UInt64
        var size: Int
        /// Nanoseconds since 1970.
        var modified: Int64
        var linkTarget: String?
    }

    var entries: [Entry]

    /// Whether this is the signature of one file (or a link to one) that is empty now.
    var isEmptyFile: Bool {
        guard let last = entries.last, last.inode != 0 else { return false }
        return last.size == 0 && (entries.count == 1 || entries[0].linkTarget != nil)
    }

    /// The signature of one file (or link), and of what it resolves to.
    static func file(_ path: String) -> FileSignature {
        var entries = [entry(path)]
        if entries[0].linkTarget != nil {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            entries.append(entry(resolved))
        }
        return FileSignature(entries: entries)
    }

    /// The signature of a directory: every entry under it, hidden ones included (the `..data`
    /// link), and what each link resolves to; at most `maxEntries` entries and `maxDepth`
    /// levels, walked with an explicit stack.
    static func directory(_ path: String, maxEntries: Int, maxDepth: Int) -> FileSignature {
        var entries = [entry(path)]
        var pending: [(path: String, depth: Int)] = [(path, 0)]
        while let (folder, depth) = pending.popLast(), entries.count < maxEntries {
            guard let names = DirectoryListing.allNames(atPath: folder) else { continue }
            for name in names {
                let child = folder + "/" + name
                let found = entry(child)
                entries.append(found)
                if found.linkTarget != nil {
                    let resolved = URL(fileURLWithPath: child).resolvingSymlinksInPath().path
                    let target = entry(resolved)
                    entries.append(target)
                    if !name.hasPrefix("."), depth < maxDepth, isDirectory(resolved) {
                        pending.append((child, depth + 1))
                    }
                } else if !name.hasPrefix("."), depth < maxDepth, isDirectory(child) {
                    pending.append((child, depth + 1))
                }
                if entries.count >= maxEntries { break }
            }
        }
        return FileSignature(entries: entries)
    }

    /// The entry of `path` itself (a link is not followed); a missing path has all zeros.
    private static func entry(_ path: String) -> Entry {
        guard case .success(let status) = FileStatus.of(linkAt: path) else {
            return Entry(path: path, inode: 0, size: 0, modified: 0, linkTarget: nil)
        }
        let target =
            status.kind == .symbolicLink
            ? (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "" : nil
        return Entry(
            path: path, inode: status.identity.inode, size: status.size, modified: status.modified, linkTarget: target)
    }

    private static func isDirectory(_ path: String) -> Bool {
        guard case .success(let status) = FileStatus.of(path: path) else { return false }
        return status.kind == .directory
    }
}
