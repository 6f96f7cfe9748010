// Peak memory of one parse per byte of input, for the input shapes that pack the most values
// into the fewest bytes; built with the parser's sources into one program (release, no
// sanitizer) and run once per shape by `Scripts/fuzz.sh memory`, so each shape's peak is its
// own process's. Exits 1 when a shape needs more than the bound `ParseLimits` documents.
//
//   measure-memory SHAPE COUNT

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The bound in ParseLimits' documentation: bytes of memory per byte of input.
let boundPerInputByte = 40.0

/// A field of /proc/self/status, in bytes.
func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        return (parts.count > 1 ? Int(parts[1]) ?? 0 : 0) * 1024
    }
    return 0
}

/// The document of `count` elements of `shape`.
/// Shapes with one key per element stay within the default key limit (4,000,000).
func document(_ shape: String, _ requested: Int) -> (text: String, toml: Bool)? {
    let keyed = ["json-objects", "json-keys", "toml-keys", "toml-inline"].contains(shape)
    let count = keyed ? min(requested, 3_999_999) : requested
    func list(_ element: String) -> String { Array(repeating: element, count: count).joined(separator: ",") }
    switch shape {
    case "json-digits": return ("[" + list("1") + "]", false)
    case "json-arrays": return ("[" + list("[1]") + "]", false)
    case "json-empty": return ("[" + list("[]") + "]", false)
    case "json-objects": return ("[" + list(#"{"a":1}"#) + "]", false)
    case "json-keys": return ("{" + (0..<count).map { "\"\($0)\":1" }.joined(separator: ",") + "}", false)
    case "json-strings": return ("[" + list(#""""#) + "]", false)
    case "toml-digits": return ("a=[" + list("1") + "]", true)
    case "toml-arrays": return ("a=[" + list("[1]") + "]", true)
    case "toml-keys": return ((0..<count).map { "\($0)=1" }.joined(separator: "\n"), true)
    case "toml-dotted":
        // Two keys each: at most half of the default key limit.
        return ((0..<min(count, 1_999_999)).map { "\($0).b=1" }.joined(separator: "\n"), true)
    case "toml-headers": return (Array(repeating: "[[a]]", count: count).joined(separator: "\n"), true)
    case "toml-inline": return ("a=[" + list("{b=1}") + "]", true)
    case "toml-dates": return ("a=[" + list("1979-05-27") + "]", true)
    default: return nil
    }
}

@main
enum MeasureParseMemory {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]), let (text, toml) = document(arguments[1], count)
        else {
            print("usage: measure-memory SHAPE COUNT")
            exit(2)
        }
        let data = Data(text.utf8)
        let limits = ParseLimits(maxInputBytes: Int.max)
        // Start the peak here: writing 5 to clear_refs resets VmHWM to the current size.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = status("VmRSS")
        var held = 0
        do {
            if toml {
                let table = try TOMLParser.parse(data, options: .init(limits: limits))
                held = status("VmRSS") - before
                withExtendedLifetime(table) {}
            } else {
                let node = try JSONParser.parse(data, options: .init(limits: limits))
                held = status("VmRSS") - before
                withExtendedLifetime(node) {}
            }
        } catch {
            print("\(arguments[1]): parse failed: \(error)")
            exit(1)
        }
        let peak = Double(status("VmHWM") - before) / Double(data.count)
        let kept = Double(held) / Double(data.count)
        let name = arguments[1].padding(toLength: 13, withPad: " ", startingAt: 0)
        print(name + String(format: "%10d bytes  peak %5.1f  held %5.1f bytes per input byte", data.count, peak, kept))
        exit(peak <= boundPerInputByte ? 0 : 1)
    }
}
