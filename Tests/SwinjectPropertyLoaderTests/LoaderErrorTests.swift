import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct LoaderErrorTests {
    @Test func missingBundleResourceNamesBundleAndResource() throws {
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(bundle: Fixtures.bundle, name: "nope").loadBatch().properties
        }
        #expect(error.code == .missingResource)
        #expect(error.description.contains("no resource \"nope.plist\" in bundle \(Fixtures.bundle.bundlePath)"))
    }

    /// A file given by URL that does not exist is a missing resource, as a bundle resource is.
    @Test func missingFileIsAMissingResource() throws {
        let url = URL(fileURLWithPath: "/nonexistent/config.plist")
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(url: url).loadBatch().properties
        }
        #expect(error.code == .missingResource)
        #expect(error.description == "/nonexistent/config.plist: cannot open: file does not exist")
    }

    @Test func directoryIsUnreadable() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(url: directory).loadBatch().properties
        }
        #expect(error.code == .unreadableFile)
        #expect(error.description == "\(directory.path): is a directory, not a file")
    }

    @Test func symbolicLinkLoopIsUnreadable() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.plist")
        let b = directory.appendingPathComponent("b.plist")
        try FileManager.default.createSymbolicLink(at: a, withDestinationURL: b)
        try FileManager.default.createSymbolicLink(at: b, withDestinationURL: a)
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(url: a).loadBatch().properties
        }
        #expect(error.code == .unreadableFile)
        #expect(error.description.contains("symbolic link loop"))
    }

    @Test func unreadablePermissionsAreReported() throws {
        guard geteuid() != 0 else {
            print("SKIPPED: permission test runs as root, which can read any file")
            return
        }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("secret.plist")
        try Data("<plist><dict/></plist>".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        let error = try #require(throws: PropertyLoaderError.self) {
            try PlistPropertyLoader(url: url).loadBatch().properties
        }
        #expect(error.code == .unreadableFile)
        #expect(error.description.contains("permission denied"))
    }

    @Test func fileLargerThanTheLimitIsRefusedBeforeReading() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("big.plist")
        try Data(repeating: 0x20, count: 2048).write(to: url)
        let loader = PlistPropertyLoader(url: url, options: .init(limits: ParseLimits(maxInputBytes: 1024)))
        let error = try #require(throws: PropertyLoaderError.self) { try loader.loadBatch().properties }
        #expect(error.code == .unreadableFile)
        #expect(error.description.contains("file is 2048 bytes, more than the limit of 1024 bytes"))
    }

    @Test func failingLoaderLeavesPropertiesUntouched() throws {
        let container = Container()
        try container.applyPropertyLoader(DictionaryLoader(values: ["name": "Mike"]))
        #expect(throws: FailingLoader.Failure.self) { try container.applyPropertyLoader(FailingLoader()) }
        #expect(throws: PropertyLoaderError.invalidTopLevel) {
            try container.applyPropertyLoader(
                PlistPropertyLoader(string: "<plist><string>x</string></plist>"))
        }
        #expect(container.propertyKeys == ["name"])
        #expect(container.property("name") == "Mike")
    }

    @Test func unsupportedCustomValueNamesKeyAndType() throws {
        struct Opaque {}
        let error = try #require(throws: PropertyLoaderError.self) {
            try Container().applyPropertyLoader(DictionaryLoader(values: ["thing": Opaque()]))
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.description.contains("property \"thing\" has a value of type"))
        #expect(error.description.contains("Opaque"))
    }

    @Test func errorsCompareByCode() {
        let one = PropertyLoaderError(.malformedContent, source: "a.json", message: "x")
        let two = PropertyLoaderError(.malformedContent, source: "b.json", message: "y")
        #expect(one == two)
        #expect(one != PropertyLoaderError.missingResource)
    }
}
