import ArgumentParser
import Foundation
import PropertyFormats
import SwinjectPropertyLoader

/// `swinjectkit show FILE...`: the merged properties as a table or as JSON.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the merged properties: key, value, type and source file:line:column.",
        discussion: """
            Files apply left to right and later files win; --secrets, --env and --set apply on \
            top. --json prints {"version": 1, "properties": [...]}, one object per property with \
            key, value, type, secret, text, source {name, line, column}, overridden (the sources \
            it replaced, most recent first) and references (the keys its placeholders inserted).
            """
    )

    @OptionGroup var options: ConfigurationOptions

    @Flag(help: "Print JSON for machines instead of a table.")
    var json = false

    func run() throws {
        let (layers, container) = try ConfigurationLayers.loaded(options)
        let masking = SecretMasking(container: container, showSecrets: options.showSecrets)
        let records = container.propertyKeys.compactMap { container.propertyRecord(for: $0) }
        if json {
            print(ShowJSON.render(records, names: layers.names, masking: masking))
            return
        }
        let rows = records.map { record in
            [
                record.key,
                masking.cell(record.value, key: record.key),
                Self.typeName(record),
                layers.names.display(record.source),
            ]
        }
        print(TableRenderer.render(header: ["KEY", "VALUE", "TYPE", "SOURCE"], rows: rows))
    }

    /// The value's kind; `text` for a string from a text-only source, which converts on request.
    static func typeName(_ record: PropertyRecord) -> String {
        record.kindName
    }
}
