import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The Swift samples of MountedDirectories.md, verbatim (Scripts/check-doc-samples.py), and tests
// that run them through the public API on the layout the kubelet writes.
struct DirectoryDocSamples {
    func loadMountedVolumes(into container: Container, config: URL, secrets: URL) throws {
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: config))
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: secrets, secret: true))
    }

    func loadSmallVolume(at url: URL, into container: Container) throws {
        let options = DirectoryPropertyLoader.Options(
            maxFiles: 100, maxFileBytes: 64 << 10, maxDepth: 2, maxTotalBytes: 256 << 10)
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: url, secret: true, options: options))
    }
}

@Suite struct DirectoryDocSampleTests {
    @Test func configMapAndSecret() throws {
        let config = try KubernetesVolume(["database.host": "db.internal\n", "database.port": "5432\n"])
        defer { config.remove() }
        let secrets = try KubernetesVolume(["database.password": "hunter2\n"])
        defer { secrets.remove() }
        let container = Container()
        try DirectoryDocSamples().loadMountedVolumes(into: container, config: config.url, secrets: secrets.url)
        #expect(container.property("database.host") == "db.internal")
        #expect(container.property("database.password") == "hunter2")
        #expect(container.propertySource(for: "database.password")?.isSecret == true)
        #expect(container.propertySource(for: "database.port")?.isSecret == false)
    }

    @Test func smallVolumeRefusesALargeFile() throws {
        let volume = try KubernetesVolume(["certificate": String(repeating: "x", count: 65 << 10)])
        defer { volume.remove() }
        let error = try #require(throws: PropertyLoaderError.self) {
            try DirectoryDocSamples().loadSmallVolume(at: volume.url, into: Container())
        }
        #expect(
            error.description == volume.path + "/certificate: file is 66560 bytes, more than the limit of 65536 bytes")
    }

    @Test func docCommentSample() throws {
        let config = try KubernetesVolume(["a": "1"])
        defer { config.remove() }
        let container = Container()
        let configMap = DirectoryPropertyLoader(url: config.url)
        let secrets = DirectoryPropertyLoader(url: config.url, secret: true)
        try container.applyPropertyLoader(configMap)
        try container.applyPropertyLoader(secrets)
        #expect(container.propertySource(for: "a")?.isSecret == true)
    }
}
