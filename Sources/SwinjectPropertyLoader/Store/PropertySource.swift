public import PropertyFormats

/// Where a property came from: a file, a bundle resource, a text, or a Swift value, with the
/// line and column of its value when it was read from a text, and what the source says about
/// its values.
public struct PropertySource: Sendable, Hashable, CustomStringConvertible {
    /// The file path, bundle resource path, text label (such as `<string>`) or Swift type
    /// (`struct AppConfig`) the property was read from.
    public var name: String
    /// The position of the value in the text, or `SourcePosition.unknown`.
    public var position: SourcePosition
    /// Whether the source has only text (environment variables, `.env` files, command-line
    /// arguments, files of a directory): its string values convert on request to numbers,
    /// Booleans and lists, as the conversion table describes for text sources.
    public var valuesAreText: Bool
    /// Whether every value of this source is a secret, never shown in descriptions, errors or
    /// logs (a mounted secret directory, for example).
    public var isSecret: Bool
    /// Whether the source's values are kept as written, with no placeholder resolved in them
    /// (``PlaceholderMode/verbatim``).
    var isVerbatim = false

    /// Creates a source.
    public init(
        name: String, position: SourcePosition = .unknown, valuesAreText: Bool = false, isSecret: Bool = false
    ) {
        self.name = name
        self.position = position
        self.valuesAreText = valuesAreText
        self.isSecret = isSecret
    }

    /// The same source at `position`.
    func at(_ position: SourcePosition) -> PropertySource {
        var source = self
        source.position = position
        return source
    }

    /// `name:line:column`, or `name` when there is no position.
    public var description: String {
        position.isKnown ? "\(name):\(position.line):\(position.column)" : name
    }
}

/// One property as a loader produced it: its key, value and source.
public struct LoadedProperty: Sendable {
    /// The property key; `.` separates nested keys.
    public var key: String
    /// The value.
    public var value: PropertyValue
    /// Where the value came from.
    public var source: PropertySource

    /// Creates a loaded property.
    public init(key: String, value: PropertyValue, source: PropertySource) {
        self.key = key
        self.value = value
        self.source = source
    }
}

/// What the container keeps for one key: the value, where it came from, and the sources of
/// the values it replaced (most recent first).
public struct PropertyRecord: Sendable, CustomStringConvertible {
    /// The property key.
    public var key: String
    /// The current value.
    public var value: PropertyValue
    /// Where the current value came from.
    public var source: PropertySource
    /// The sources of earlier values for this key that later loaders replaced, most recent first.
    public var overridden: [PropertySource]
    /// The properties that `${key}` placeholders in the value referred to, in order; each
    /// reference's source is where the inserted value came from (see <doc:Placeholders>). In a
    /// secret record, a reference whose default was used has the key `***`: its name is text
    /// from inside the secret value.
    public var references: [PropertyReference] = []
    /// Whether the value is a secret, which ``description`` shows as `***` (see <doc:Secrets>).
    public var isSecret = false
    /// The value as ``description`` shows it, masked by the container that made the record.
    var shownValue: String?

    /// `key = value (kind) from source`, with `***` for a secret value or secret member. The kind
    /// of a string from a text source (``PropertySource/valuesAreText``) is `text`: it converts on
    /// request, as the `swinjectkit` command shows it.
    public var description: String { description(revealingSecrets: false) }

    /// `key = value (kind) from source`; secrets are shown only when `revealingSecrets` is true.
    public func description(revealingSecrets: Bool) -> String {
        let shown = revealingSecrets ? value.displayText : maskedValue
        var text = "\(key) = \(shown) (\(kindName)) from \(source)"
        if let previous = overridden.first { text += ", overrides \(previous)" }
        return text
    }

    /// The value's kind as ``description`` shows it: `text` for a string from a text source.
    package var kindName: String {
        if case .string = value, source.valuesAreText { return "text" }
        return value.kindName
    }

    /// The value as ``description`` shows it: `***` when secret, each secret member as `***`.
    var maskedValue: String {
        shownValue ?? (isSecret || source.isSecret ? "***" : SecretKeys.displayText(value, key: key))
    }
}
