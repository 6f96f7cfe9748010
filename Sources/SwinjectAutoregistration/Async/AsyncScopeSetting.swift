import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// The object scope of one async registration, set while configuring and read on every resolve.
///
/// An atomic, so a scope set on one thread is seen by resolves on others without a lock; its
/// `description` is what `ManifestRecord.scopeDescription` shows in graphs and reports.
final class AsyncScopeSetting: Sendable, CustomStringConvertible {
    private let raw: StoredAtomic<UInt8>

    init(_ scope: AsyncObjectScope) {
        raw = StoredAtomic(Self.code(scope))
    }

    var value: AsyncObjectScope {
        switch raw.load(ordering: .acquiring) {
        case 0: return .transient
        case 1: return .graph
        case 2: return .container
        case 3: return .weak
        default: return .request
        }
    }

    func set(_ scope: AsyncObjectScope) {
        raw.store(Self.code(scope), ordering: .releasing)
    }

    var description: String { value.description }

    private static func code(_ scope: AsyncObjectScope) -> UInt8 {
        switch scope {
        case .transient: return 0
        case .graph: return 1
        case .container: return 2
        case .weak: return 3
        case .request: return 4
        }
    }
}
