// libFuzzer entry point for PlistPropertyLoader, built by Scripts/fuzz.sh.
//
// On Linux the loader walks the objects of CoreFoundation's parser itself. Every input is also
// read the other way, through PropertyListSerialization's bridged result handed to a custom
// loader (the path the loader took before, and still takes on Darwin): the two must agree on
// every value, and on whether the input is a property list at all. A disagreement stops the
// run with both results.

import Foundation
import PropertyFormats
import SwinjectPropertyLoader

/// Foundation's bridged result, converted by the conversion every custom loader gets.
struct BridgedPlistLoader: PropertyLoader {
    struct NotADictionary: Error {}
    let data: Data

    func load() throws -> [String: Any] {
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let dictionary = plist as? [String: Any] else { throw NotADictionary() }
        return dictionary
    }
}

/// Whether any table holds two keys that `String` calls equal (canonically equivalent
/// spellings). Swift's dictionaries merge those when Foundation bridges, so the bridged
/// result cannot be compared member for member.
func hasEquivalentKeys(_ value: PropertyValue) -> Bool {
    switch value {
    case .table(let table):
        Set(table.entries.map(\.key)).count != table.entries.count
            || table.entries.contains { hasEquivalentKeys($0.node.value) }
    case .array(let nodes): nodes.contains { hasEquivalentKeys($0.value) }
    default: false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = count > 0 ? Data(bytes: start!, count: count) : Data()
    let properties: [LoadedProperty]
    do {
        properties = try PlistPropertyLoader(data: data, name: "fuzz.plist").loadBatch().properties
    } catch let error as PropertyLoaderError {
        // A refused binary plist with a set never reaches Foundation: bridging one crashes it.
        if error.code == .malformedContent, !error.message.contains("is a set") {
            if (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil {
                fatalError("the loader refused what PropertyListSerialization reads: \(error)")
            }
        }
        return 0
    } catch {
        fatalError("the loader threw a \(type(of: error)), not a PropertyLoaderError: \(error)")
    }
    let keys = properties.map(\.key)
    if Set(keys).count != keys.count || properties.contains(where: { hasEquivalentKeys($0.value) }) { return 0 }
    let bridged: [LoadedProperty]
    do {
        bridged = try BridgedPlistLoader(data: data).propertyBatch().properties
    } catch {
        fatalError("PropertyListSerialization's result failed where the loader read \(keys): \(error)")
    }
    let expected = Dictionary(uniqueKeysWithValues: bridged.map { ($0.key, $0.value) })
    guard expected.count == properties.count else {
        fatalError("keys differ: loader \(keys), bridged \(bridged.map(\.key))")
    }
    for property in properties where expected[property.key] != property.value {
        // Kinds only: describing a NaN date traps inside Foundation. The saved input shows the rest.
        fatalError(
            "\"\(property.key)\" differs: loader \(property.value.kindName), "
                + "bridged \(expected[property.key]?.kindName ?? "nothing")")
    }
    return 0
}
