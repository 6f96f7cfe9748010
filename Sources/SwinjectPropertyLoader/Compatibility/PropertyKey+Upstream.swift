extension PropertyKey: RawRepresentable, CustomDebugStringConvertible {
    /// The property name; the SwinjectPropertyLoader 2.x fork's spelling of ``name``.
    public var rawValue: String { name }

    /// Creates a key from a property name; the fork's spelling of ``init(_:)``.
    public init(rawValue: String) {
        self.init(rawValue)
    }

    /// `PropertyKey("my.key")`.
    public var debugDescription: String {
        var text = "PropertyKey(\""
        for character in name.unicodeScalars {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.unicodeScalars.append(character)
            }
        }
        return text + "\")"
    }
}
