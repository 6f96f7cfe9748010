import ArgumentParser
import Foundation
import PropertyFormats
import SwinjectPropertyLoader

/// `swinjectkit explain KEY FILE...`: every source that set a key, in order, and which won.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show every source that set a property, in order, which one won and why.",
        discussion: "Exits with 1 and a message naming the key when no source sets it."
    )

    @Argument(help: "The property key, such as database.port.")
    var key: String

    @OptionGroup var options: ConfigurationOptions

    func run() throws {
        let (layers, container) = try ConfigurationLayers.loaded(options)
        let explanation = Explanation(key: key, container: container, layers: layers)
        let masking = SecretMasking(container: container, showSecrets: options.showSecrets)
        let names = layers.names
        var lines: [String] = []
        if let record = explanation.record {
            let value = masking.cell(record.value, key: key)
            lines.append("\(key) = \(value) (\(ShowCommand.typeName(record))) from \(names.display(record.source))")
        } else {
            lines.append("\(key) is not set")
        }
        if !explanation.entries.isEmpty {
            lines.append("")
            lines.append("Sources that set \(key), in the order they apply:")
            let rows = explanation.entries.enumerated().map { offset, entry in
                // A value a source set is hidden when the merged key is secret or its own source is.
                let value =
                    entry.source.isSecret && !options.showSecrets
                    ? SecretMasking.mask : masking.cell(entry.value, key: key)
                return [
                    "  \(offset + 1).", names.display(entry.source), value, outcomeText(entry.outcome, names: names),
                ]
            }
            lines.append(TableRenderer.render(rows: rows))
        }
        if let references = explanation.record?.references, !references.isEmpty {
            lines.append("")
            lines.append("Placeholders in the value, in order:")
            let rows = references.map { reference in
                [
                    "  \(reference.key)",
                    reference.source.map { "from \(names.display($0))" } ?? "(not set: default used)",
                ]
            }
            lines.append(TableRenderer.render(rows: rows))
        }
        lines.append("")
        lines.append(contentsOf: why(explanation, layers: layers))
        print(lines.joined(separator: "\n"))
        if explanation.record == nil { throw CommandFailure(MissingKey.message(key, layers: layers)) }
    }

    private func outcomeText(_ outcome: Explanation.Outcome, names: SourceNames) -> String {
        switch outcome {
        case .wins: "wins"
        case .overridden: "overridden"
        case .dropped(let ancestor, let source): "dropped: \(names.display(source)) set \"\(ancestor)\" whole"
        }
    }

    private func why(_ explanation: Explanation, layers: ConfigurationLayers) -> [String] {
        let order = "     (sources apply in order: files left to right, then --secrets, --env and --set)."
        let merge =
            layers.merge == .deep
            ? "Merge: deep: tables merge leaf by leaf."
            : "Merge: replace: a table set whole replaces what earlier sources set under its key"
                + " (--merge deep merges leaf by leaf)."
        let winner = explanation.entries.last { entry in
            if case .wins = entry.outcome { true } else { false }
        }
        let names = layers.names
        if let winner, explanation.entries.count == 1 {
            return ["Why: \(names.display(winner.source)) is the only source that sets \(key).", merge]
        } else if let winner {
            return [
                "Why: \(names.display(winner.source)) is the last source that sets \(key), and a later source wins",
                order, merge,
            ]
        } else if let record = explanation.record {
            return ["Why: the merged value comes from \(names.display(record.source))", order, merge]
        }
        return ["Why: no value for \(key) is left after merging", order, merge]
    }
}
