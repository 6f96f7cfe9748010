import Foundation

/// Fixture files shipped with the test target (processed resources sit at the bundle's top level).
enum Fixtures {
    static var bundle: Bundle { Bundle.module }

    static func url(_ name: String, _ fileExtension: String) -> URL? {
        bundle.url(forResource: name, withExtension: fileExtension)
    }
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("swinjectkit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
