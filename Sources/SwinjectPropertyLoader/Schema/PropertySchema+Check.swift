package import PropertyFormats
package import Swinject

/// One problem of a configuration checked against a schema: where it is and what it is.
package struct PropertySchemaProblem: Sendable, Equatable {
    /// The file (or other source) that set the value at fault, or the schema file for a
    /// required key no source sets.
    package let source: String
    package let position: SourcePosition
    package let message: String
}

extension PropertySchema {
    /// Every entry of the schema whose key `container` cannot give as an application reads it:
    /// a value that does not convert to the entry's type, and a required key that no source
    /// sets (or that is null). Each key is read with the read `requiredProperty` makes, so the
    /// verdict is the application's, text sources and sections included; a `section` entry is
    /// checked for a table, not field by field, and an `any` entry for a value.
    ///
    /// Keys the schema marks secret become secret in `container` first, so that no message shows
    /// their values. A placeholder that does not resolve is left to the load, which reports it.
    /// Call on the thread that resolves `container`.
    package func problems(in container: Container, schemaSource: String) -> [PropertySchemaProblem] {
        let secretKeys = properties.filter(\.isSecret).map(\.key)
        if !secretKeys.isEmpty {
            var secrets = container.propertySecrets
            secrets.keys.formUnion(secretKeys)
            container.propertySecrets = secrets
        }
        var problems: [PropertySchemaProblem] = []
        for property in properties {
            guard let type = PropertySchemaType(spelling: property.type[...]) else {
                problems.append(
                    PropertySchemaProblem(
                        source: schemaSource, position: property.position,
                        message: "schema: \"\(property.type)\" of \"\(property.key)\" is not a property type"))
                continue
            }
            if let problem = Self.check(property, as: type.swiftType, in: container, schemaSource: schemaSource) {
                problems.append(problem)
            }
        }
        return problems
    }

    private static func check<T>(
        _ property: Property, as type: T.Type, in container: Container, schemaSource: String
    ) -> PropertySchemaProblem? {
        let readers =
            property.readers.isEmpty ? "" : "; read by " + property.readers.map(\.description).joined(separator: ", ")
        do {
            _ = try PropertyReads.required(property.key, as: T.self, from: container, fileID: "", line: 0)
            return nil
        } catch {
            switch error.code {
            case .missingKey:
                guard property.isRequired else { return nil }
                let wanted = "required property \"\(property.key)\" (\(property.type))"
                if let source = error.source {
                    return PropertySchemaProblem(
                        source: source.name, position: source.position, message: "\(wanted) is null\(readers)")
                }
                return PropertySchemaProblem(
                    source: schemaSource, position: property.position,
                    message: "\(wanted) is not set by any source\(readers)")
            case .typeMismatch:
                var mismatch = error
                mismatch.requestedType = property.swiftType
                if property.isSecret { mismatch.isSecret = true }
                let source = mismatch.source
                return PropertySchemaProblem(
                    source: source?.name ?? schemaSource, position: source?.position ?? property.position,
                    message: mismatch.description + readers)
            default:
                return nil
            }
        }
    }
}
