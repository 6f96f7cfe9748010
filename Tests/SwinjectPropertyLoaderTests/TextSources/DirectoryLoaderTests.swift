import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory laid out as the kubelet writes a ConfigMap or Secret volume: the data in a
/// timestamped folder, `..data` linking to it, and one link per key at the top.
struct KubernetesVolume {
    let url: URL
    var path: String { url.path }

    init(_ files: [String: String]) throws {
        url = try makeTemporaryDirectory()
        let manager = FileManager.default
        let timestamped = "..2024_11_25_12_00_00.123456789"
        try manager.createDirectory(atPath: url.path + "/" + timestamped, withIntermediateDirectories: false)
        for (name, content) in files {
            let file = url.path + "/" + timestamped + "/" + name
            try manager.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Self.writeFile(file, content)
        }
        try manager.createSymbolicLink(atPath: url.path + "/..data", withDestinationPath: timestamped)
        for top in Set(files.keys.map { String($0.split(separator: "/")[0]) }) {
            try manager.createSymbolicLink(atPath: url.path + "/" + top, withDestinationPath: "..data/" + top)
        }
    }

    func addFile(_ name: String, _ content: String) throws {
        try Self.writeFile(path + "/" + name, content)
    }

    func link(_ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: destination)
    }

    /// Writes `content` to a new file with POSIX calls, quick enough for thousands of files.
    static func writeFile(_ path: String, _ content: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(content.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

@Suite struct DirectoryLoaderTests {
    @Test func kubernetesConfigMapLayout() throws {
        let volume = try KubernetesVolume([
            "database.host": "db.internal\n", "database.port": "5432", "greeting": "hello\n\n",
            "windows": "crlf\r\n",
        ])
        defer { volume.remove() }
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url))
        #expect(container.propertyKeys.sorted() == ["database.host", "database.port", "greeting", "windows"])
        #expect(container.property("database.host") == "db.internal")
        #expect(container.property("database.port") == "5432")
        #expect(container.property("greeting") == "hello\n")
        #expect(container.property("windows") == "crlf")
        let database: [String: String]? = container.property("database")
        #expect(database == ["host": "db.internal", "port": "5432"])
        let source = try #require(container.propertySource(for: "database.port"))
        #expect(source.name == volume.path + "/database.port")
        #expect(source.description == volume.path + "/database.port")
        #expect(source.valuesAreText)
        #expect(!source.isSecret)
    }

    @Test func secretMarksEveryValue() throws {
        let volume = try KubernetesVolume(["database.password": "hunter2\n", "api.token": "t0k3n"])
        defer { volume.remove() }
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url, secret: true))
        #expect(container.property("database.password") == "hunter2")
        for key in container.propertyKeys {
            let source = try #require(container.propertySource(for: key))
            #expect(source.isSecret, "\(key)")
            #expect(source.valuesAreText)
        }
    }

    @Test func hiddenEntriesAreSkipped() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        try volume.addFile(".hidden", "x")
        try FileManager.default.createDirectory(
            atPath: volume.path + "/.git", withIntermediateDirectories: false)
        try Data("y".utf8).write(to: URL(fileURLWithPath: volume.path + "/.git/HEAD"))
        let batch = try DirectoryPropertyLoader(url: volume.url).loadBatch()
        #expect(batch.properties.map(\.key) == ["a"])
    }

    @Test func foldersAddTheirNameToTheKey() throws {
        let volume = try KubernetesVolume(["database/password": "p", "database/pool/size": "10", "top": "t"])
        defer { volume.remove() }
        try volume.addFile(".keep", "")
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url))
        #expect(container.propertyKeys.sorted() == ["database.password", "database.pool.size", "top"])
        #expect(container.property("database.pool.size") == "10")
        #expect(container.propertySource(for: "database.pool.size")?.name == volume.path + "/database/pool/size")
    }

    @Test func plainDirectoryWithATrailingSlash() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("v".utf8).write(to: directory.appendingPathComponent("key"))
        try Data().write(to: directory.appendingPathComponent("empty"))
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: URL(fileURLWithPath: directory.path + "/")))
        #expect(container.property("key") == "v")
        #expect(container.property("empty") == "")
        #expect(container.propertySource(for: "key")?.name == directory.path + "/key")
    }

    @Test func bytesThatAreNotTextStayData() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = Data([0x30, 0x82, 0xFF, 0x00, 0x0A])
        try keystore.write(to: directory.appendingPathComponent("keystore.p12"))
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: directory))
        #expect(container.property("keystore.p12", as: Data.self) == keystore)
    }

    @Test func symbolicLinksInsideAreFollowed() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        try volume.link("alias", to: "a")
        try volume.link("absolute", to: volume.path + "/..data/a")
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url))
        #expect(container.property("alias") == "1")
        #expect(container.property("absolute") == "1")
    }

    /// The mounted directory itself may be a link, as `/etc/config -> /run/config` is.
    @Test func directoryGivenThroughALink() throws {
        let volume = try KubernetesVolume(["a": "1"])
        defer { volume.remove() }
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let link = parent.appendingPathComponent("config")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: volume.path)
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: link))
        #expect(container.propertySource(for: "a")?.name == link.path + "/a")
    }

    @Test func readsAsTextThatConvertsOnRequest() throws {
        let volume = try KubernetesVolume(["database.port": "5432\n"])
        defer { volume.remove() }
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: volume.url))
        #expect(container.property("database.port") == "5432")
        #expect(container.property("database.port") == 5432)
        #expect(container.property("database.port") == 5432.0)
    }
}
