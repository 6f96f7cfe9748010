/// The rule the text-only loaders (`.env` files, command-line arguments, files of a directory)
/// share for the keys they take as written: a key is one or more names joined by `.`, each name
/// non-empty, with no blank or control character, so that `database.port` in any of them is the
/// key `database.port` of every other loader.
enum TextSourceKey {
    /// Why `key` is not a key, or nil when it is one.
    static func problem(in key: String) -> String? {
        if key.isEmpty { return "the key is empty" }
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in key.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") {
                return "a '.' must stand between two names"
            }
            if byte <= 0x20 || byte == 0x7F { return "a key has no blank or control character" }
            previous = byte
        }
        if previous == UInt8(ascii: ".") { return "a '.' must stand between two names" }
        return nil
    }
}
