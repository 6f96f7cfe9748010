import Foundation
import SwinjectInjection

// Workload: injector-async-singleton (100,000 `getAsync` reads of a created async singleton per
// repetition, in one task; the row `injector.getAsync.asyncSingleton`).

final class ProfiledAsyncSingleton: Sendable {}

/// Reads a created async singleton `repetitions * 100_000` times with `getAsync` and returns how
/// many reads produced it.
func asyncSingletonReads(repetitions: Int) -> Int {
    let injector = Injector(label: "profile-async")
    do {
        try injector.register(as: ProfiledAsyncSingleton.self, injection: .asyncSingleton { ProfiledAsyncSingleton() })
    } catch {
        fatalError("\(error)")
    }
    let reads = ReadCount()
    let done = DispatchSemaphore(value: 0)
    Task {
        _ = try? await injector.getAsync(ProfiledAsyncSingleton.self)
        var count = 0
        for _ in 0..<(repetitions * 100_000) {
            count &+= (try? await injector.getAsync(ProfiledAsyncSingleton.self)) == nil ? 0 : 1
        }
        reads.value = count
        done.signal()
    }
    done.wait()
    return reads.value
}

/// The count the reading task hands to the waiting thread; written before the semaphore is
/// signalled and read after it is waited for.
private final class ReadCount: @unchecked Sendable {
    var value = 0
}
