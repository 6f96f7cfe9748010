import ArgumentParser
import Foundation
import SwinjectPropertyLoader

/// The configuration formats the command reads, chosen by a file's extension (a directory is
/// its own format) unless `--format` names one for every file.
enum FileFormat: String, CaseIterable, ExpressibleByArgument {
    case json, plist, toml, yaml, env, directory

    /// The formats `--format` accepts, as its help lists them.
    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// Whether this build can read the format: YAML needs the package's `YAML` trait.
    var isAvailable: Bool {
        switch self {
        case .yaml:
            #if YAML
                true
            #else
                false
            #endif
        default: true
        }
    }

    /// The format of `path`: `override` when given, else a directory, else the extension
    /// (`.json`, `.plist`, `.toml`, `.yaml`/`.yml`, `.env`, and a file named `.env` or
    /// `.env.<anything>`).
    static func of(path: String, override: FileFormat?) throws(ValidationError) -> FileFormat {
        let format: FileFormat
        if let override { format = override } else { format = try detect(path) }
        guard format.isAvailable else {
            throw ValidationError(
                "\(path): reading YAML needs the YAML package trait; build with"
                    + " `swift build --traits YAML` (or enable the trait where you depend on SwinjectKit)")
        }
        return format
    }

    /// Whether `path` names a directory (following a symbolic link).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func detect(_ path: String) throws(ValidationError) -> FileFormat {
        if isDirectory(path) { return .directory }
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name == ".env" || name.hasPrefix(".env.") { return .env }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": return .json
        case "plist": return .plist
        case "toml": return .toml
        case "yaml", "yml": return .yaml
        case "env": return .env
        case let other:
            let shown = other.isEmpty ? "no extension" : "the extension \".\(other)\""
            throw ValidationError(
                "\(path): cannot tell the format from \(shown); pass --format with one of "
                    + allValueStrings.joined(separator: ", "))
        }
    }

    /// The loader that reads `path` in this format.
    func loader(path: String) throws(ValidationError) -> any PropertyLoader {
        let url = URL(fileURLWithPath: path)
        switch self {
        case .json: return JsonPropertyLoader(url: url)
        case .plist: return PlistPropertyLoader(url: url)
        case .toml: return TomlPropertyLoader(url: url)
        case .yaml:
            #if YAML
                return YAMLPropertyLoader(url: url)
            #else
                throw ValidationError("\(path): reading YAML needs the YAML package trait")
            #endif
        case .env: return DotEnvPropertyLoader(url: url)
        case .directory: return DirectoryPropertyLoader(url: url)
        }
    }
}
