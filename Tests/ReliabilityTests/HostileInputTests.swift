import Foundation
import PropertyFormats
import SwinjectPropertyLoader
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile bytes and hostile files: each gives its own error naming the input, never a trap.
///
/// The plist loader's missing-file, directory, permission and symlink-loop cases are in
/// `SwinjectPropertyLoaderTests/LoaderErrorTests`; here the same cases run for JSON and TOML,
/// which read files through the same code.
@Suite(.serialized) struct HostileInputTests {
    static let hundredMegabytes = 100 << 20
    static let raisedLimits = ParseLimits(maxInputBytes: 128 << 20)

    /// Loads `data` as `format` and returns the parser's error code, checking that the error
    /// names the input and has a position.
    func parseFailure(_ format: FileFormat, _ data: Data, limits: ParseLimits = .default) throws -> ParseError.Code? {
        let error = try #require(loaderError(format.loader(data: data, limits: limits)))
        #expect(error.code == .malformedContent, "\(error)")
        #expect(error.description.hasPrefix("hostile.\(format):"), "\(error)")
        return error.parseError?.code
    }

    // MARK: encodings

    @Test func invalidUTF8() throws {
        for bytes: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let json = Data(#"{"a": ""#.utf8) + bytes + Data(#""}"#.utf8)
            #expect(try parseFailure(.json, json) == .invalidEncoding, "\(bytes)")
            let toml = Data(#"a = ""#.utf8) + bytes + Data(#"""#.utf8)
            #expect(try parseFailure(.toml, toml) == .invalidEncoding, "\(bytes)")
            let comment = Data("# ".utf8) + bytes + Data("\na = 1\n".utf8)
            #expect(try parseFailure(.toml, comment) == .invalidEncoding, "\(bytes)")
        }
        let error = try #require(loaderError(JsonPropertyLoader(data: Data([0x7B, 0xFF, 0x7D]), name: "bad.json")))
        #expect(error.description.hasPrefix("bad.json:1:2: "))
    }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> Data {
        var data = Data()
        if bom { data += bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE] }
        for unit in text.utf16 {
            let bytes = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            data += bigEndian ? bytes : bytes.reversed()
        }
        return data
    }

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func utf16IsRefusedWithAClearMessage(bigEndian: Bool, bom: Bool) throws {
        for format in [FileFormat.json, .toml] {
            let data = Self.utf16(format.validDocument, bigEndian: bigEndian, bom: bom)
            let error = try #require(loaderError(format.loader(data: data)))
            #expect(error.parseError?.code == .invalidEncoding, "\(format) \(error)")
            #expect(error.description.contains("hostile.\(format):1:1: "), "\(error)")
            #expect(error.description.contains("UTF-16"), "\(error)")
        }
        // Foundation reads UTF-16 XML property lists; whatever it decides, the loader must not trap.
        let plist = Self.utf16(FileFormat.plist.validDocument, bigEndian: bigEndian, bom: bom)
        if let error = loaderError(PlistPropertyLoader(data: plist, name: "hostile.plist")) {
            #expect(error.description.hasPrefix("hostile.plist"))
        }
    }

    @Test func nulBytes() throws {
        #expect(try parseFailure(.json, Data(#"{"a": "x\#0y"}"#.utf8)) == .invalidCharacter)
        #expect(try parseFailure(.json, Data("{\"a\": 1}\0".utf8)) != nil)
        #expect(try parseFailure(.json, Data([0])) != nil)
        #expect(try parseFailure(.toml, Data("a = \"x\0y\"".utf8)) == .invalidCharacter)
        #expect(try parseFailure(.toml, Data("a = 1\0\n".utf8)) == .invalidCharacter)
        #expect(try parseFailure(.toml, Data("# comment \0\n".utf8)) == .invalidCharacter)
        let plist = Data("<plist><dict><key>a\0</key><string>x</string></dict></plist>".utf8)
        if let error = loaderError(PlistPropertyLoader(data: plist, name: "hostile.plist")) {
            #expect(error.description.hasPrefix("hostile.plist"))
        }
        // The position points at the NUL itself.
        let error = try #require(loaderError(JsonPropertyLoader(data: Data("{\"a\": \"\0\"}".utf8), name: "nul.json")))
        #expect(error.description.hasPrefix("nul.json:1:8: "))
    }

    // MARK: 100 MB inputs

    @Test(arguments: FileFormat.allCases)
    func hundredMegabytesOfBracketsAreRefusedBySize(format: FileFormat) throws {
        let data = Data(repeating: UInt8(ascii: "["), count: Self.hundredMegabytes)
        let error = try #require(loaderError(format.loader(data: data)))
        #expect(error.code == .malformedContent)
        #expect(
            error.description == "hostile.\(format): input is 104857600 bytes, more than the limit of 67108864 bytes")
    }

    @Test func hundredMegabytesOfBracketsHitTheDepthLimitWhenSizeIsAllowed() throws {
        let brackets = Data(repeating: UInt8(ascii: "["), count: Self.hundredMegabytes)
        #expect(try parseFailure(.json, brackets, limits: Self.raisedLimits) == .nestingTooDeep)
        var toml = Data("a = ".utf8)
        toml.append(brackets)
        #expect(try parseFailure(.toml, toml, limits: Self.raisedLimits) == .nestingTooDeep)
        // A table header of 100 MB of brackets is a syntax error, not a deep table.
        #expect(try parseFailure(.toml, brackets, limits: Self.raisedLimits) != nil)
    }

    @Test func hundredMegabyteStringHitsTheStringLimitWhenSizeIsAllowed() throws {
        var json = Data(#"{"a": ""#.utf8)
        json.append(Data(repeating: UInt8(ascii: "x"), count: Self.hundredMegabytes))
        json.append(Data(#""}"#.utf8))
        #expect(loaderError(FileFormat.json.loader(data: json))?.description.contains("more than the limit") == true)
        #expect(try parseFailure(.json, json, limits: Self.raisedLimits) == .stringTooLong)
        var toml = Data(#"a = ""#.utf8)
        toml.append(Data(repeating: UInt8(ascii: "x"), count: Self.hundredMegabytes))
        toml.append(Data(#"""#.utf8))
        #expect(try parseFailure(.toml, toml, limits: Self.raisedLimits) == .stringTooLong)
    }

    @Test(arguments: FileFormat.allCases)
    func hundredMegabyteFileIsRefusedBeforeReading(format: FileFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("huge.\(format)")
        // A sparse file: its size is 100 MB without writing 100 MB.
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        #expect(truncate(url.path, off_t(Self.hundredMegabytes)) == 0)
        let error = try #require(loaderError(format.loader(url: url)))
        #expect(error.code == .unreadableFile)
        #expect(
            error.description == "\(url.path): file is 104857600 bytes, more than the limit of 67108864 bytes")
    }

    // MARK: files

    @Test(arguments: [FileFormat.json, .toml])
    func missingFile(format: FileFormat) throws {
        let url = URL(fileURLWithPath: "/nonexistent/config.\(format)")
        let error = try #require(loaderError(format.loader(url: url)))
        #expect(error.code == .missingResource)
        #expect(error.description == "/nonexistent/config.\(format): cannot open: file does not exist")
    }

    @Test(arguments: [FileFormat.json, .toml])
    func directoryInsteadOfFile(format: FileFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("config.\(format)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let error = try #require(loaderError(format.loader(url: url)))
        #expect(error.code == .unreadableFile)
        #expect(error.description == "\(url.path): is a directory, not a file")
    }

    @Test(arguments: [FileFormat.json, .toml])
    func symbolicLinkLoop(format: FileFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.\(format)")
        let b = directory.appendingPathComponent("b.\(format)")
        try FileManager.default.createSymbolicLink(at: a, withDestinationURL: b)
        try FileManager.default.createSymbolicLink(at: b, withDestinationURL: a)
        let error = try #require(loaderError(format.loader(url: a)))
        #expect(error.code == .unreadableFile)
        #expect(error.description == "\(a.path): cannot open: too many levels of symbolic links (a symbolic link loop)")
    }

    @Test(arguments: [FileFormat.json, .toml])
    func fileWithoutReadPermission(format: FileFormat) throws {
        guard geteuid() != 0 else {
            print("SKIPPED: running as root, which can read any file; the permission test needs another user")
            return
        }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("secret.\(format)")
        try Data(format.validDocument.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        let error = try #require(loaderError(format.loader(url: url)))
        #expect(error.code == .unreadableFile)
        #expect(error.description == "\(url.path): cannot open: permission denied")
    }

    @Test(arguments: FileFormat.allCases)
    func nonFileURL(format: FileFormat) throws {
        let url = try #require(URL(string: "https://example.com/config.\(format)"))
        let error = try #require(loaderError(format.loader(url: url)))
        #expect(error.code == .unreadableFile)
        #expect(error.description.contains("only file URLs can be read"))
    }

    @Test(arguments: FileFormat.allCases)
    func emptyAndWhitespaceFiles(format: FileFormat) throws {
        for text in ["", "   \n", "\u{FEFF}"] {
            // An empty TOML document is valid (no properties); JSON needs a top level. Foundation
            // reads a plist of only whitespace as an empty OpenStep dictionary: no properties.
            let error = loaderError(format.loader(data: Data(text.utf8)))
            if format == .toml || (format == .plist && text == "   \n") {
                #expect(error == nil, "\(String(describing: error))")
            } else {
                let error = try #require(error)
                #expect(error.description.hasPrefix("hostile.\(format)"))
            }
        }
    }
}
