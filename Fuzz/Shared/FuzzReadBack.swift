// Shared by the loader fuzz targets: applies a loader to a fresh container and reads every
// property back through the public API, so the store, the lookup rules and the conversions
// run on whatever the parser accepted.

import Foundation
import Swinject
import SwinjectPropertyLoader

enum FuzzReadBack {
    static func exercise(_ loader: some PropertyLoader) {
        let container = Container()
        guard (try? container.applyPropertyLoader(loader)) != nil else { return }
        let child = Container(parent: container)
        for key in container.propertyKeys {
            let record = child.propertyRecord(for: key)
            if record == nil { fatalError("a stored key is not visible: \(key)") }
            _ = child.property(key, as: Any.self)
            _ = child.property(key, as: String.self)
            _ = child.property(key, as: Int.self)
            _ = child.property(key, as: Double.self)
            _ = child.property(key, as: [String: Any].self)
            _ = child.property(key, as: [Any].self)
            // Dot paths into the value and sections above it.
            _ = child.property(key + ".0", as: Any.self)
            if let dot = key.lastIndex(of: ".") {
                _ = child.property(String(key[..<dot]), as: [String: Any].self)
            }
        }
        _ = container.propertiesDescription
        _ = try? loader.load()
    }
}
