/// How a request for a value made once ended, as that request sees it.
package enum AsyncOnceOutcome<Value: Sendable, Failure: Error>: Sendable {
    /// The value, kept or just created.
    case created(Value)
    /// The creation this request waited for threw; nothing was kept, so the next request creates
    /// again.
    case failed(Failure)
    /// Waiting would close a loop of creations waiting for each other: the labels of the creations
    /// from the one this request would wait for to the one it runs in.
    case cycle([any Sendable])
    /// This request's task was cancelled, and the request returned at once. `othersWaiting`:
    /// other tasks still wait, and the creation goes on for them; otherwise the creation was
    /// cancelled with this request (or never started).
    case cancelled(othersWaiting: Bool)
}

/// What a waiter's continuation is resumed with.
enum AsyncOnceStep<Value: Sendable, Failure: Error>: Sendable {
    case created(Value)
    case failed(Failure)
    case cycle([any Sendable])
    case cancelled(othersWaiting: Bool)
    /// The creation ended without a value for this waiter (every earlier waiter was cancelled, so
    /// the creation was cancelled and then failed): the waiter starts a new creation instead of
    /// inheriting that cancellation.
    case retry
}

/// A value created once by an async factory, however many tasks ask at the same moment: the one
/// rule of every async singleton and scoped instance in SwinjectKit.
///
/// - The first request starts the creation in a task of its own; every request, the first
///   included, waits for that creation and gets its value or its error.
/// - A failure is not kept: the next request creates again.
/// - A request whose task is cancelled returns at once with ``AsyncOnceOutcome/cancelled(othersWaiting:)``.
///   The creation goes on while other tasks wait for it; when the last one leaves, it is cancelled.
///   A cancelled creation that still returns a value keeps it; one that fails is retried by the
///   next request, which does not inherit the cancellation.
/// - A creation whose factory would wait for a creation that (through others) waits for it fails
///   with ``AsyncOnceOutcome/cycle(_:)`` instead of hanging, whichever tasks the creations run in.
///
/// The creation's task starts at once on the requesting thread (`Task.immediate`) and runs the
/// factory until its first suspension, so a burst of requests is not queued behind a task waiting
/// for a thread of the cooperative pool. It inherits the requester's task-local values and
/// priority.
///
/// The value itself is kept by the caller (``value(within:label:existing:keep:make:)`` reads and
/// writes it under ``AsyncCreation/lock`` through its closures), so a front-end may publish it for
/// lock-free reads or keep it weakly.
///
/// `@unchecked Sendable`: ``flight`` is read and written only under ``AsyncCreation/lock``.
package final class AsyncOnce<Value: Sendable, Failure: Error>: @unchecked Sendable {
    /// What a request that is not answered yet found, decided under the lock in the same section
    /// that queues it as a waiter.
    private enum Admission {
        case queued
        case answered(AsyncOnceStep<Value, Failure>)
    }

    /// The creation in flight, if any. Only under ``AsyncCreation/lock``.
    private var flight: AsyncFlight<Value, Failure>?

    package init() {}

    /// How many tasks wait for the creation in flight; 0 when none is in flight. For tests that
    /// must act only once their waiters are queued.
    package var waiterCount: Int {
        AsyncCreation.lock.withLock { flight?.waiting ?? 0 }
    }

    /// The value, created by `make` in a creation of its own unless it is kept or being created.
    ///
    /// - Parameters:
    ///   - waiter: The creation whose factory makes this request, nil for a request made outside
    ///     any creation; only such a request can close a cycle, so only it is checked.
    ///   - label: What a cycle's chain shows of this creation.
    ///   - existing: The kept value, if any. Called under ``AsyncCreation/lock``.
    ///   - keep: Keeps the created value. Called once per creation that returns a value, under
    ///     ``AsyncCreation/lock``, before any waiter is resumed.
    ///   - make: The factory, run in the creation's task; its argument is the creation, which the
    ///     factory's own requests pass as their `waiter`.
    nonisolated(nonsending) package func value(
        within waiter: AsyncCreation?,
        label: @autoclosure () -> any Sendable,
        existing: () -> Value?,
        keep: @escaping @Sendable (Value) -> Void,
        make: @escaping @Sendable (AsyncCreation) async -> Result<Value, Failure>
    ) async -> AsyncOnceOutcome<Value, Failure> {
        while true {
            let launched = AsyncCreation.lock.withLock { () -> AsyncFlight<Value, Failure>? in
                guard flight == nil, existing() == nil, !Task.isCancelled else { return nil }
                let started = AsyncFlight<Value, Failure>(label: label())
                flight = started
                return started
            }
            if let launched { launch(launched, keep: keep, make: make) }
            let ticket = AsyncWaitTicket<Value, Failure>()
            let step = await withTaskCancellationHandler {
                await withUnsafeContinuation { (continuation: AsyncFlight<Value, Failure>.Waiter) in
                    let admission = AsyncCreation.lock.withLock { () -> Admission in
                        if let value = existing() { return .answered(.created(value)) }
                        guard let current = flight else {
                            // The creation this request launched ended before it could wait (a
                            // factory that throws before it suspends): its outcome is the answer.
                            if let outcome = launched?.outcome { return .answered(outcome) }
                            // Another request's creation ended without a value since: start anew.
                            return .answered(Task.isCancelled ? .cancelled(othersWaiting: false) : .retry)
                        }
                        if let waiter, let path = current.path(to: waiter) {
                            return .answered(.cycle(path.map(\.label)))
                        }
                        if Task.isCancelled {
                            // The creation this request launched has no other waiter yet.
                            current.cancelIfAbandoned()
                            return .answered(.cancelled(othersWaiting: current.waiting > 0))
                        }
                        waiter?.addEdge(to: current)
                        ticket.number = current.admit(continuation)
                        ticket.flight = current
                        return .queued
                    }
                    if case .answered(let step) = admission { continuation.resume(returning: step) }
                }
            } onCancel: {
                ticket.cancel()
            }
            if let waiter {
                AsyncCreation.lock.withLock {
                    if let current = ticket.flight { waiter.removeEdge(to: current) }
                }
            }
            switch step {
            case .created(let value): return .created(value)
            case .failed(let error): return .failed(error)
            case .cycle(let labels): return .cycle(labels)
            case .cancelled(let othersWaiting): return .cancelled(othersWaiting: othersWaiting)
            case .retry: continue
            }
        }
    }

    /// Starts `flight`'s task. Outside the lock: the task starts immediately on this thread and
    /// runs the factory until its first suspension; the factory may ask for other values.
    private func launch(
        _ flight: AsyncFlight<Value, Failure>,
        keep: @escaping @Sendable (Value) -> Void,
        make: @escaping @Sendable (AsyncCreation) async -> Result<Value, Failure>
    ) {
        let operation: @Sendable () async -> Void = {
            let result = await make(flight)
            self.finish(flight, with: result, keep: keep)
        }
        let task: Task<Void, Never>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate(operation: operation)
        } else {
            task = Task(operation: operation)
        }
        AsyncCreation.lock.withLock {
            guard !flight.isFinished else { return }
            flight.task = task
            // Every waiter left before the task was recorded.
            if flight.isCancelled { task.cancel() }
        }
    }

    /// Keeps the value of a creation that returned one and hands the outcome to every waiter.
    private func finish(
        _ flight: AsyncFlight<Value, Failure>, with result: Result<Value, Failure>,
        keep: @Sendable (Value) -> Void
    ) {
        let (waiters, step) = AsyncCreation.lock.withLock {
            () -> ([AsyncFlight<Value, Failure>.Waiter], AsyncOnceStep<Value, Failure>) in
            let step: AsyncOnceStep<Value, Failure>
            switch result {
            case .success(let value):
                keep(value)
                step = .created(value)
            case .failure(let error):
                step = flight.isCancelled ? .retry : .failed(error)
            }
            if self.flight === flight { self.flight = nil }
            return (flight.finish(step), step)
        }
        for waiter in waiters { waiter.resume(returning: step) }
    }
}
