public import Swinject

// The request scope lives in SwinjectAutoregistration, beside async resolution: its async
// instances are the once-per-unit cells of `registerAsync`, and its misuse is a
// `ResolutionError` that `resolveOrThrow` and `resolveAsync` throw. SwinjectInjection needs no
// part of it: an `Injector` and `@Injected` resolve Swinject registrations through the same
// `.request` storage, which finds the unit of the calling task.
extension Container {
    /// Runs `body` as one unit of work: every `.request` registration resolved inside it, through
    /// any container, `Injector` or `@Injected`, has one instance for the whole unit, released
    /// when `body` returns.
    ///
    /// ```swift
    /// let total = try container.withScope {
    ///     let transaction = try container.resolveOrThrow(Transaction.self)
    ///     let ledger = try container.resolveOrThrow(Ledger.self)  // holds the same transaction
    ///     return ledger.total(in: transaction)
    /// }
    /// ```
    ///
    /// A `withScope` inside another one starts a new unit that hides the outer one until it
    /// returns: the inner body gets its own instances, and the outer instances are there again
    /// afterwards. A task that outlives the unit (an unstructured `Task` started inside it) finds
    /// no scope once the unit has ended.
    ///
    /// - Parameter body: The unit of work.
    /// - Returns: What `body` returns.
    public func withScope<Result>(_ body: () throws -> Result) rethrows -> Result {
        try RequestScope.run(body)
    }

    /// Runs the async `body` as one unit of work; child tasks it starts (`async let`, task groups)
    /// share its `.request` instances, and an async factory in the scope runs once per unit
    /// however many of them ask at the same moment.
    ///
    /// ```swift
    /// let receipt = try await container.withScope {
    ///     let orders = try await container.resolveAsync(OrderStore.self)
    ///     return try await orders.place(item: "book")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, on which `body` runs.
    ///   - body: The unit of work.
    /// - Returns: What `body` returns.
    public func withScope<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await RequestScope.run(body)
    }
}

extension SendableResolver {
    /// Runs the async `body` as one unit of work, as ``Swinject/Container/withScope(isolation:_:)``
    /// does; its child tasks may share this resolver.
    ///
    /// ```swift
    /// let resolver = container.sendableResolver()
    /// try await resolver.withScope {
    ///     async let user = resolver.resolveAsync(CurrentUser.self)
    ///     async let cart = resolver.resolveAsync(Cart.self)  // the same unit's CurrentUser
    ///     try await render(user, cart)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, on which `body` runs.
    ///   - body: The unit of work.
    /// - Returns: What `body` returns.
    public func withScope<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await RequestScope.run(body)
    }

    /// Runs `body` as one unit of work, as ``Swinject/Container/withScope(_:)`` does; for code
    /// whose child tasks resolve through this resolver.
    ///
    /// - Parameter body: The unit of work.
    /// - Returns: What `body` returns.
    public func withScope<Result>(_ body: () throws -> Result) rethrows -> Result {
        try RequestScope.run(body)
    }
}
