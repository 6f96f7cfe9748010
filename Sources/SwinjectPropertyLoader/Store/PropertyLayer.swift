/// One loader's properties as a store keeps them to build its snapshot again: on a changed
/// parent snapshot (a child container), or on a reload that replaces the batches of the layers
/// a ``PropertyReloader`` owns.
struct PropertyLayer: Sendable {
    /// The properties the loader produced when it last ran.
    var batch: PropertyBatch
    /// How the batch merges with the layers before it.
    var merging: PropertyMerge
    /// The reloader's number for a layer it loads again, or nil for a layer kept as loaded.
    var slot: Int?

    init(batch: PropertyBatch, merging: PropertyMerge, slot: Int? = nil) {
        self.batch = batch
        self.merging = merging
        self.slot = slot
    }

    /// The batches of `layers` in order, each with its merge, as snapshots apply them.
    static func batches(_ layers: [PropertyLayer]) -> [(batch: PropertyBatch, merging: PropertyMerge)] {
        layers.map { ($0.batch, $0.merging) }
    }
}
