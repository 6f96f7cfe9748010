import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct PlaceholderLimitTests {
    /// `v0 = "x"`, `vN = "${vN-1}${vN-1}"`: `vN` has 2^N bytes.
    private func doubling(_ count: Int) -> ValuesLoaderForLimits {
        var pairs: [(String, PropertyValue)] = [("v0", .string("x"))]
        for index in 1...count { pairs.append(("v\(index)", .string("${v\(index - 1)}${v\(index - 1)}"))) }
        return ValuesLoaderForLimits(pairs: pairs)
    }

    @Test func doublingTenTimesIsFineAndTwentyFiveIsAnError() throws {
        let container = Container()
        try container.applyPropertyLoader(doubling(10))
        let value: String? = container.property("v10")
        #expect(value?.utf8.count == 1024)
        // Unbounded, v25 alone would be 32 MiB and the whole chain 64 MiB.
        let error = #expect(throws: PropertyLoaderError.placeholderLimit) {
            try Container().applyPropertyLoader(self.doubling(25))
        }
        #expect(
            error?.message == "property \"v21\" expands to more than 1048576 bytes (PlaceholderLimits.maxValueBytes)")
    }

    @Test func customValueLimitIsExceededByTenDoublings() throws {
        let container = Container()
        container.placeholderLimits = PlaceholderLimits(maxValueBytes: 1000)
        #expect(container.placeholderLimits.maxValueBytes == 1000)
        let error = #expect(throws: PropertyLoaderError.placeholderLimit) {
            try container.applyPropertyLoader(self.doubling(10))
        }
        #expect(error?.message.hasPrefix("property \"v10\" expands to more than 1000 bytes") == true)
    }

    @Test func totalLimitCountsEveryValue() throws {
        let container = Container()
        container.placeholderLimits = PlaceholderLimits(maxTotalBytes: 10_000)
        var pairs: [(String, PropertyValue)] = [("base", .string(String(repeating: "y", count: 100)))]
        for index in 0..<200 { pairs.append(("copy\(index)", .string("${base}!"))) }
        let error = #expect(throws: PropertyLoaderError.placeholderLimit) {
            try container.applyPropertyLoader(ValuesLoaderForLimits(pairs: pairs))
        }
        #expect(error?.message.hasPrefix("placeholders expand to more than 10000 bytes in all") == true)
    }

    @Test func depthLimitNamesTheChain() throws {
        var pairs: [(String, PropertyValue)] = [("k0", .string("end"))]
        for index in 1...40 { pairs.append(("k\(index)", .string("${k\(index - 1)}"))) }
        let error = #expect(throws: PropertyLoaderError.placeholderLimit) {
            try Container().applyPropertyLoader(ValuesLoaderForLimits(pairs: pairs))
        }
        #expect(
            error?.message
                == ("placeholders nest more than 32 deep (PlaceholderLimits.maxDepth): k33 -> k32 -> k31 -> k30 -> … -> k3 -> k2 -> k1")
        )
        let shallow = Container()
        shallow.placeholderLimits = PlaceholderLimits(maxDepth: 3)
        let variant = #expect(throws: PropertyLoaderError.placeholderLimit) {
            try shallow.applyPropertyLoader(ValuesLoaderForLimits(pairs: Array(pairs.prefix(5))))
        }
        #expect(
            variant?.message == "placeholders nest more than 3 deep (PlaceholderLimits.maxDepth): k4 -> k3 -> k2 -> k1")
    }

    /// Work bounded by size: 100 000 keys, 50 000 of them templates referring to other keys,
    /// and one value that refers to 20 000 keys. A pass per placeholder over the keys would
    /// take 5·10⁹ steps; copying a value per insertion, gigabytes.
    @Test func manyPlaceholdersResolveInOnePass() throws {
        var pairs: [(String, PropertyValue)] = []
        pairs.reserveCapacity(100_001)
        for index in 0..<50_000 { pairs.append(("plain.k\(index)", .string("v\(index)"))) }
        for index in 0..<50_000 { pairs.append(("templated.k\(index)", .string("<${plain.k\(index)}>"))) }
        pairs.append(("wide", .string((0..<20_000).map { "${plain.k\($0)}" }.joined(separator: ","))))
        let container = Container()
        try container.applyPropertyLoader(ValuesLoaderForLimits(pairs: pairs))
        #expect(container.property("templated.k49999") == "<v49999>")
        let wide: String? = container.property("wide")
        #expect(wide?.hasPrefix("v0,v1,v2") == true)
        // A small loader on top re-resolves only what it needs to rebuild.
        try container.applyPropertyLoader(ValuesLoaderForLimits(pairs: [("plain.k7", .string("seven"))]))
        #expect(container.property("templated.k7") == "<seven>")
    }
}

/// A loader of exact values, for limit tests.
struct ValuesLoaderForLimits: PropertyBatchLoader {
    let pairs: [(String, PropertyValue)]
    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        let source = PropertySource(name: "limits")
        for (key, value) in pairs { batch.set(key, to: value, source: source) }
        return batch
    }
}
