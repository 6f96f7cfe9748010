import Dispatch
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls the registered watchers when the process receives `SIGHUP`.
///
/// While any watcher is registered, `SIGHUP` has a handler of ours instead of its previous
/// action (by default, ending the process); the last watcher removed restores that action. The
/// handler only writes a byte to a pipe (the one async-signal-safe thing it needs to do), and a
/// dispatch source reading the pipe calls the watchers. A dispatch signal source is not used:
/// it needs the signal's action set to "ignore", and on Linux it missed a `SIGHUP` the kernel
/// handed to a thread other than the one that set it up.
///
/// The pipe and its source are made once, with the first watcher, and never closed. Restoring
/// the action does not stop a handler already running on another thread, and a closed
/// descriptor's number is given to the next file the process opens: a late handler would write
/// its byte into that file. A byte that arrives with no watcher registered is read and dropped.
///
/// The signal must reach a thread that does not block it: `kill -HUP <pid>` does (the kernel
/// picks such a thread); `raise(SIGHUP)` on a dispatch or Swift concurrency thread, which block
/// signals, leaves it pending on that thread.
enum HangupSignal {
    private struct State {
        var watchers: [Int: @Sendable () -> Void] = [:]
        var next = 0
        var previous = sigaction()
        var isInstalled = false
        var pipe: (read: Int32, write: Int32)?
        var source: (any DispatchSourceRead)?
    }

    private static let state = LockedValue(State())
    /// The pipe's write end, for the signal handler; -1 until the pipe is made, then never
    /// changed.
    private static let writeEnd = StoredAtomic<Int32>(-1)
    private static let queue = DispatchQueue(label: "SwinjectKit.HangupSignal")

    /// The pipe's two ends, once made: they stay open for the life of the process.
    static var pipeEnds: (read: Int32, write: Int32)? {
        state.withLock { $0.pipe }
    }

    /// Registers `watcher`, installing the handler for the first one. Returns its number.
    static func add(_ watcher: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.next += 1
            state.watchers[state.next] = watcher
            if !state.isInstalled { install(&state) }
            return state.next
        }
    }

    /// Removes the watcher `id`, restoring the previous action after the last one. The pipe
    /// stays open (see ``HangupSignal``).
    static func remove(_ id: Int) {
        state.withLock { state in
            state.watchers[id] = nil
            guard state.watchers.isEmpty, state.isInstalled else { return }
            var previous = state.previous
            sigaction(SIGHUP, &previous, nil)
            state.isInstalled = false
        }
    }

    /// Makes the pipe and its source if there are none yet, then sets the handler.
    private static func install(_ state: inout State) {
        if state.pipe == nil { makePipe(&state) }
        guard state.pipe != nil else { return }
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handleHangup
        #else
            action.__sigaction_handler.sa_handler = handleHangup
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGHUP, &action, &state.previous)
        state.isInstalled = true
    }

    private static func makePipe(_ state: inout State) {
        var ends: [Int32] = [-1, -1]
        guard Glue.pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let readEnd = ends[0]
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64)
            while Glue.read(readEnd, &buffer) > 0 {}
            let watchers = Self.state.withLock { Array($0.watchers.values) }
            for watcher in watchers { watcher() }
        }
        source.resume()
        state.source = source
        state.pipe = (readEnd, ends[1])
        writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
    }

    /// Writes one byte to the pipe; keeps `errno` as it found it.
    private static let handleHangup: @convention(c) (Int32) -> Void = { _ in
        let saved = errno
        let end = HangupSignal.writeEnd.load(ordering: .relaxed)
        if end >= 0 {
            var byte: UInt8 = 1
            _ = Glue.writeByte(end, &byte)
        }
        errno = saved
    }
}

/// POSIX calls whose names collide with members in this module.
private enum Glue {
    static func pipe(_ ends: inout [Int32]) -> Int32 {
        ends.withUnsafeMutableBufferPointer { buffer in
            #if canImport(Darwin)
                Darwin.pipe(buffer.baseAddress)
            #elseif canImport(Glibc)
                Glibc.pipe(buffer.baseAddress)
            #else
                Musl.pipe(buffer.baseAddress)
            #endif
        }
    }

    static func read(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { bytes in
            #if canImport(Darwin)
                Darwin.read(descriptor, bytes.baseAddress, bytes.count)
            #elseif canImport(Glibc)
                Glibc.read(descriptor, bytes.baseAddress, bytes.count)
            #else
                Musl.read(descriptor, bytes.baseAddress, bytes.count)
            #endif
        }
    }

    static func writeByte(_ descriptor: Int32, _ byte: inout UInt8) -> Int {
        withUnsafeMutableBytes(of: &byte) { bytes in
            #if canImport(Darwin)
                Darwin.write(descriptor, bytes.baseAddress, 1)
            #elseif canImport(Glibc)
                Glibc.write(descriptor, bytes.baseAddress, 1)
            #else
                Musl.write(descriptor, bytes.baseAddress, 1)
            #endif
        }
    }
}
