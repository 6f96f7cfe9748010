import Foundation

/// Writes binary property lists object by object, so that tests can build what no writer
/// would: arrays and dictionaries referred to from many places, NaN dates, keys that differ
/// only in Unicode normalization.
struct FormatsBinaryPlist {
    enum Object {
        case integer(UInt8)
        case string(String)
        case date(Double)
        case array([Int])
        case dictionary([(key: Int, value: Int)])
    }

    private(set) var objects: [Object] = []

    /// Adds an object and returns its reference.
    @discardableResult
    mutating func add(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// The file, with `top` as the top-level object. References and offsets take two bytes.
    func bytes(top: Int) -> Data {
        var data = Data("bplist00".utf8)
        var offsets: [Int] = []
        func reference(_ value: Int) { data += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func marker(_ high: UInt8, count: Int) {
            if count < 15 {
                data.append(high << 4 | UInt8(count))
            } else {
                data += [high << 4 | 0x0F, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
            }
        }
        for object in objects {
            offsets.append(data.count)
            switch object {
            case .integer(let value):
                data += [0x10, value]
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    marker(0x5, count: text.utf8.count)
                    data += Array(text.utf8)
                } else {
                    let units = Array(text.utf16)
                    marker(0x6, count: units.count)
                    for unit in units { data += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
                }
            case .date(let seconds):
                data.append(0x33)
                withUnsafeBytes(of: seconds.bitPattern.bigEndian) { data += $0 }
            case .array(let elements):
                marker(0xA, count: elements.count)
                elements.forEach(reference)
            case .dictionary(let members):
                marker(0xD, count: members.count)
                members.forEach { reference($0.key) }
                members.forEach { reference($0.value) }
            }
        }
        let tableOffset = data.count
        for offset in offsets {
            data += [UInt8(offset >> 24), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)]
        }
        data += [0, 0, 0, 0, 0, 0, 4, 2]
        for value in [objects.count, top, tableOffset] {
            withUnsafeBytes(of: UInt64(value).bigEndian) { data += $0 }
        }
        return data
    }

    /// The reported case: `levels` arrays, each holding the previous one `fanOut` times, under
    /// the key `key` of a one-member top-level dictionary.
    static func sharedArrays(levels: Int, fanOut: Int = 4, key: String = "list") -> Data {
        var plist = FormatsBinaryPlist()
        var previous = plist.add(.integer(1))
        for _ in 0..<levels { previous = plist.add(.array(Array(repeating: previous, count: fanOut))) }
        let name = plist.add(.string(key))
        let top = plist.add(.dictionary([(name, previous)]))
        return plist.bytes(top: top)
    }

    /// The variant: dictionaries whose members all hold the previous dictionary.
    static func sharedDictionaries(levels: Int, fanOut: Int = 4) -> Data {
        var plist = FormatsBinaryPlist()
        let keys = (0..<fanOut).map { plist.add(.string("k\($0)")) }
        var previous = plist.add(.integer(1))
        for _ in 0..<levels { previous = plist.add(.dictionary(keys.map { ($0, previous) })) }
        let top = plist.add(.dictionary([(keys[0], previous)]))
        return plist.bytes(top: top)
    }
}
