#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread as a number, for a lock that records its owner (a re-entrant gate): two
/// threads alive at once never share a number, and no thread is 0.
package enum ThreadIdentity {
    /// The calling thread's number.
    package static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
