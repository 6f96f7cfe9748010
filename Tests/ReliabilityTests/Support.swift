import Foundation
import PropertyFormats
import SwinjectPropertyLoader

/// A fresh empty directory under the system temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-rel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The error a JSON parse throws, or nil when it succeeds.
func jsonError(_ bytes: Data, _ limits: ParseLimits = .default) -> ParseError? {
    do {
        _ = try JSONParser.parse(bytes, options: .init(limits: limits))
        return nil
    } catch {
        return error
    }
}

/// The error a TOML parse throws, or nil when it succeeds.
func tomlError(_ bytes: Data, _ limits: ParseLimits = .default) -> ParseError? {
    do {
        _ = try TOMLParser.parse(bytes, options: .init(limits: limits))
        return nil
    } catch {
        return error
    }
}

/// The error a loader throws, or nil when it loads.
func loaderError(_ loader: any PropertyLoader) -> PropertyLoaderError? {
    do {
        _ = try loader.propertyBatch().properties
        return nil
    } catch let error as PropertyLoaderError {
        return error
    } catch {
        return PropertyLoaderError(.malformedContent, source: "?", message: "unexpected error type: \(error)")
    }
}

/// The three file formats, so that file-system tests run once per loader.
enum FileFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    case json, toml, plist

    var description: String { rawValue }

    func loader(url: URL, limits: ParseLimits = .default) -> any PropertyLoader {
        switch self {
        case .json: JsonPropertyLoader(url: url, options: .init(limits: limits))
        case .toml: TomlPropertyLoader(url: url, options: .init(limits: limits))
        case .plist: PlistPropertyLoader(url: url, options: .init(limits: limits))
        }
    }

    func loader(data: Data, limits: ParseLimits = .default) -> any PropertyLoader {
        let name = "hostile.\(rawValue)"
        return switch self {
        case .json: JsonPropertyLoader(data: data, name: name, options: .init(limits: limits))
        case .toml: TomlPropertyLoader(data: data, name: name, options: .init(limits: limits))
        case .plist: PlistPropertyLoader(data: data, name: name, options: .init(limits: limits))
        }
    }

    /// A small valid document that sets `key = "value"`.
    var validDocument: String {
        switch self {
        case .json: #"{ "key": "value" }"#
        case .toml: #"key = "value""#
        case .plist: "<plist><dict><key>key</key><string>value</string></dict></plist>"
        }
    }
}
