import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

// The samples of Secrets.md, line for line (Scripts/check-doc-samples.py), and tests that run them.
extension PropertyKey {
    static let sentryDSN = PropertyKey("sentry.dsn", secret: true)
}

func maskedDescription() throws -> String {
    let container = Container()
    try container.applyPropertyLoader(
        JsonPropertyLoader(string: #"{"database": {"user": "orders", "password": "hunter2"}}"#, name: "app.json"))
    return container.propertiesDescription
    // database.password = *** (string) from app.json:1:45
    // database.user = "orders" (string) from app.json:1:23
}

func configureSecrets(_ container: Container) {
    container.propertySecrets = PropertySecrets(
        markers: PropertySecrets.defaultMarkers + ["credential"], keys: ["billing.iban"])
}

struct VaultLoader: PropertyBatchLoader {
    func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        let source = PropertySource(name: "vault://orders", isSecret: true)
        batch.set("payments.merchant", to: .string("acct_81723"), source: source)
        return batch
    }
}

func maskedError(_ container: Container) -> String {
    do {
        let _: Int = try container.requiredProperty("database.password")
        return "read"
    } catch {
        return error.description
        // …: property "database.password" is a string (***) from app.json:1:45, not convertible to Swift.Int
    }
}

func revealOnPurpose(_ container: Container) -> String? {
    container.propertyRecord(for: "database.password")?.description(revealingSecrets: true)
}

func secretThroughPlaceholder() throws -> String? {
    let container = Container()
    try container.applyPropertyLoaders([
        VaultLoader(),
        JsonPropertyLoader(string: #"{"checkout": {"url": "https://pay.example/${payments.merchant}"}}"#),
    ])
    return container.propertyRecord(for: "checkout.url")?.description
    // checkout.url = *** (string) from <string>:1:22
}

func verbatimSecrets(_ secretsURL: URL) throws -> String? {
    let container = Container()
    try container.applyPropertyLoaders([
        DirectoryPropertyLoader(url: secretsURL, secret: true, placeholders: .verbatim),
        JsonPropertyLoader(string: #"{"database": {"url": "postgres://orders:${db.password}@db"}}"#),
    ])
    return container.property("db.password")
    // Xy7${Qz9-TopSecret-Tail}abc
}

@Suite struct SecretDocSampleTests {
    @Test func samplesDoWhatTheArticleSays() throws {
        let description = try maskedDescription()
        #expect(
            description
                == "database.password = *** (string) from app.json:1:45\ndatabase.user = \"orders\" (string) from app.json:1:23"
        )
        let container = Container()
        configureSecrets(container)
        try container.applyPropertyLoader(
            JsonPropertyLoader(
                string: #"{"database": {"password": "hunter2"}, "billing": {"iban": "DE89"}}"#, name: "app.json"))
        #expect(container.isSecretProperty("billing.iban"))
        #expect(container.isSecretProperty("upstream.credential"))
        #expect(PropertyKey.sentryDSN.isSecret && container.isSecretProperty("sentry.dsn"))
        #expect(!maskedError(container).contains("hunter2"))
        #expect(maskedError(container).contains("is a string (***) from app.json:1:27"))
        #expect(revealOnPurpose(container)?.contains("\"hunter2\"") == true)
        #expect(try secretThroughPlaceholder() == "checkout.url = *** (string) from <string>:1:22")
        let secrets = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: secrets) }
        try Data("Xy7${Qz9-TopSecret-Tail}abc\n".utf8).write(to: secrets.appendingPathComponent("db.password"))
        #expect(try verbatimSecrets(secrets) == "Xy7${Qz9-TopSecret-Tail}abc")
    }
}
