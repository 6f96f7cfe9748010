import Dispatch
import PropertyFormats
import Swinject
import SwinjectKitSupport
import SwinjectPropertyLoader

extension PropertyLoaderConformance.Checker {
    /// Keys, types and provenance of the batch, as a container merges it.
    mutating func checkMerged(_ batch: PropertyBatch) {
        let container = Container()
        do {
            try container.applyPropertyLoader(BatchLoader(batch: batch))
        } catch {
            add(.loadFailed, "applying the batch to a container threw: \(error)")
            return
        }
        let produced = Set(container.propertyKeys)
        for (key, value) in expected {
            guard let record = container.propertyRecord(for: key) else {
                add(.missingKey, key: key, "expected \(Self.describe(value)), but the loader did not produce the key")
                continue
            }
            if record.value != value {
                add(
                    .wrongValue, key: key,
                    "expected \(Self.describe(value)), got \(Self.describe(record.value)) from \(record.source)")
            }
        }
        let expectedKeys = Set(expected.map(\.key))
        for key in produced.subtracting(expectedKeys).sorted() {
            let source = container.propertySource(for: key).map { " from \($0)" } ?? ""
            add(.unexpectedKey, key: key, "produced but not expected\(source)")
        }
        for key in produced.sorted() {
            guard let source = container.propertySource(for: key) else { continue }
            if source.name.isEmpty {
                add(.missingSource, key: key, "the value's source has an empty name")
            }
            if expectsPositions && !source.position.isKnown {
                add(.missingPosition, key: key, "the value from \(source.name) has no line:column")
            }
        }
    }

    /// A second `loadBatch()` gives the same properties.
    mutating func checkRepeatedLoads(_ first: PropertyBatch) {
        guard let second = loadBatch() else { return }
        if let difference = Self.difference(first.properties, second.properties) {
            add(.unequalRepeatedLoad, "a second loadBatch() differs from the first: \(difference)")
        }
    }

    /// `load()` gives the keys of the batch's non-null properties, twice.
    mutating func checkPlainLoad(_ batch: PropertyBatch) {
        let batchKeys = Set(batch.properties.filter { $0.value != .null }.map(\.key))
        var loads: [Set<String>] = []
        for _ in 0..<2 {
            do {
                loads.append(Set(try loader.load().keys))
            } catch {
                add(.loadFailed, "load() threw: \(error)")
                return
            }
        }
        if loads[0] != batchKeys {
            let missing = batchKeys.subtracting(loads[0]).sorted()
            let extra = loads[0].subtracting(batchKeys).sorted()
            add(.plainLoadDisagrees, "load() keys differ from loadBatch(): missing \(missing), extra \(extra)")
        }
        if loads[0] != loads[1] {
            add(.unequalRepeatedLoad, "a second load() gives other keys than the first")
        }
    }

    /// `bad` throws a `PropertyLoaderError` that says where.
    mutating func checkRejects(_ bad: any PropertyLoader) {
        let label = Self.label(of: bad)
        do {
            let batch = try bad.propertyBatch()
            add(.badInputAccepted, "\(label) was accepted with \(batch.operationCount) operations; it must throw")
        } catch let error as PropertyLoaderError {
            if error.source.isEmpty {
                add(.errorWithoutLocation, "\(label) threw \"\(error)\", which names no source")
            }
            if expectsPositions && !error.position.isKnown {
                add(.errorWithoutLocation, "\(label) threw \"\(error)\", which has no line:column")
            }
        } catch {
            add(
                .errorWithoutLocation,
                "\(label) threw \(type(of: error)) (\(error)), not a PropertyLoaderError, so no source or line:column")
        }
    }

    /// `loadBatch()` and `load()` from several threads at once give the single-threaded answer.
    mutating func checkConcurrentLoads(_ loader: some PropertyLoader & Sendable) {
        guard let reference = try? loader.propertyBatch().properties else { return }
        let referenceKeys = Set(reference.filter { $0.value != .null }.map(\.key))
        let problems = LockedValue<[String]>([])
        let threads = 8
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<16 {
                let problem: String?
                do {
                    if (thread + round) % 2 == 0 {
                        problem = Self.difference(reference, try loader.propertyBatch().properties)
                    } else {
                        let keys = Set(try loader.load().keys)
                        problem = keys == referenceKeys ? nil : "load() gave other keys"
                    }
                } catch {
                    problem = "threw \(error)"
                }
                if let problem {
                    problems.withLock { $0.append("thread \(thread), round \(round): \(problem)") }
                    return
                }
            }
        }
        for problem in problems.withLock({ $0 }) {
            add(.unequalConcurrentLoad, "a load from several threads at once differs: \(problem)")
        }
    }

    /// The first difference between two property lists, or nil when they are equal.
    static func difference(_ first: [LoadedProperty], _ second: [LoadedProperty]) -> String? {
        guard first.count == second.count else {
            return "\(first.count) properties, then \(second.count)"
        }
        for (a, b) in zip(first, second) {
            if a.key != b.key { return "key \"\(a.key)\", then \"\(b.key)\"" }
            if a.value != b.value {
                return "\"\(a.key)\" was \(describe(a.value)), then \(describe(b.value))"
            }
            if a.source != b.source { return "\"\(a.key)\" came from \(a.source), then \(b.source)" }
        }
        return nil
    }

    /// `integer 5432`, `string "5432"`: the kind first, so that kinds that print alike differ.
    static func describe(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): "string \"\(text)\""
        case .integer(let number): "integer \(number)"
        case .bigInteger(let digits): "integer \(digits)"
        case .float(let number): "float \(number)"
        case .bool(let flag): "bool \(flag)"
        case .array(let nodes): "array of \(nodes.count)"
        case .table(let table): "table of \(table.entries.count)"
        default: value.kindName
        }
    }

    /// How a rejected loader is named: its description when it has one, else its type.
    static func label(of loader: any PropertyLoader) -> String {
        if let file = loader as? any FilePropertyLoader { return "\(type(of: loader)) on \(file.input)" }
        return String(describing: type(of: loader))
    }
}

/// Applies a batch already loaded, so the container's merge sees exactly what the loader gave.
private struct BatchLoader: PropertyBatchLoader {
    let batch: PropertyBatch

    func loadBatch() throws -> PropertyBatch { batch }
}
