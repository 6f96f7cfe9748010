import SwinjectKitSupport

extension Injector {
    /// What a request for an async singleton that is not created yet found, decided under
    /// ``AsyncFlights/lock`` in the same section that queues it as a waiter.
    private enum Admission {
        /// Queued on a creation in flight; its continuation is resumed when that ends.
        case queued
        /// Answered at once.
        case answered(FlightOutcome)
        /// Waiting would close a loop of creations waiting for each other.
        case cycle([String])
        /// The task was cancelled before it could wait; `othersWaiting` as in ``FlightOutcome``.
        case cancelled(othersWaiting: Bool)
    }

    /// Creates the async singleton of `source` once, or waits for the creation in flight.
    ///
    /// The creation runs in a task of its own, so that cancelling the task that started it does not
    /// cancel it for the others; every request, the first included, waits for that task. The task
    /// inherits the requester's task-local values (its chain, override scopes) and priority, and
    /// starts at once on the requester's thread (see ``launch(_:of:key:chain:site:)``).
    ///
    /// A waiter is admitted and queued in one lock section: with a thousand tasks arriving at
    /// once, each extra pass through the shared lock is a contended one.
    nonisolated(nonsending) func produceSingleton<Service>(
        _ source: AsyncSource<Service>, key: RegistryKey, site: CallSite
    ) async throws(InjectionError) -> Service {
        let steps = AsyncChain.current
        try checkChain(steps, Service.self, key: key, site: site)
        // The creation this request runs in, if any: it will wait for the one it asks for.
        let waiter = steps.last(where: { $0.flight != nil })?.flight
        while true {
            let launched = beginFlight(of: source)
            if let launched { launch(launched, of: source, key: key, chain: steps, site: site) }
            let ticket = WaitTicket()
            let outcome = await withTaskCancellationHandler {
                await withUnsafeContinuation { (continuation: UnsafeContinuation<FlightOutcome, Never>) in
                    let admission = AsyncFlights.lock.withLock { () -> Admission in
                        if let created = source.unretainedCreated {
                            return .answered(.created(created.takeUnretainedValue()))
                        }
                        let flight: AsyncFlight
                        if let existing = source.flight {
                            if let waiter, let path = AsyncFlights.path(from: existing, to: waiter) {
                                return .cycle(steps.map(\.typeName) + path.map(\.typeName))
                            }
                            if Task.isCancelled {
                                // The flight this request launched has no other waiter yet.
                                existing.cancelIfAbandoned()
                                return .cancelled(othersWaiting: existing.waiting > 0)
                            }
                            flight = existing
                        } else if let outcome = launched?.outcome {
                            // The flight this request launched ended before it could wait (a
                            // factory that throws before it suspends): its outcome is this answer.
                            return .answered(outcome)
                        } else {
                            // Another request's creation ended without a value since: start anew.
                            if Task.isCancelled { return .cancelled(othersWaiting: false) }
                            return .answered(.retry)
                        }
                        if let waiter { AsyncFlights.addEdge(from: waiter, to: flight) }
                        ticket.number = flight.admit(continuation)
                        ticket.flight = flight
                        return .queued
                    }
                    switch admission {
                    case .queued: break
                    case .answered(let outcome): continuation.resume(returning: outcome)
                    case .cycle(let chain):
                        continuation.resume(
                            returning: .failed(
                                InjectionError(
                                    .cycle, Service.self, name: key.name, injector: self, chain: chain, site: site)))
                    case .cancelled(let othersWaiting):
                        continuation.resume(returning: .cancelled(othersWaiting: othersWaiting))
                    }
                }
            } onCancel: {
                ticket.cancel()
            }
            if let waiter {
                AsyncFlights.lock.withLock {
                    if let flight = ticket.flight { AsyncFlights.removeEdge(from: waiter, to: flight) }
                }
            }
            switch outcome {
            case .created(let storage): return storage.value(as: Service.self)
            case .failed(let error): throw error
            case .cancelled(let othersWaiting):
                throw cancelledError(Service.self, key: key, othersWaiting: othersWaiting, site: site)
            case .retry: continue
            }
        }
    }

    /// A new flight for `source`, recorded as its creation in flight, when it has neither a value
    /// nor a flight and this task is not cancelled; the caller launches it.
    private func beginFlight<Service>(of source: AsyncSource<Service>) -> AsyncFlight? {
        AsyncFlights.lock.withLock {
            guard source.unretainedCreated == nil, source.flight == nil, !Task.isCancelled else { return nil }
            let flight = AsyncFlight(typeName: String(reflecting: Service.self))
            source.flight = flight
            return flight
        }
    }

    /// Starts `flight`'s task, which runs `source`'s factory. Outside ``AsyncFlights/lock``: the
    /// task starts immediately on this thread and runs the factory until its first suspension,
    /// rather than being queued behind every task already waiting for a thread, which is where
    /// the requests that arrive at once are. The factory may ask for other singletons.
    private func launch<Service>(
        _ flight: AsyncFlight, of source: AsyncSource<Service>, key: RegistryKey, chain: [AsyncStep],
        site: CallSite
    ) {
        let step = AsyncStep(key: key, type: Service.self, flight: flight)
        let operation: @Sendable () async -> Void = {
            await self.create(source, flight: flight, key: key, chain: chain + [step], site: site)
        }
        let task: Task<Void, Never>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            task = Task.immediate(operation: operation)
        } else {
            task = Task(operation: operation)
        }
        AsyncFlights.lock.withLock {
            guard flight.outcome == nil else { return }
            flight.task = task
            // Every waiter left before the task was recorded.
            if flight.isCancelled { task.cancel() }
        }
    }

    /// Runs the factory of `source` in the flight's task and hands the outcome to every waiter.
    private func create<Service>(
        _ source: AsyncSource<Service>, flight: AsyncFlight, key: RegistryKey, chain: [AsyncStep],
        site: CallSite
    ) async {
        let result = await AsyncChain.$current.withValue(chain) {
            await runFactory(source.make, Service.self, key: key, chain: chain, site: site)
        }
        let storage: ServiceStorage?
        if case .success(let service) = result { storage = ServiceStorage(service) } else { storage = nil }
        let (waiters, outcome) = AsyncFlights.lock.withLock {
            () -> ([UnsafeContinuation<FlightOutcome, Never>], FlightOutcome) in
            let outcome: FlightOutcome
            switch result {
            case .success:
                if let storage {
                    source.publish(storage)
                    outcome = .created(storage)
                } else {
                    outcome = .retry
                }
            case .failure(let error):
                outcome = flight.isCancelled ? .retry : .failed(error)
            }
            source.flight = nil
            flight.task = nil
            flight.outcome = outcome
            return (flight.takeAll(), outcome)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// The error of a waiter whose task was cancelled (built only then: it names types). It says
    /// the creation goes on only when other tasks still wait for it.
    private func cancelledError<Service>(
        _ type: Service.Type, key: RegistryKey, othersWaiting: Bool, site: CallSite
    ) -> InjectionError {
        let detail =
            othersWaiting
            ? "the task waiting for it was cancelled; its creation goes on for other waiters"
            : "the task waiting for it was cancelled"
        return InjectionError(
            .cancelled, type, name: key.name, injector: self,
            chain: AsyncChain.names(AsyncChain.current, appending: String(reflecting: type)), detail: detail,
            site: site)
    }
}
