/// Writes text as a JSON string literal: the one escaping rule the package's JSON output uses
/// (`Decodable` sections, the `swinjectkit` command's `--json`).
///
/// `"` and `\` are escaped, `\n`, `\r` and `\t` by name, other control characters and DEL as
/// `\u00XX`; every other scalar is written as it is.
package enum JSONStringWriter {
    /// Appends `text` to `json` as a quoted JSON string.
    package static func append(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }

    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String) -> String {
        var json = ""
        append(text, to: &json)
        return json
    }
}
