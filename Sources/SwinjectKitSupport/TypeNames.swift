/// Names of types for messages and records: ``short(_:)`` as `String(describing:)` spells a type,
/// ``qualified(_:)`` as `String(reflecting:)` does.
///
/// Both call `_typeName`, where those initializers end for a metatype. Given a metatype, the
/// initializers first ask whether it conforms to `TextOutputStreamable`,
/// `CustomStringConvertible`, `CustomDebugStringConvertible` and `CustomReflectable`, and the
/// first such question about a type scans every protocol conformance record of the process: a
/// cost per service type that start-up pays (`hummingbird.start-up-to-first-200`).
package enum TypeNames {
    /// `Cat` for `MyApp.Cat`.
    package static func short(_ type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }

    /// `MyApp.Cat`.
    package static func qualified(_ type: Any.Type) -> String {
        _typeName(type, qualified: true)
    }
}
