import Dispatch
import Foundation
import SwinjectKitSupport

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension PropertyReloader {
    /// Starts watching: polls every watched path each ``Options/pollInterval`` and, when
    /// ``Options/reloadsOnHangup`` is set, reloads on `SIGHUP`. Reloads run on the reloader's own
    /// dispatch queue, never on the caller's thread or the Swift concurrency pool. Calling it
    /// again while watching does nothing.
    ///
    /// Watching `SIGHUP` sets the signal's action to "ignore" so that the signal no longer ends
    /// the process, and reloads instead; ``stopWatching()`` of the last reloader watching it
    /// restores the action found before.
    public func startWatching() {
        watch.withLock { watch in
            guard watch == nil else { return }
            watch = ReloadWatch(
                interval: options.pollInterval, hangup: options.reloadsOnHangup, queue: queue,
                poll: { [weak self] in self?.poll() },
                hangup: { [weak self] in _ = self?.perform(.hangupSignal, only: nil) })
        }
    }

    /// Stops polling and watching `SIGHUP`. A reload already running completes.
    public func stopWatching() {
        let stopped = watch.withLock { watch in
            defer { watch = nil }
            return watch
        }
        stopped?.cancel()
    }

    /// Whether ``startWatching()`` is in effect.
    package var isWatching: Bool { watch.withLock { $0 != nil } }

    /// Watches until the calling task is cancelled, then stops watching.
    ///
    /// ```swift
    /// let watching = Task { await reloader.run() }
    /// // ...
    /// watching.cancel()
    /// ```
    public func run() async {
        startWatching()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
        stopWatching()
    }

    /// Reloads the sources whose path changed since they were last loaded (or was written so
    /// recently that a second write could have gone unseen).
    func poll() {
        let (known, recent) = state.withLock { ($0.signatures, $0.recent) }
        var changed: Set<Int> = recent
        var paths: [String] = []
        for source in sources where recent.contains(source.slot) || source.signature() != known[source.slot] {
            changed.insert(source.slot)
            paths.append(source.path)
        }
        guard !changed.isEmpty else { return }
        settle(sources.filter { changed.contains($0.slot) }, known: known)
        _ = perform(.fileChanged(paths), only: changed)
    }

    /// Waits until the changed sources stop changing, so a file rewritten in place (truncated,
    /// then written, as a shell redirection or `kubectl cp` does) is read whole: each
    /// ``Options/settleInterval`` the signatures are taken again until two in a row agree, at
    /// most ``maxSettles`` times. A file that went from non-empty to empty waits one more
    /// interval, since a writer may be about to fill it.
    func settle(_ changed: [ReloadSource], known: [Int: FileSignature]) {
        let interval = options.settleInterval
        guard interval > .zero, !changed.isEmpty else { return }
        var previous = changed.map { $0.signature() }
        for _ in 0..<Self.maxSettles {
            Self.sleep(interval)
            let next = changed.map { $0.signature() }
            let emptied = zip(changed, next).contains { source, signature in
                signature.isEmptyFile && !(known[source.slot]?.isEmptyFile ?? true)
            }
            if next == previous && !emptied { return }
            if next == previous && emptied {
                Self.sleep(interval)
                if changed.map({ $0.signature() }) == next { return }
            }
            previous = next
        }
    }

    /// The most settle intervals one poll waits for a file that keeps changing.
    static let maxSettles = 10

    private static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
