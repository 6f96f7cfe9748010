/// The property key an environment variable names, and the spelling that matches it against
/// keys earlier loaders set (the rules of the Environment variables article).
///
/// With the prefix removed, the name is read left to right: `__` is a literal `_` inside a
/// segment, a single `_` ends a segment, and ASCII letters are lower-cased:
/// `DATABASE_HOST` → `database.host`, `DATABASE_POOL__SIZE` → `database.pool_size`,
/// `A___B` → `a_.b`.
struct EnvironmentKey: Sendable {
    /// The variable's full name, prefix included.
    let variable: String
    /// The key's segments (`["database", "pool_size"]`).
    let segments: [String]
    /// The words of the key, lower-cased and joined by `_`, for relaxed matching.
    let words: String

    /// The key of `variable` with `prefixBytes` bytes of prefix, or the reason it names none.
    static func map(_ variable: String, prefixBytes: Int) -> Result<EnvironmentKey, MappingProblem> {
        let bytes = Array(variable.utf8.dropFirst(prefixBytes))
        guard !bytes.isEmpty else { return .failure(.empty) }
        var segments: [String] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "_") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "_") {
                    current.append(byte)
                    index += 2
                    continue
                }
                guard !current.isEmpty else { return .failure(.emptySegment(segments.count + 1)) }
                segments.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            index += 1
        }
        guard !current.isEmpty else { return .failure(.emptySegment(segments.count + 1)) }
        segments.append(String(decoding: current, as: UTF8.self))
        return .success(EnvironmentKey(variable: variable, segments: segments, words: words(of: segments)))
    }

    /// Why a variable names no key.
    enum MappingProblem: Error {
        /// The name is the prefix alone.
        case empty
        /// Segment `n` (from 1) is empty: a leading or trailing `_`, or `_` where a segment should start.
        case emptySegment(Int)

        var message: String {
            switch self {
            case .empty: "the name is the prefix alone, so it names no key"
            case .emptySegment(let number):
                "segment \(number) of the key is empty (a single '_' separates segments, '__' is a literal '_')"
            }
        }
    }

    /// The bytes of `segment` that are not word separators (`_`, `-`, `.`): what the segment
    /// adds to the letters of ``words(of:)``.
    static func letterCount(of segment: String) -> Int {
        var count = 0
        for byte in segment.utf8
        where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
            count += 1
        }
        return count
    }

    /// The letters of the key's words (every byte of ``words`` but the `_` between words).
    var letterCount: Int { Self.letterCount(of: words) }

    /// The words of a key's segments, lower-cased and joined by `_`: a segment splits at `_`,
    /// `-` and `.`, and before an ASCII capital that follows a lower-case letter or a digit, so
    /// `database.poolSize`, `database.pool_size`, `database.pool-size` and `database.pool.size`
    /// all read `database_pool_size`. Empty words are dropped.
    static func words<Segments: Sequence>(of segments: Segments) -> String where Segments.Element == String {
        var result: [UInt8] = []
        var wordStarted = false
        for segment in segments {
            wordStarted = false
            var previous: UInt8 = 0
            for byte in segment.utf8 {
                if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                    wordStarted = false
                    previous = byte
                    continue
                }
                let isUpper = byte >= 0x41 && byte <= 0x5A
                let previousIsLowerOrDigit =
                    (previous >= 0x61 && previous <= 0x7A) || (previous >= 0x30 && previous <= 0x39)
                if isUpper && previousIsLowerOrDigit { wordStarted = false }
                if !wordStarted {
                    if !result.isEmpty { result.append(UInt8(ascii: "_")) }
                    wordStarted = true
                }
                result.append(isUpper ? byte | 0x20 : byte)
                previous = byte
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
