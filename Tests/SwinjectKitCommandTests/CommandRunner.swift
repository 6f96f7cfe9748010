import Foundation
import Testing

/// Runs the built `swinjectkit` executable in the fixtures folder, so sources print as the
/// relative paths the tests pass.
///
/// `swift test` builds every product, so the executable sits in the products folder beside
/// this target's resource bundle; `SWINJECTKIT_COMMAND` names another one.
enum CommandRunner {
    struct Result {
        let status: Int32
        let output: String
        let errorOutput: String
    }

    static var fixtures: URL {
        get throws {
            try #require(
                Bundle.module.url(forResource: "Fixtures", withExtension: nil),
                "the Fixtures folder is missing from the test bundle")
        }
    }

    static var executable: URL {
        get throws {
            if let path = ProcessInfo.processInfo.environment["SWINJECTKIT_COMMAND"] {
                return URL(fileURLWithPath: path)
            }
            let products = Bundle.module.bundleURL.deletingLastPathComponent()
            let url = products.appendingPathComponent("swinjectkit")
            try #require(
                FileManager.default.isExecutableFile(atPath: url.path),
                """
                swinjectkit is not built at \(url.path): run `swift build --product swinjectkit` with \
                the same build folder first, or set SWINJECTKIT_COMMAND to the executable
                """)
            return url
        }
    }

    /// The cells of each line of a table: columns are two or more spaces apart.
    static func rows(_ output: String) -> [[String]] {
        output.split(separator: "\n").map { line in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// Runs `swinjectkit arguments...` with `environment` (nothing else from the test's).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        process.currentDirectoryURL = try fixtures
        process.environment = environment
        // Standard error goes to a file, so neither stream can fill up while the other is read.
        let errorURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("swinjectkit-stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(at: errorURL) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = try Data(contentsOf: errorURL)
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errorOutput: String(decoding: errorData, as: UTF8.self))
    }
}
