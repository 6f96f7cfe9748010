import Foundation
import PropertyFormats
import Swinject
import Testing

@testable import SwinjectPropertyLoader

/// Values counted against `ParseLimits.maxNodesPerInputByte` where one object can appear in
/// many places: binary property lists and Swift value graphs.
@Suite struct FormatsExpansionTests {
    /// The reported case: twelve levels of arrays, each holding the previous one four times,
    /// would expand to 4^12 (16.7 million) integers from a file of a few hundred bytes.
    @Test func sharedArraysInABinaryPlistStopAtTheBudget() throws {
        let data = FormatsBinaryPlist.sharedArrays(levels: 12)
        #expect(data.count < 400)
        let error = try #require(loaderError(PlistPropertyLoader(data: data, name: "shared.plist")))
        #expect(error.code == .malformedContent)
        #expect(error.parseError?.code == .tooManyValues)
        #expect(error.description.hasPrefix("shared.plist: property \"list.0.0."))
        #expect(error.description.contains("over the limit of \(data.count) values"))
        #expect(error.description.contains("ParseLimits.maxNodesPerInputByte: 1 per byte of its \(data.count) bytes"))
    }

    /// Through a container, as a user meets it.
    @Test func sharedArraysFailApplyingToAContainer() throws {
        let container = Container()
        let loader = PlistPropertyLoader(data: FormatsBinaryPlist.sharedArrays(levels: 16), name: "shared.plist")
        #expect(throws: PropertyLoaderError.malformedContent) { try container.applyPropertyLoader(loader) }
        #expect(container.propertyKeys.isEmpty)
    }

    /// Sharing that stays within the budget still loads, every place expanded.
    @Test func modestSharingLoads() throws {
        let data = FormatsBinaryPlist.sharedArrays(levels: 3)
        let properties = try PlistPropertyLoader(data: data, name: "shared.plist").loadBatch().properties
        guard case .array(let level3) = try #require(properties.first).value,
            case .array(let level2) = try #require(level3.last).value,
            case .array(let level1) = try #require(level2.last).value
        else { throw Unexpected.shape }
        #expect(
            level3.count == 4 && level2.count == 4 && level1 == Array(repeating: PropertyNode(.integer(1)), count: 4))
        // A raised ratio lets a deeper shared list through.
        let deeper = FormatsBinaryPlist.sharedArrays(levels: 6)
        #expect(loaderError(PlistPropertyLoader(data: deeper, name: "s.plist")) != nil)
        #expect(
            loaderError(
                PlistPropertyLoader(
                    data: deeper, name: "s.plist", options: .init(limits: .init(maxNodesPerInputByte: 64))))
                == nil)
    }

    /// The variant: dictionaries whose members all hold the previous dictionary.
    @Test func sharedDictionariesStopAtTheBudget() throws {
        let data = FormatsBinaryPlist.sharedDictionaries(levels: 12)
        let error = try #require(loaderError(PlistPropertyLoader(data: data, name: "dicts.plist")))
        #expect(error.parseError?.code == .tooManyValues)
        #expect(error.description.hasPrefix("dicts.plist: property \"k0.k0."))
    }

    /// The path Apple platforms take: `PropertyListSerialization`'s objects keep the sharing,
    /// and the bridging counts against the same budget.
    @Test func bridgedPropertyListObjectsStopAtTheBudget() throws {
        let data = FormatsBinaryPlist.sharedArrays(levels: 12)
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let pairs = try #require(PropertyValueBridging.sortedTopLevel(plist))
        var budget = ValueBudget(limits: .default, inputBytes: data.count)
        #expect(throws: PropertyLoaderError.malformedContent) {
            try PropertyValueBridging.propertyValue(
                from: pairs[0].value, key: "list", source: "s.plist", budget: &budget)
        }
    }

    /// A Swift value graph of a custom loader shares array storage the same way; it has no
    /// input bytes and is held to `maxNodesPerInputByte × maxInputBytes`.
    @Test func sharedSwiftArraysStopAtTheBudget() throws {
        var value: Any = 1
        for _ in 0..<12 { value = [Any](repeating: value, count: 4) }
        var budget = ValueBudget(limits: ParseLimits(maxInputBytes: 10_000), inputBytes: nil)
        do {
            _ = try PropertyValueBridging.propertyValue(from: value, key: "graph", source: "Custom", budget: &budget)
            Issue.record("expected the budget to stop the conversion")
        } catch {
            #expect(error.code == .unsupportedValue)
            #expect(error.parseError?.code == .tooManyValues)
            #expect(error.description.contains("over the limit of 10000 values"))
            #expect(error.description.contains("per byte of ParseLimits.maxInputBytes (10000)"))
        }
        var dictionary: Any = ["leaf": 1]
        for _ in 0..<12 { dictionary = ["a": dictionary, "b": dictionary, "c": dictionary, "d": dictionary] }
        budget = ValueBudget(limits: ParseLimits(maxInputBytes: 10_000), inputBytes: nil)
        #expect(throws: PropertyLoaderError.unsupportedValue) {
            try PropertyValueBridging.propertyValue(from: dictionary, key: "graph", source: "Custom", budget: &budget)
        }
    }

    @Test func defaultRatioAndItsSaturation() {
        #expect(ParseLimits.default.maxNodesPerInputByte == 1)
        #expect(ParseLimits.default.maxNodes(forInputBytes: 317) == 317)
        #expect(ParseLimits(maxNodesPerInputByte: .max).maxNodes(forInputBytes: 2) == .max)
    }

    enum Unexpected: Error { case shape }
}
