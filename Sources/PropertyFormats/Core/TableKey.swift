/// A table key as a parser read it, with a fingerprint for duplicate checks and indexes.
///
/// Keys compare as `String` compares: canonically equivalent spellings (`"é"` precomposed and
/// `"e\u{301}"`, or the Kelvin sign and `K`) are one key. That is the rule of every later step
/// a key goes through (the property store, `[String: Any]` sections, `Decodable` coding keys,
/// `r.property("é")` in Swift source), so a document whose keys would merge there is refused
/// by the parser with a duplicate-key error instead.
///
/// The fingerprint is ``ExactKey``'s digest of the key's bytes when they are ASCII, and of
/// their NFC form otherwise, so equal keys always share it.
package struct TableKey: Hashable {
    let string: String
    let fingerprint: UInt64
    /// Whether the key is known to be ASCII, so that `fingerprint` is of its bytes.
    let isASCII: Bool

    init(_ string: String, fingerprint: UInt64, isASCII: Bool = false) {
        self.string = string
        self.fingerprint = fingerprint
        self.isASCII = isASCII
    }

    init(_ string: String) {
        var bytes = string
        let ascii = bytes.withUTF8 { ASCII.all(UnsafeRawBufferPointer($0)) }
        self.init(string, fingerprint: Self.fingerprint(of: string), isASCII: ascii)
    }

    package static func == (lhs: TableKey, rhs: TableKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && same(lhs.string, rhs.string)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// Whether two keys are one key. Runs only when fingerprints match, that is for equal
    /// keys; kept out of line so that the fingerprint test inlined into probes stays small.
    @inline(never)
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs
    }

    /// The fingerprint equal keys share: of the bytes for an ASCII key, of the NFC form for
    /// any other.
    static func fingerprint(of string: String) -> UInt64 {
        var string = string
        if string.withUTF8({ ASCII.all(UnsafeRawBufferPointer($0)) }) { return ExactKey.fingerprint(of: string) }
        return string._nfcCodeUnits.withUnsafeBytes { ExactKey.fingerprint(of: $0) }
    }

    /// The fingerprint of a key read as the valid UTF-8 `bytes`, and whether they are ASCII.
    static func fingerprint(ofBytes bytes: UnsafeRawBufferPointer) -> UInt64 {
        if ASCII.all(bytes) { return ExactKey.fingerprint(of: bytes) }
        return fingerprint(of: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether two spellings of one key differ in their bytes (and so only in normalization).
    static func spellingsDiffer(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in !ExactKey.sameBytes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) }
        }
    }

    /// The hint a duplicate-key message gets when the two spellings differ.
    static func normalizationHint(_ lhs: String, _ rhs: String) -> String {
        spellingsDiffer(lhs, rhs)
            ? "; the two spellings differ only in Unicode normalization, and keys compare as Swift strings do"
            : ""
    }

    enum ASCII {
        /// Whether every byte is below 0x80, eight at a time.
        static func all(_ bytes: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            let count = bytes.count
            while count - offset >= 8 {
                if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    return false
                }
                offset += 8
            }
            while offset < count {
                if bytes[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
    }
}
