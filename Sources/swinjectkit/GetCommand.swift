import ArgumentParser
import Foundation
import PropertyFormats
import SwinjectPropertyLoader

/// `swinjectkit get KEY FILE...`: one merged value, for scripts.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print one property's merged value.",
        discussion: """
            A string prints as is; any other value, and a section such as `database`, as JSON. \
            Exits with 1 and a message naming the key when no source sets it, and with 1 and a \
            hint when the value is or holds a secret and `--show-secrets` is not given.
            """
    )

    @Argument(help: "The property key, such as database.port.")
    var key: String

    @OptionGroup var options: ConfigurationOptions

    func run() throws {
        let (layers, container) = try ConfigurationLayers.loaded(options)
        guard let record = container.propertyRecord(for: key) else {
            throw CommandFailure(MissingKey.message(key, layers: layers))
        }
        let masking = SecretMasking(container: container, showSecrets: options.showSecrets)
        // A script reads what `get` prints, so a hidden secret is a failure rather than `***`.
        if masking.hides(key) {
            throw CommandFailure("swinjectkit: \(key) is a secret; pass --show-secrets to print it")
        }
        // A key that holds a value beside members prints the value alone, so only a section
        // can hold a secret under it.
        let members = key + "."
        let isSection: Bool
        switch record.value {
        case .table, .array: isSection = true
        default: isSection = false
        }
        if isSection, let secret = container.propertyKeys.first(where: { $0.hasPrefix(members) && masking.hides($0) }) {
            throw CommandFailure(
                "swinjectkit: \(key) holds the secret \(secret); pass --show-secrets to print it")
        }
        print(masking.plain(record.value, key: key))
    }
}

/// The message for a key that no source sets.
enum MissingKey {
    static func message(_ key: String, layers: ConfigurationLayers) -> String {
        "no property \"\(key)\" in " + layers.layers.map(\.label).joined(separator: ", ")
    }
}
