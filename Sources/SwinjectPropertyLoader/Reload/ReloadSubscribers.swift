import SwinjectKitSupport

/// The streams of one reloader's events: each subscriber gets the events sent after it
/// subscribed that its filter accepts, buffered up to ``bufferSize`` (the newest kept) when it
/// reads slower than reloads happen.
final class ReloadSubscribers: Sendable {
    /// Events a slow subscriber may fall behind by before the oldest are dropped.
    static let bufferSize = 256

    typealias Filter = @Sendable (PropertyReloadEvent) -> Bool

    private struct State {
        var next = 0
        var streams: [Int: (continuation: AsyncStream<PropertyReloadEvent>.Continuation, include: Filter)] = [:]
        var finished = false
    }

    private let state = LockedValue(State())

    /// A new stream that receives the events sent from now on that `include` accepts.
    func subscribe(where include: @escaping Filter) -> AsyncStream<PropertyReloadEvent> {
        let (stream, continuation) = AsyncStream<PropertyReloadEvent>.makeStream(
            bufferingPolicy: .bufferingNewest(Self.bufferSize))
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            state.next += 1
            state.streams[state.next] = (continuation, include)
            return state.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.streams[id] = nil }
        }
        return stream
    }

    /// Sends `event` to every stream whose filter accepts it.
    func send(_ event: PropertyReloadEvent) {
        let streams = state.withLock { Array($0.streams.values) }
        for stream in streams where stream.include(event) { stream.continuation.yield(event) }
    }

    /// Ends every stream; later subscribers get a stream that ends at once.
    func finishAll() {
        let streams = state.withLock { state in
            state.finished = true
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.continuation.finish() }
    }
}
