import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every directory error names the file and changes no property.
@Suite struct DirectoryErrorTests {
    private func failure(
        _ url: URL, options: DirectoryPropertyLoader.Options = .init(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PropertyLoaderError {
        let container = Container()
        let error = try #require(throws: PropertyLoaderError.self, sourceLocation: sourceLocation) {
            try container.applyPropertyLoader(DirectoryPropertyLoader(url: url, options: options))
        }
        #expect(container.propertyKeys.isEmpty, sourceLocation: sourceLocation)
        return error
    }

    @Test func missingDirectoryAndNotADirectory() throws {
        let missing = try failure(URL(fileURLWithPath: "/nonexistent/config"))
        #expect(missing.code == .missingResource)
        #expect(
            missing.description
                == "/nonexistent/config: cannot resolve: it is a symbolic link to nothing, or does not exist")
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        let file = try failure(volume.url.appendingPathComponent("a"))
        #expect(file.code == .unreadableFile)
        #expect(file.description == volume.path + "/a: is not a directory")
        let web = try failure(URL(string: "https://example.com/config")!)
        #expect(
            web.description == "https://example.com/config: only file URLs can be read, not https://example.com/config")
    }

    @Test func fileCountLimit() throws {
        let volume = try KubernetesVolume(["a": "1", "b": "2", "c/d": "3"])
        defer { volume.remove() }
        let error = try failure(volume.url, options: .init(maxFiles: 3))
        #expect(error.code == .unreadableFile)
        #expect(error.description == volume.path + ": holds more than the limit of 3 files")
        let fits = Container()
        try fits.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url, options: .init(maxFiles: 4)))
        #expect(fits.propertyKeys.count == 3)
    }

    @Test func fileSizeLimit() throws {
        let volume = try KubernetesVolume(["small": "1234", "large": "12345"])
        defer { volume.remove() }
        let error = try failure(volume.url, options: .init(maxFileBytes: 4))
        #expect(error.code == .unreadableFile)
        #expect(error.description == volume.path + "/large: file is 5 bytes, more than the limit of 4 bytes")
        #expect(!error.description.contains("12345"))
    }

    @Test func depthLimit() throws {
        let volume = try KubernetesVolume(["a/b/c": "1"])
        defer { volume.remove() }
        let error = try failure(volume.url, options: .init(maxDepth: 1))
        #expect(error.description == volume.path + "/a/b: is nested deeper than the limit of 1 folders")
        let fits = Container()
        try fits.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url, options: .init(maxDepth: 2)))
        #expect(fits.property("a.b.c") == "1")
    }

    @Test func unreadableFiles() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        // A named pipe is neither a file nor a folder; reading it would block.
        #expect(mkfifo(volume.path + "/pipe", 0o600) == 0)
        let error = try failure(volume.url)
        #expect(error.code == .unreadableFile)
        #expect(error.description == volume.path + "/pipe: is neither a regular file nor a folder (a FIFO)")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file"))
    func unreadablePermissions() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        try volume.addFile("locked", "x")
        #expect(chmod(volume.path + "/locked", 0) == 0)
        let error = try failure(volume.url)
        #expect(error.description == volume.path + "/locked: cannot open: permission denied")
    }

    @Test func symbolicLinkLoops() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        try volume.link("loop1", to: "loop2")
        try volume.link("loop2", to: "loop1")
        let error = try failure(volume.url)
        #expect(error.code == .unreadableFile)
        #expect(
            error.description
                == volume.path + "/loop1: cannot resolve: too many levels of symbolic links (a symbolic link loop)")
        // A folder link back to the directory: listing it would never end.
        let other = try KubernetesVolume(["a": "1"])
        defer { other.remove() }
        try other.link("again", to: ".")
        let back = try failure(other.url)
        #expect(back.description.hasPrefix(other.path + "/again: is a symbolic link loop: it leads to "))
        #expect(back.description.hasSuffix(", a folder already read"))
    }

    @Test func linkPointingOutside() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        let outside = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("secret".utf8).write(to: outside.appendingPathComponent("passwd"))
        try volume.link("escape", to: outside.path + "/passwd")
        let error = try failure(volume.url)
        #expect(error.code == .unreadableFile)
        let target = try #require(realpath(outside.path + "/passwd", nil))
        defer { free(target) }
        #expect(
            error.description
                == "\(volume.path)/escape: is a symbolic link to \(String(cString: target)), outside the directory \(volume.path)"
        )
        let relative = try KubernetesVolume(["a": "1"])
        defer { relative.remove() }
        try relative.link("up", to: "../")
        #expect(try failure(relative.url).description.hasPrefix(relative.path + "/up: is a symbolic link to "))
    }

    @Test func danglingLink() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        try volume.link("gone", to: "..data/gone")
        let error = try failure(volume.url)
        #expect(error.code == .missingResource)
        #expect(
            error.description == volume.path
                + "/gone: cannot resolve: it is a symbolic link to nothing, or does not exist")
    }

    @Test func namesThatAreNotKeys() throws {
        let volume = try KubernetesVolume(["a..b": "1"])
        defer { volume.remove() }
        let error = try failure(volume.url)
        #expect(error.code == .malformedContent)
        #expect(
            error.description == volume.path
                + "/a..b: the name is not a property key: a '.' must stand between two names")
        let blank = try KubernetesVolume(["my key": "1"])
        defer { blank.remove() }
        #expect(
            try failure(blank.url).description
                == blank.path + "/my key: the name is not a property key: a key has no blank or control character")
    }

    @Test func twoFilesForOneKey() throws {
        let volume = try KubernetesVolume(["database.port": "1", "database/port": "2"])
        defer { volume.remove() }
        let error = try failure(volume.url)
        #expect(error.code == .conflictingKeys)
        #expect(
            error.description == volume.path
                + "/database/port: sets the key 'database.port', as \(volume.path)/database.port does")
    }

    /// A file for a key and a file for a key below it are two keys, as in upstream's flat
    /// dictionary: both read back.
    @Test func aKeyAndAKeyBelowItBothRead() throws {
        let nested = try KubernetesVolume(["database": "x", "database.port": "1"])
        defer { nested.remove() }
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: nested.url))
        #expect(container.property("database") as String? == "x")
        #expect(container.property("database.port") as Int? == 1)
    }

    /// A quadratic walk or check over the files would take minutes here.
    @Test func manyFilesLoadInOnePass() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<3_000 {
            let folder = directory.appendingPathComponent("group\(index % 30)")
            if index < 30 { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
            try KubernetesVolume.writeFile(folder.path + "/key\(index)", "\(index)")
        }
        let batch = try DirectoryPropertyLoader(url: directory).loadBatch()
        #expect(batch.operationCount == 3_000)
    }
}
