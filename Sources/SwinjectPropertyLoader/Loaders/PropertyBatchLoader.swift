/// A built-in loader that hands a container its properties as one ``PropertyBatch``: a
/// document's tables as they were parsed, without a ``LoadedProperty`` per key.
protocol PropertyBatchLoader: PropertyLoader {
    func loadBatch() throws -> PropertyBatch
}

extension PropertyLoader {
    /// The loader's properties as a batch: directly from a built-in loader, through
    /// ``loadProperties()`` from any other.
    func loadPropertyBatch() throws -> PropertyBatch {
        if let batchLoader = self as? any PropertyBatchLoader { return try batchLoader.loadBatch() }
        return PropertyBatch(try loadProperties())
    }
}
