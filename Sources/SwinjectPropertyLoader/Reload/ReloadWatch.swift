import Dispatch
import SwinjectKitSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The dispatch source of one watching reloader: a repeating timer that polls, and its
/// registration with ``HangupSignal`` when it reloads on `SIGHUP`.
///
/// `@unchecked Sendable`: the timer is created in `init` and only cancelled afterwards, and a
/// dispatch source is safe to cancel from any thread.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class ReloadWatch: @unchecked Sendable {
    private let timer: any DispatchSourceTimer
    private let hangupID: Int?

    init(
        interval: Duration, hangup: Bool, queue: DispatchQueue, poll: @escaping @Sendable () -> Void,
        hangup onHangup: @escaping @Sendable () -> Void
    ) {
        // Saturating: a `Duration` of any size gives a timer between 1 ms and 1 hour.
        let (seconds, attoseconds) = interval.components
        let clampedSeconds = Int(min(max(seconds, 0), 3600))
        let nanoseconds = max(1_000_000, clampedSeconds * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(nanoseconds / 10))
        timer.setEventHandler(handler: poll)
        timer.resume()
        hangupID = hangup ? HangupSignal.add { queue.async(execute: onHangup) } : nil
    }

    func cancel() {
        timer.cancel()
        if let hangupID { HangupSignal.remove(hangupID) }
    }
}
