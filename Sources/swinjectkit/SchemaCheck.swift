import Foundation
import Swinject
import SwinjectPropertyLoader

/// `check --schema FILE`: the schema file read, then each of its entries read from the merged
/// properties as the application reads it (``PropertySchema``'s check, the one the library
/// defines, so the command's verdict is the application's).
enum SchemaCheck {
    /// One `file:line:column: message` line per problem, and the number of entries checked. A
    /// schema that cannot be read or parsed is one problem naming the file and position.
    static func problems(
        schemaPath: String, container: Container, names: SourceNames
    ) -> (problems: [String], entries: Int) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: schemaPath))
        } catch {
            return (["\(schemaPath): cannot read the schema: \(Self.reason(error))"], 0)
        }
        let schema: PropertySchema
        do {
            schema = try PropertySchema(json: data, source: schemaPath)
        } catch {
            return ([names.message(for: error, layer: schemaPath)], 0)
        }
        let problems = schema.problems(in: container, schemaSource: schemaPath).map { problem in
            names.message(problem.message, source: problem.source, at: problem.position)
        }
        return (problems, schema.properties.count)
    }

    private static func reason(_ error: any Error) -> String {
        let cocoa = error as? CocoaError
        switch cocoa?.code {
        case .fileReadNoSuchFile?: return "no such file"
        case .fileReadNoPermission?: return "permission denied"
        default: return error.localizedDescription
        }
    }
}
