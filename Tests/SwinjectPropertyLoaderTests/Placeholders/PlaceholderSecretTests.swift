import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Placeholder errors in a secret value give byte offsets, never text from the value; a secret
/// source can keep its values verbatim.
@Suite struct PlaceholderSecretTests {
    private static let password = "Xy7${Qz9-TopSecret-Tail}abc"

    /// A directory holding `db.password` with `content`, removed by the caller.
    private func secretDirectory(_ content: String) throws -> URL {
        let directory = try makeTemporaryDirectory()
        try Data(content.utf8).write(to: directory.appendingPathComponent("db.password"))
        return directory
    }

    @Test func aMissingKeyInASecretDirectoryValueIsGivenByOffset() throws {
        let directory = try secretDirectory(Self.password)
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = Container()
        try container.applyPropertyLoader(DirectoryPropertyLoader(url: directory, secret: true))
        let error = try #require(container.unresolvedPlaceholders.first)
        #expect(error == .unresolvedPlaceholder)
        #expect(
            error.message == "placeholder at byte 3 of secret property \"db.password\" names a property no loader set,"
                + " and has no default")
        let read = try #require(throws: PropertyError.self) {
            let _: String = try container.requiredProperty("db.password")
        }
        let renderings = [
            error.description, error.localizedDescription, String(reflecting: error), read.description,
            read.localizedDescription, String(reflecting: read),
        ]
        for rendering in renderings {
            #expect(!rendering.contains("Qz9"), "\(rendering)")
        }
    }

    /// The first error applying `json` gives, or the first placeholder it leaves unresolved.
    private func failure(_ json: String, in container: Container = Container()) -> PropertyLoaderError? {
        do {
            try container.applyPropertyLoader(JsonPropertyLoader(string: json, name: "app.json"))
        } catch {
            return error as? PropertyLoaderError
        }
        return container.unresolvedPlaceholders.first
    }

    @Test func aSecretNamedKeyIsGivenByOffsetToo() throws {
        let errors = [
            #"{"db": {"password": "Xy7${Qz9-TopSecret-Tail}abc"}}"#,
            #"{"db": {"password": "Xy7${Qz9-TopSecret-Tail}abc"}, "Qz9-TopSecret-Tail": {"a": 1}}"#,
            #"{"db": {"password": "Xy7${env:Qz9-TopSecret-Tail}abc"}}"#,
        ].map { failure($0) }
        #expect(errors[0]?.message.hasPrefix("placeholder at byte 3 of secret property \"db.password\"") == true)
        #expect(errors[1]?.message.hasSuffix("names a table, which cannot be inserted into text") == true)
        #expect(errors[2]?.message.hasPrefix("property \"db.password\" has an env: placeholder at byte 3") == true)
        for error in errors {
            #expect(error?.description.contains("Qz9") == false, "\(error?.description ?? "")")
        }
    }

    @Test func theContainersOwnSecretRulesCountAndChildrenInheritThem() throws {
        let parent = Container()
        parent.propertySecrets = PropertySecrets(markers: ["credential"])
        for container in [Container(parent: parent), parent] {
            let error = failure(#"{"upstream": {"credential": "a${Qz9-TopSecret-Tail}"}}"#, in: container)
            #expect(error == .unresolvedPlaceholder)
            #expect(
                error?.message.hasPrefix("placeholder at byte 1 of secret property \"upstream.credential\"") == true)
        }
        let error = failure(#"{"db": {"password": "a${Qz9}"}}"#, in: Container(parent: parent))
        #expect(error?.message.hasPrefix("placeholder ${Qz9} in property \"db.password\"") == true)
    }

    @Test func aValueThatIsNotSecretStillNamesThePlaceholder() throws {
        let error = failure(#"{"db": {"url": "x${db.hots}"}}"#)
        #expect(error == .unresolvedPlaceholder)
        #expect(error?.message.hasPrefix("placeholder ${db.hots} in property \"db.url\"") == true)
    }

    @Test func aVerbatimSourceKeepsItsValuesAsWritten() throws {
        let directory = try secretDirectory(Self.password)
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = Container()
        try container.applyPropertyLoaders([
            JsonPropertyLoader(string: #"{"db": {"url": "postgres://app:${db.password}@db"}}"#),
            DirectoryPropertyLoader(url: directory, secret: true, placeholders: .verbatim),
        ])
        #expect(container.property("db.password") == Self.password)
        #expect(container.property("db.url") == "postgres://app:\(Self.password)@db")
        #expect(container.isSecretProperty("db.url"))
        #expect(DirectoryPropertyLoader(url: directory).placeholders == .resolve)
    }
}
