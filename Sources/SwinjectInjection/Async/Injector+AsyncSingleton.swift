import SwinjectKitSupport

extension Injector {
    /// What a request for an async singleton that is not created yet does, decided under
    /// ``AsyncFlights/lock``.
    private enum Admission {
        case created(ServiceStorage)
        case wait(AsyncFlight, number: UInt64)
        case cycle([String])
    }

    /// Creates the async singleton of `source` once, or waits for the creation in flight.
    ///
    /// The creation runs in a task of its own, so that cancelling the task that started it does not
    /// cancel it for the others; every request, the first included, waits for that task. The task
    /// inherits the requester's task-local values (its chain, override scopes) and priority.
    func produceSingleton<Service>(
        _ source: AsyncSource<Service>, key: RegistryKey, site: CallSite
    ) async throws(InjectionError) -> Service {
        let steps = AsyncChain.current
        try checkChain(steps, Service.self, key: key, site: site)
        // The creation this request runs in, if any: it will wait for the one it asks for.
        let waiter = steps.last(where: { $0.flight != nil })?.flight
        while true {
            let admission = AsyncFlights.lock.withLock { () -> Admission in
                if let created = source.unretainedCreated { return .created(created.takeUnretainedValue()) }
                if let flight = source.flight {
                    if let waiter {
                        if let path = AsyncFlights.path(from: flight, to: waiter) {
                            return .cycle(steps.map(\.typeName) + path.map(\.typeName))
                        }
                        AsyncFlights.addEdge(from: waiter, to: flight)
                    }
                    return .wait(flight, number: flight.admitWaiter())
                }
                let flight = AsyncFlight(typeName: String(reflecting: Service.self))
                source.flight = flight
                if let waiter { AsyncFlights.addEdge(from: waiter, to: flight) }
                let step = AsyncStep(key: key, type: Service.self, flight: flight)
                flight.task = Task {
                    await self.create(source, flight: flight, key: key, chain: steps + [step], site: site)
                }
                return .wait(flight, number: flight.admitWaiter())
            }
            switch admission {
            case .created(let storage):
                return storage.value(as: Service.self)
            case .cycle(let chain):
                throw InjectionError(.cycle, Service.self, name: key.name, injector: self, chain: chain, site: site)
            case .wait(let flight, let number):
                let outcome = await wait(for: flight, number: number, Service.self, key: key, site: site)
                if let waiter {
                    AsyncFlights.lock.withLock { AsyncFlights.removeEdge(from: waiter, to: flight) }
                }
                switch outcome {
                case .created(let storage): return storage.value(as: Service.self)
                case .failed(let error): throw error
                case .retry: continue
                }
            }
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
            let waiters = Array(flight.waiters.values)
            flight.waiters = [:]
            return (waiters, outcome)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Waits for `flight` to end as waiter `number`; a cancelled task stops waiting at once with
    /// ``InjectionError/Code/cancelled``, and the last waiter to leave cancels the flight's task.
    private func wait<Service>(
        for flight: AsyncFlight, number: UInt64, _ type: Service.Type, key: RegistryKey, site: CallSite
    ) async -> FlightOutcome {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<FlightOutcome, Never>) in
                let cancelled = AsyncFlights.lock.withLock { () -> Bool in
                    if let outcome = flight.outcome {
                        continuation.resume(returning: outcome)
                    } else if Task.isCancelled {
                        Self.cancelIfAbandoned(flight)
                        return true
                    } else {
                        flight.waiters[number] = continuation
                    }
                    return false
                }
                if cancelled {
                    continuation.resume(returning: .failed(cancelledError(type, key: key, site: site)))
                }
            }
        } onCancel: {
            let continuation = AsyncFlights.lock.withLock { () -> UnsafeContinuation<FlightOutcome, Never>? in
                let continuation = flight.waiters.removeValue(forKey: number)
                if continuation != nil { Self.cancelIfAbandoned(flight) }
                return continuation
            }
            continuation?.resume(returning: .failed(cancelledError(type, key: key, site: site)))
        }
    }

    /// The error of a waiter whose task was cancelled (built only then: it names types).
    private func cancelledError<Service>(_ type: Service.Type, key: RegistryKey, site: CallSite) -> InjectionError {
        InjectionError(
            .cancelled, type, name: key.name, injector: self,
            chain: AsyncChain.names(AsyncChain.current, appending: String(reflecting: type)),
            detail: "the task waiting for it was cancelled; its creation goes on for other waiters", site: site)
    }

    /// Cancels `flight`'s task when no task waits for it any more. Under ``AsyncFlights/lock``.
    private static func cancelIfAbandoned(_ flight: AsyncFlight) {
        guard flight.waiters.isEmpty, flight.outcome == nil, !flight.isCancelled else { return }
        flight.isCancelled = true
        flight.task?.cancel()
    }
}
