/// Whether a loader's string values are templates whose `${key}` placeholders the container
/// resolves (see <doc:Placeholders>), or text kept as written.
///
/// A password or token may contain `${` by chance; a secret source that holds no templates
/// loads it verbatim:
///
/// ```swift
/// let secrets = DirectoryPropertyLoader(url: secretsURL, secret: true, placeholders: .verbatim)
/// ```
public enum PlaceholderMode: Sendable, Hashable {
    /// `${key}` inserts the property `key`, and `$${` is a literal `${`.
    case resolve
    /// Every value is kept as written: `${` and `$${` are text, and other values' placeholders
    /// insert the value as it is.
    case verbatim
}
