/// The registrations of one container, or of a container and its ancestors merged
/// (``init(merging:)``), laid out for `verify()` to read front to back.
///
/// Besides the records themselves, a manifest keeps, up to date as registrations arrive, what
/// checking a container needs from each record: its resolved dependencies, all records' in one
/// pool, with each record's span and usability in a compact array beside the records; and the
/// unnamed, argument-free records by service type, the only ones a dependency can resolve to.
/// A check then reads a few small arrays in order and never the records or anything they point
/// to, so 100,000 services cost ten times what 10,000 do, not more because they miss the cache.
struct Manifest: Sendable {
    /// Where a record's resolved dependencies sit in ``dependencies``.
    struct DependencySpan: Sendable {
        var start: Int32
        var end: Int32
        /// The record's autoregistration has a ``AutoregistrationInfo/problem``: it can never
        /// produce its service, and its dependencies are not recorded.
        var isUnusable: Bool
        /// The record is an autoregistration (its dependencies are known); false for a
        /// registration made with a closure.
        var isAutoregistered: Bool

        static let empty = DependencySpan(start: 0, end: 0, isUnusable: false, isAutoregistered: false)
    }

    /// A parameter of an autoregistered initializer that is resolved from the container (not a
    /// runtime argument), as `verify()` reads it from ``dependencies``.
    struct Dependency: Sendable {
        /// The type looked up in the container (`Cat` for a `Cat?` parameter).
        let lookupType: Any.Type
        /// Whether the parameter is optional and may resolve to nil.
        let isOptional: Bool
    }

    /// In registration order; a re-registration replaces its record in place.
    private(set) var records: [ManifestRecord] = []
    /// The dependency span of each record, by record index.
    private(set) var spans: [DependencySpan] = []
    /// The resolved dependencies of every autoregistered record, each record's in one run.
    /// A replaced record's run stays, unused.
    private(set) var dependencies: [Dependency] = []
    /// The index of the unnamed, argument-free record of each service type: the same slots as
    /// ``slots`` holds for those keys, kept apart so that `verify()` hashes one word per
    /// dependency instead of a whole `RegistrationKey` (service, arguments and optional name).
    private(set) var targets: [ObjectIdentifier: Int] = [:]
    /// The index of each registration key.
    private var slots: [RegistrationKey: Int] = [:]

    init() {}

    /// Adds a registration, or replaces the record of the same key in place (dropping its
    /// autoregistration details until ``attach(_:to:)`` adds new ones).
    mutating func record(_ record: ManifestRecord) {
        let key = record.key
        if let slot = slots[key] {
            records[slot] = record
            spans[slot] = .empty
        } else {
            append(record, span: .empty)
        }
    }

    /// Adds a registration unless its key is already recorded.
    mutating func recordIfAbsent(_ record: ManifestRecord) {
        if slots[record.key] == nil { append(record, span: .empty) }
    }

    /// Attaches autoregistration details to the record of `key`.
    mutating func attach(_ info: AutoregistrationInfo, to key: RegistrationKey) {
        guard let slot = slots[key] else { return }
        let start = Int32(truncatingIfNeeded: dependencies.count)
        if info.problem == nil {
            for parameter in info.parameters where !parameter.isArgument {
                dependencies.append(Dependency(lookupType: parameter.lookupType, isOptional: parameter.isOptional))
            }
        }
        records[slot].autoregistration = info
        spans[slot] = DependencySpan(
            start: start, end: Int32(truncatingIfNeeded: dependencies.count), isUnusable: info.problem != nil,
            isAutoregistered: true)
    }

    /// Makes room for `count` more records.
    mutating func reserveCapacity(adding count: Int) {
        records.reserveCapacity(records.count + count)
        spans.reserveCapacity(spans.count + count)
        slots.reserveCapacity(slots.count + count)
    }

    /// The records of `layers` (ancestors first) in order, a later layer's record replacing an
    /// earlier layer's of the same key and taking its own place.
    init(merging layers: [Manifest]) {
        var chosen: [(layer: Int, index: Int)?] = []
        var positions: [RegistrationKey: Int] = [:]
        for (layerIndex, layer) in layers.enumerated() {
            for index in layer.records.indices {
                let key = layer.records[index].key
                if let earlier = positions[key] { chosen[earlier] = nil }
                positions[key] = chosen.count
                chosen.append((layerIndex, index))
            }
        }
        for case let (layerIndex, index)? in chosen {
            let layer = layers[layerIndex]
            let span = layer.spans[index]
            let start = Int32(truncatingIfNeeded: dependencies.count)
            dependencies.append(contentsOf: layer.dependencies[Int(span.start)..<Int(span.end)])
            append(
                layer.records[index],
                span: DependencySpan(
                    start: start, end: Int32(truncatingIfNeeded: dependencies.count), isUnusable: span.isUnusable,
                    isAutoregistered: span.isAutoregistered))
        }
    }

    /// Adds a record whose key is not in the manifest yet.
    private mutating func append(_ record: ManifestRecord, span: DependencySpan) {
        let slot = records.count
        slots[record.key] = slot
        if record.name == nil && !record.hasArguments { targets[ObjectIdentifier(record.serviceType)] = slot }
        records.append(record)
        spans.append(span)
    }
}
