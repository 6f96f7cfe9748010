import PropertyFormats
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// Resolves the `${key}` placeholders of a built snapshot (see ``PlaceholderTemplate`` for the
/// syntax), the last step of every build.
///
/// Placeholders refer to the snapshot's own properties, after every loader applied so far: a
/// child container's to its parent's as well. The snapshot keeps the unresolved values
/// (``PlaceholderState``), so a later loader that changes a referenced key changes every value
/// that refers to it.
///
/// Each string with placeholders is resolved once, depth first with an explicit stack; a
/// string that another one refers to is resolved first and its result reused, so the work is
/// proportional to the templates' size plus what they write. A string on the stack that is
/// referred to again is a cycle. ``PlaceholderLimits`` bounds the longest chain of strings that
/// refer to strings (whatever the order they are resolved in) and the bytes written.
///
/// A value that is exactly one placeholder takes the referenced value with its type (`"${port}"`
/// where `port` is `5432` is the integer `5432`); anything else is text. The resolved value
/// keeps the template's source; it is secret when the template's source or any referenced
/// value's source is secret, and reads as text when it is exactly one placeholder for a value
/// of a text source. A value from a verbatim source (``PlaceholderMode/verbatim``) is never a
/// template.
///
/// The value a table holds beside its members (``SnapshotTable/own``) is a template like any
/// other, keyed by the table's key, so `${database}` reads it and it may refer to other keys.
///
/// A placeholder that does not resolve (it names a key no loader set, a table, or joins a cycle)
/// does not fail the build: a later loader may still set the key, and applying loaders one at a
/// time must end where applying them together does. The string, and every string that refers to
/// it, becomes `null` in the resolved tree, and its error is kept by key
/// (``PlaceholderState/failures``) for the read of that key and for the start-up checks to
/// report. A malformed template and a passed ``PlaceholderLimits`` bound are errors of the build:
/// no later loader changes the one, and the other bounds the work of each build.
struct PlaceholderResolution {
    struct Slot {
        /// The string's flat key.
        let key: String
        let template: PlaceholderTemplate
        let source: Int32
        let position: SourcePosition
    }

    private enum Target {
        case slot(Int)
        case value(PropertyNode, source: Int32)
        case section
        case missing
    }

    private struct Frame {
        let slot: Int
        var part = 0
        var output: [UInt8] = []
        var typed: PropertyValue?
        var references: [PropertyReference] = []
        /// The keys of ``references``, once there are more than a few to compare.
        var seen: Set<String> = []
        var secret = false
        var text = false
        /// Slots on the longest chain of references from here, this one included.
        var depth = 1
        /// The referenced slot that chain continues with.
        var deepest: Int?

        /// Whether `key` is not among the references yet: compared one by one while they are
        /// few, hashed once they are many, so a template with many placeholders stays linear.
        mutating func isNewReference(_ key: String) -> Bool {
            if references.count < 8 { return !references.contains { $0.key == key } }
            if seen.isEmpty { seen = Set(references.map(\.key)) }
            return seen.insert(key).inserted
        }
    }

    let raw: PropertySnapshot
    let limits: PlaceholderLimits
    /// The container's secret rules, for errors about a secret value.
    let secrets: PropertySecrets
    private(set) var slots: [Slot] = []
    private var slotIndex: [String: Int] = [:]
    private var state: [UInt8] = []
    private var results: [PropertyValue] = []
    private var secret: [Bool] = []
    private var text: [Bool] = []
    private var references: [[PropertyReference]] = []
    private var depth: [Int] = []
    private var deepest: [Int?] = []
    /// The error of each slot that does not resolve, by slot.
    private var failures: [Int: PropertyLoaderError] = [:]
    private var total = 0

    /// Generations of resolved trees: negative, so they never equal a builder's.
    private static let generations = StoredAtomic<Int>(0)

    private init(raw: PropertySnapshot, limits: PlaceholderLimits, secrets: PropertySecrets) {
        self.raw = raw
        self.limits = limits
        self.secrets = secrets
    }

    /// The snapshot of `root` with every placeholder resolved.
    static func finish(
        root: SnapshotTable, sources: [PropertySource], generation: Int, firstNewSource: Int32,
        previous: [[String]], scanNewValues: Bool = true, limits: PlaceholderLimits,
        secrets: PropertySecrets = .default
    ) throws(PropertyLoaderError) -> PropertySnapshot {
        let raw = PropertySnapshot(root: root, sources: sources)
        let candidates = PlaceholderLocations.find(
            in: root, generation: generation, firstNewSource: firstNewSource, previous: previous,
            scanNewValues: scanNewValues)
        guard !candidates.isEmpty else { return raw }
        var resolution = PlaceholderResolution(raw: raw, limits: limits, secrets: secrets)
        resolution.slots.reserveCapacity(candidates.count)
        resolution.slotIndex.reserveCapacity(candidates.count)
        var locations:
            [(path: [String], node: PropertyNode, source: Int32, own: Bool, slots: [(slot: Int, ordinal: Int)])] = []
        locations.reserveCapacity(candidates.count)
        for path in candidates {
            guard let (node, source, own) = PlaceholderLocations.value(at: path, in: root),
                !sources[Int(source)].isVerbatim
            else { continue }
            let found = try resolution.addSlots(of: node, at: path, source: source)
            if !found.isEmpty { locations.append((path, node, source, own, found)) }
        }
        guard !locations.isEmpty else { return raw }
        try resolution.resolveAll()

        var resolvedRoot = root
        var resolvedSources = sources
        var derived: [PropertySource: Int32] = [:]
        var references: [String: [PropertyReference]] = [:]
        references.reserveCapacity(resolution.slots.count)
        var failures: [String: PropertyLoaderError] = [:]
        let resolvedGeneration = -generations.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
        for location in locations {
            var isSecret = false
            var isText = false
            var replacements: [(ordinal: Int, value: PropertyValue)] = []
            replacements.reserveCapacity(location.slots.count)
            let isString = if case .string = location.node.value { true } else { false }
            for (slot, ordinal) in location.slots {
                if let failure = resolution.failures[slot] {
                    replacements.append((ordinal, .null))
                    failures[resolution.slots[slot].key] = failure
                    continue
                }
                replacements.append((ordinal, resolution.results[slot]))
                isSecret = isSecret || resolution.secret[slot]
                if isString { isText = resolution.text[slot] }
                references[resolution.slots[slot].key] = resolution.references[slot]
            }
            let node = PlaceholderLocations.rebuild(location.node, replacing: replacements)
            var source = location.source
            let original = sources[Int(source)]
            if (isSecret && !original.isSecret) || (isText && !original.valuesAreText) {
                var changed = original
                changed.isSecret = original.isSecret || isSecret
                changed.valuesAreText = original.valuesAreText || isText
                if let known = derived[changed] {
                    source = known
                } else {
                    source = Int32(resolvedSources.count)
                    derived[changed] = source
                    resolvedSources.append(changed)
                }
            }
            PlaceholderLocations.install(
                .value(node, source: source), at: location.path, own: location.own, in: &resolvedRoot,
                generation: resolvedGeneration)
        }
        let state = PlaceholderState(
            raw: root, rawSourceCount: sources.count, locations: locations.map(\.path), references: references,
            failures: failures)
        return PropertySnapshot(root: resolvedRoot, sources: resolvedSources, placeholders: state)
    }

    /// Adds the strings of the value at `path` that are templates; returns their slots and
    /// ordinals among the value's strings.
    private mutating func addSlots(of node: PropertyNode, at path: [String], source: Int32)
        throws(PropertyLoaderError) -> [(slot: Int, ordinal: Int)]
    {
        var found: [(slot: Int, ordinal: Int)] = []
        for (ordinal, string) in PlaceholderLocations.strings(of: node).enumerated() {
            guard PlaceholderTemplate.mayHoldPlaceholder(string.text) else { continue }
            let key = PropertyKeyPath.spelling(string.path.isEmpty ? path : path + string.path)
            let template: PlaceholderTemplate?
            do {
                template = try PlaceholderTemplate.parse(string.text)
            } catch {
                throw malformed(error, key: key, source: source, position: string.position)
            }
            guard let template else { continue }
            slotIndex[key] = slots.count
            found.append((slots.count, ordinal))
            slots.append(Slot(key: key, template: template, source: source, position: string.position))
        }
        return found
    }

    private mutating func resolveAll() throws(PropertyLoaderError) {
        state = Array(repeating: 0, count: slots.count)
        results = Array(repeating: .null, count: slots.count)
        secret = Array(repeating: false, count: slots.count)
        text = Array(repeating: false, count: slots.count)
        references = Array(repeating: [], count: slots.count)
        depth = Array(repeating: 0, count: slots.count)
        deepest = Array(repeating: nil, count: slots.count)
        for start in slots.indices where state[start] == 0 { try resolve(start) }
    }

    /// Resolves `start` and every unresolved slot it refers to. `state`: 0 pending, 1 on the
    /// stack, 2 resolved.
    private mutating func resolve(_ start: Int) throws(PropertyLoaderError) {
        var stack = [Frame(slot: start)]
        state[start] = 1
        while let top = stack.indices.last {
            let slot = slots[stack[top].slot]
            let parts = slot.template.parts
            guard stack[top].part < parts.count else {
                try finish(stack.removeLast())
                continue
            }
            switch parts[stack[top].part] {
            case .text(let bytes):
                stack[top].output.append(contentsOf: bytes)
                try checkSize(stack[top].output.count, of: slot)
                stack[top].part += 1
            case .reference(let key, let fallback, let offset):
                let value: PropertyValue
                let origin: PropertySource?
                switch target(of: key) {
                case .slot(let other):
                    if state[other] == 1 {
                        fail(&stack, cycle(stack.map(\.slot), closingAt: other))
                        continue
                    }
                    if let failure = failures[other] {
                        // A string that refers to one that does not resolve does not either.
                        fail(&stack, failure)
                        continue
                    }
                    if state[other] == 0 {
                        guard stack.count < limits.maxDepth else { throw tooDeep(stack.map(\.slot) + [other]) }
                        state[other] = 1
                        stack.append(Frame(slot: other))
                        continue
                    }
                    value = results[other]
                    if depth[other] + 1 > stack[top].depth {
                        stack[top].depth = depth[other] + 1
                        stack[top].deepest = other
                    }
                    origin = raw.source(slots[other].source, at: slots[other].position)
                    stack[top].secret = stack[top].secret || secret[other]
                    if parts.count == 1 { stack[top].text = text[other] }
                case .value(let node, let source):
                    value = node.value
                    origin = raw.source(source, at: node.position)
                    stack[top].secret = stack[top].secret || raw.sources[Int(source)].isSecret
                    if parts.count == 1 { stack[top].text = raw.sources[Int(source)].valuesAreText }
                case .section:
                    fail(&stack, notInsertable(key, kind: "table", at: offset, in: slot))
                    continue
                case .missing:
                    guard let fallback else {
                        fail(&stack, missing(key, at: offset, in: slot))
                        continue
                    }
                    value = .string(fallback)
                    origin = nil
                }
                switch value {
                case .table, .array, .data:
                    fail(&stack, notInsertable(key, kind: value.kindName, at: offset, in: slot))
                    continue
                default:
                    break
                }
                try insert(value, key: key, at: offset, into: &stack[top], single: parts.count == 1, of: slot)
                if stack[top].isNewReference(key) {
                    stack[top].references.append(PropertyReference(key: key, source: origin))
                }
                stack[top].part += 1
            }
        }
    }

    /// Ends the frame on top of `stack`: its slot does not resolve, for `error`. The frame below,
    /// which referred to it, meets the failure when it looks at that reference again.
    private mutating func fail(_ stack: inout [Frame], _ error: PropertyLoaderError) {
        let slot = stack.removeLast().slot
        failures[slot] = error
        state[slot] = 2
    }

    private func target(of key: String) -> Target {
        // Without a quote, splitting at dots and spelling the segments again gives the key back.
        let flat =
            key.utf8.contains(UInt8(ascii: "\"")) ? PropertyKeyPath.spelling(PropertyKeyPath.segments(of: key)) : key
        if let slot = slotIndex[flat] { return .slot(slot) }
        switch raw.find(key) {
        case .value(let node, let source)?:
            if case .null = node.value { return .missing }
            return .value(node, source: source)
        case .table(let table)?:
            // A value beside members (``SnapshotTable/own``) is what the key inserts.
            guard let own = table.own else { return .section }
            if case .null = own.node.value { return .missing }
            return .value(own.node, source: own.source)
        case nil: return .missing
        }
    }

    private func insert(
        _ value: PropertyValue, key: String, at offset: Int, into frame: inout Frame, single: Bool, of slot: Slot
    ) throws(PropertyLoaderError) {
        switch value {
        case .string(let string):
            frame.output.append(contentsOf: string.utf8)
        default:
            if single { frame.typed = value }
            frame.output.append(contentsOf: Self.text(of: value).utf8)
        }
        try checkSize(frame.output.count, of: slot)
    }

    /// The text a scalar inserts: digits, `true`/`false`, dates as ISO 8601.
    private static func text(of value: PropertyValue) -> String {
        switch value {
        case .integer(let integer): String(integer)
        case .bigInteger(let digits): digits
        case .float(let double): String(double)
        case .bool(let bool): String(bool)
        case .dateTime(let dateTime): dateTime.description
        case .timestamp(let date): PropertyConversion.iso8601(date) ?? "\(date)"
        case .string(let string): string
        default: ""
        }
    }

    private mutating func finish(_ frame: Frame) throws(PropertyLoaderError) {
        if frame.depth > limits.maxDepth {
            var chain = [frame.slot]
            var next = frame.deepest
            while let slot = next, chain.count <= limits.maxDepth + 1 {
                chain.append(slot)
                next = deepest[slot]
            }
            throw tooDeep(chain)
        }
        total += frame.output.count
        if total > limits.maxTotalBytes {
            throw PropertyLoaderError(
                .placeholderLimit, source: raw.sources[Int(slots[frame.slot].source)].name,
                message: "placeholders expand to more than \(limits.maxTotalBytes) bytes in all "
                    + "(PlaceholderLimits.maxTotalBytes), passed at property \"\(slots[frame.slot].key)\"",
                position: slots[frame.slot].position)
        }
        results[frame.slot] = frame.typed ?? .string(String(decoding: frame.output, as: UTF8.self))
        secret[frame.slot] = frame.secret
        text[frame.slot] = frame.text
        references[frame.slot] = frame.references
        depth[frame.slot] = frame.depth
        deepest[frame.slot] = frame.deepest
        state[frame.slot] = 2
    }
}
