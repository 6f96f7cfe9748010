#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    package import Synchronization

    /// An atomic stored in a class or a global. `Synchronization.Atomic` where the system always has
    /// it (Linux): inline in its owner, and its operations inline into every module. Apple systems
    /// below macOS 15 and iOS 18 lack it and get swift-atomics' `ManagedAtomic`, whose operations
    /// are spelled the same; CI builds that form on Linux too (`-DSWINJECTKIT_PORTABLE_ATOMICS`).
    /// Files that use one import `Synchronization` or `Atomics` under the same condition.
    package typealias StoredAtomic<Value: AtomicRepresentable> = Atomic<Value>

    // swift-atomics' spellings of the counter operations, so that one call site compiles with both.
    // `Synchronization` takes only a literal ordering: the stronger of the two orderings these
    // counters use is given to each (on x86-64 every read-modify-write is a locked instruction
    // whatever its ordering).
    extension Atomic where Value == Int {
        package func wrappingIncrement(by amount: Int, ordering: AtomicUpdateOrdering) {
            _ = wrappingAdd(amount, ordering: .acquiringAndReleasing)
        }

        package func wrappingDecrement(by amount: Int, ordering: AtomicUpdateOrdering) {
            _ = wrappingSubtract(amount, ordering: .acquiringAndReleasing)
        }

        package func wrappingIncrementThenLoad(by amount: Int, ordering: AtomicUpdateOrdering) -> Int {
            wrappingAdd(amount, ordering: .acquiringAndReleasing).newValue
        }
    }

    extension Atomic where Value == UInt64 {
        package func wrappingIncrementThenLoad(by amount: UInt64, ordering: AtomicUpdateOrdering) -> UInt64 {
            wrappingAdd(amount, ordering: .acquiringAndReleasing).newValue
        }
    }
#else
    package import Atomics

    /// An atomic stored in a class or a global: swift-atomics' `ManagedAtomic`, since Apple systems
    /// below macOS 15 and iOS 18 lack `Synchronization` (Linux uses `Synchronization.Atomic`).
    package typealias StoredAtomic<Value: AtomicValue> = ManagedAtomic<Value>
    where Value.AtomicRepresentation.Value == Value
#endif
