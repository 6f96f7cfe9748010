import Foundation

/// A file-based loader a ``PropertyReloader`` owns: what it watches and how to load it again.
struct ReloadSource: Sendable {
    enum Watched: Sendable {
        case file(String)
        case directory(String, maxEntries: Int, maxDepth: Int)
    }

    /// The store's number for the loader's layer.
    let slot: Int
    /// The file or directory path, as events and logs name it.
    let path: String
    let watched: Watched
    let merging: PropertyMerge
    /// Runs the loader again.
    let load: @Sendable () throws -> PropertyBatch

    /// The source for `loader` when it reads a file or a directory (a JSON, property list,
    /// TOML, YAML or `.env` file named by URL or bundle resource, or a ``DirectoryPropertyLoader``);
    /// nil for a loader of text in memory, environment variables, arguments or Swift values.
    init?(_ loader: any PropertyLoader, slot: Int, merging: PropertyMerge) {
        switch LoaderShape(loader) {
        case .file(let file):
            guard let path = file.input.filePath else { return nil }
            self.init(slot: slot, path: path, watched: .file(path), merging: merging) { try file.loadBatch() }
        case .directory(let directory):
            guard directory.url.isFileURL else { return nil }
            let path = directory.url.path
            let watched = Watched.directory(
                path, maxEntries: directory.options.maxFiles * 2 + 16, maxDepth: directory.options.maxDepth)
            self.init(slot: slot, path: path, watched: watched, merging: merging) { try directory.loadBatch() }
        case .batch, .plain:
            return nil
        }
    }

    private init(
        slot: Int, path: String, watched: Watched, merging: PropertyMerge,
        load: @escaping @Sendable () throws -> PropertyBatch
    ) {
        self.slot = slot
        self.path = path
        self.watched = watched
        self.merging = merging
        self.load = load
    }

    /// What the path looks like now.
    func signature() -> FileSignature {
        switch watched {
        case .file(let path): FileSignature.file(path)
        case .directory(let path, let maxEntries, let maxDepth):
            FileSignature.directory(path, maxEntries: maxEntries, maxDepth: maxDepth)
        }
    }

    /// The loader's properties, or the error naming the file (and line:column for content).
    func loadBatch() -> Result<PropertyBatch, PropertyLoaderError> {
        do {
            return .success(try load())
        } catch let error as PropertyLoaderError {
            return .failure(error)
        } catch {
            return .failure(PropertyLoaderError(.malformedContent, source: path, message: "\(error)"))
        }
    }
}

extension PropertyInput {
    /// The path of the file the input reads, or nil for text or bytes in memory and for a
    /// bundle without the resource.
    var filePath: String? {
        switch storage {
        case .bundle(let bundle, let name, let fileExtension):
            return bundle.url(forResource: name, withExtension: fileExtension)?.path
        case .url(let url):
            return url.isFileURL ? url.path : nil
        case .data:
            return nil
        }
    }
}
