// The value types loaders produce (`PropertyValue`, `SourcePosition`, `ParseError`, the parsers'
// options) are part of this module's API, so importing SwinjectPropertyLoader brings them along.
@_exported public import PropertyFormats
