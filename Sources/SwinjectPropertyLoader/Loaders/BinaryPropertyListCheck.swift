import Foundation

/// Checks a binary property list for objects that crash Foundation before it is handed to
/// `PropertyListSerialization`.
///
/// On Linux (swift-corelibs-foundation, Swift 6.3), a binary plist that holds a set object
/// (marker `0xC_`) parses, then crashes the process with a segmentation fault while the
/// result is bridged to Swift. Property lists have no set type, so such a file is refused
/// here with an error instead. Anything else that is malformed is left to Foundation, which
/// reports it.
enum BinaryPropertyListCheck {
    /// A description of the first problem, or nil when the data is not a binary plist or has
    /// no object Foundation cannot handle.
    static func problem(in data: Data) -> String? {
        // Foundation reads any `bplist` header, whatever its version digits, as a binary plist.
        let bytes = [UInt8](data.prefix(6))
        guard bytes == Array("bplist".utf8), data.count >= 8 + 32 else { return nil }
        let trailer = data.count - 32
        let offsetSize = Int(data[data.startIndex + trailer + 6])
        let objectCount = integer(data, at: trailer + 8, size: 8)
        let tableOffset = integer(data, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), let objectCount, let tableOffset, tableOffset >= 8, tableOffset < trailer,
            objectCount <= (trailer - tableOffset) / offsetSize
        else { return nil }
        for index in 0..<objectCount {
            guard let offset = integer(data, at: tableOffset + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableOffset
            else { continue }
            if data[data.startIndex + offset] >> 4 == 0xC {
                return "binary property list object \(index) is a set, which property lists do not allow"
            }
        }
        return nil
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, or nil if it does not fit in `Int`.
    private static func integer(_ data: Data, at offset: Int, size: Int) -> Int? {
        var value: UInt64 = 0
        for index in 0..<size {
            value = value << 8 | UInt64(data[data.startIndex + offset + index])
        }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
