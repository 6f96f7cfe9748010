import SwinjectKitSupport

/// Which creation in flight each waiting resolution waits for, to turn a wait that could never
/// end into a ``ResolutionError/Code/cycle`` error.
///
/// Task `T1` creating `A` waits for `B`, which task `T2` is creating and whose factory now asks
/// for `A`: neither creation can finish. Before a resolution that holds creations waits for
/// another, the graph follows what that creation's task waits for, and so on; reaching a creation
/// the waiting resolution holds is a cycle. A top-level resolve holds none and is never checked,
/// so a thousand tasks waiting for one singleton cost no search.
final class AsyncWaitGraph: Sendable {
    static let shared = AsyncWaitGraph()

    private struct Wait {
        let waiter: AsyncCreation
        let target: AsyncCreation
    }

    private struct State {
        var waits: [Int: Wait] = [:]
        var nextToken = 0
    }

    private let state = LockedValue(State())

    /// Records that `frame` waits for `target` and returns the token ``endWait(_:)`` takes (nil
    /// for a resolution that holds no creation), or throws the cycle that wait would close.
    func beginWait(_ frame: AsyncFrame, on target: AsyncCreation) throws(ResolutionError) -> Int? {
        guard let held = frame.creation else { return nil }
        let outcome = state.withLock { state -> Result<Int, CycleFound> in
            // Depth-first from `target`, keeping how each creation was reached.
            var stack: [(creation: AsyncCreation, path: [ChainLink])] = [(target, [target.link])]
            var seen: Set<ObjectIdentifier> = []
            while let (creation, path) = stack.popLast() {
                if held.isWithin(creation) { return .failure(CycleFound(path: path)) }
                guard seen.insert(ObjectIdentifier(creation)).inserted else { continue }
                for wait in state.waits.values where wait.waiter.isWithin(creation) {
                    stack.append((wait.target, path + [wait.target.link]))
                }
            }
            state.nextToken &+= 1
            state.waits[state.nextToken] = Wait(waiter: held, target: target)
            return .success(state.nextToken)
        }
        switch outcome {
        case .success(let token):
            return token
        case .failure(let cycle):
            throw AsyncDiagnostics.cycle(chain: frame.chain + cycle.path)
        }
    }

    /// Removes the wait recorded under `token`.
    func endWait(_ token: Int?) {
        guard let token else { return }
        _ = state.withLock { $0.waits.removeValue(forKey: token) }
    }

    private struct CycleFound: Error {
        let path: [ChainLink]
    }
}
