import Foundation

#if os(Linux)
    /// glibc's `malloc_trim`, which the Glibc module does not export.
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// Resident memory of this process, for the memory rows of the benchmark table.
///
/// On Linux it reads `/proc/self/statm` (current) and `VmHWM` in `/proc/self/status` (peak),
/// and resets the peak by writing `5` to `/proc/self/clear_refs`. Elsewhere every value is nil
/// and the memory rows are reported as not measured.
public enum ProcessMemory {
    /// The current resident set size in bytes.
    public static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The peak resident set size in bytes since the process started or since ``resetPeak()``.
    public static func peakResidentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let number = line.dropFirst("VmHWM:".count).filter(\.isNumber)
            return Int(number).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets the peak to the current resident size; returns whether the kernel allowed it.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Returns freed heap memory to the system where the C library allows it (glibc's
    /// `malloc_trim`), so resident size reflects live memory rather than the allocator's cache.
    public static func trimAllocator() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }
}
