/// The state of one async resolution that its nested resolves share: the object graph of the
/// top-level `resolveAsync`, the chain of services being built, and the creation in flight this
/// task holds. Carried explicitly by ``AsyncResolver``, so a child task that captures the
/// resolver (an `async let`) continues the same resolution.
struct AsyncFrame: Sendable {
    /// The `.graph` instances of the top-level resolve.
    let graph: AsyncGraph
    /// From the top-level service to the one whose factory runs.
    let chain: [ChainLink]
    /// The registrations without runtime arguments on ``chain``, to find a cycle before it recurses.
    let building: [ObjectIdentifier]
    /// The innermost `.container` or `.graph` creation this resolution runs, if any.
    let creation: AsyncCreation?

    /// A top-level resolution.
    static func root() -> AsyncFrame {
        AsyncFrame(graph: AsyncGraph(), chain: [], building: [], creation: nil)
    }

    /// The frame of `registration`'s factory, running inside this frame.
    func entering(_ registration: AsyncRegistration, creation: AsyncCreation?) -> AsyncFrame {
        AsyncFrame(
            graph: graph, chain: chain + [registration.link],
            building: registration.argumentTypes.isEmpty ? building + [ObjectIdentifier(registration)] : building,
            creation: creation ?? self.creation)
    }
}

/// The `.graph` instances of one top-level async resolve, one cell per registration.
final class AsyncGraph: Sendable {
    private let cells = LockedCells()

    /// The cell of `registration` in this graph.
    func cell(for registration: AsyncRegistration) -> AsyncInstanceCell {
        cells.cell(for: ObjectIdentifier(registration))
    }
}
