import PropertyFormats
import SwinjectPropertyLoader

/// The `show --json` document, written by hand so its member order is fixed:
///
/// ```
/// {
///   "version": 1,
///   "properties": [
///     {"key": "…", "value": …, "type": "…", "secret": false, "text": false,
///      "source": {"name": "…", "line": 3, "column": 9}, "overridden": [{"name": …}],
///      "references": [{"key": "…", "source": {"name": …} or null}]}
///   ]
/// }
/// ```
///
/// One property per line, sorted by key. `value` is the JSON value (`"***"` for a masked
/// secret); `line` and `column` are `null` when the source has no position; `overridden` lists
/// the sources of the values this one replaced, most recent first; `references` the keys the
/// value's `${key}` placeholders inserted, with their sources (`null` when a default was used).
enum ShowJSON {
    static func render(_ records: [PropertyRecord], names: SourceNames, masking: SecretMasking) -> String {
        var lines = ["{", "  \"version\": 1,", "  \"properties\": ["]
        for (offset, record) in records.enumerated() {
            let secret = masking.isSecret(record.key)
            let shownValue = masking.json(record.value, key: record.key)
            let overridden = record.overridden.map { source(of: $0, names: names) }.joined(separator: ", ")
            var line = "    {\"key\": \(ValueText.quoted(record.key)), \"value\": \(shownValue)"
            line += ", \"type\": \(ValueText.quoted(ShowCommand.typeName(record)))"
            line += ", \"secret\": \(secret), \"text\": \(record.source.valuesAreText)"
            let references = record.references.map { reference in
                let shown = reference.source.map { Self.source(of: $0, names: names) } ?? "null"
                return "{\"key\": \(ValueText.quoted(reference.key)), \"source\": \(shown)}"
            }
            line += ", \"source\": \(source(of: record.source, names: names)), \"overridden\": [\(overridden)]"
            line += ", \"references\": [\(references.joined(separator: ", "))]}"
            lines.append(line + (offset < records.count - 1 ? "," : ""))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n")
    }

    private static func source(of source: PropertySource, names: SourceNames) -> String {
        let name = ValueText.quoted(names.display(source.name))
        guard source.position.isKnown else { return "{\"name\": \(name), \"line\": null, \"column\": null}" }
        return "{\"name\": \(name), \"line\": \(source.position.line), \"column\": \(source.position.column)}"
    }
}
