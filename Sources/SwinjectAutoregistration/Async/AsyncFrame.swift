import SwinjectKitSupport

/// The state of one async resolution that its nested resolves share: the object graph of the
/// top-level `resolveAsync`, the chain of services being built, and the creation in flight this
/// task holds. Carried explicitly by ``AsyncResolver``, so a child task that captures the
/// resolver (an `async let`) continues the same resolution.
struct AsyncFrame: Sendable {
    /// One service being built: its link, and its registration when it takes no runtime
    /// arguments (those are checked for cycles).
    struct Step: Sendable {
        let link: ChainLink
        let registration: ObjectIdentifier?
    }

    /// The `.graph` instances of the top-level resolve.
    let graph: AsyncGraph
    /// From the top-level service to the one whose factory runs.
    let steps: [Step]
    /// The innermost `.container` or `.graph` creation this resolution runs, if any.
    let creation: AsyncCreation?

    /// A top-level resolution.
    static func root() -> AsyncFrame {
        AsyncFrame(graph: AsyncGraph(), steps: [], creation: nil)
    }

    /// From the top-level service to the one whose factory runs, for messages.
    var chain: [ChainLink] { steps.map(\.link) }

    /// Whether `registration` is being built on this chain: resolving it again is a cycle.
    func isBuilding(_ registration: AsyncRegistration) -> Bool {
        let id = ObjectIdentifier(registration)
        return steps.contains { $0.registration == id }
    }

    /// The frame of `registration`'s factory, running inside this frame.
    func entering(_ registration: AsyncRegistration, creation: AsyncCreation?) -> AsyncFrame {
        let step = Step(
            link: registration.link,
            registration: registration.argumentTypes.isEmpty ? ObjectIdentifier(registration) : nil)
        return AsyncFrame(graph: graph, steps: steps + [step], creation: creation ?? self.creation)
    }
}

/// The `.graph` instances of one top-level async resolve, one cell per registration.
///
/// Most resolves never use a `.graph` instance, so the table (a lock and a dictionary) is made on
/// first use: the graph itself is one small object that every top-level resolve allocates.
final class AsyncGraph: Sendable {
    /// The table, set on the first `.graph` resolve.
    private let table = PublishedReference<LockedCells>()

    /// The cell of `registration` in this graph.
    func cell(for registration: AsyncRegistration) -> AsyncInstanceCell {
        cells.cell(for: ObjectIdentifier(registration))
    }

    /// The table, made by the first caller; a caller that loses the race releases its own.
    private var cells: LockedCells {
        table.load() ?? table.setIfNil(LockedCells())
    }
}
