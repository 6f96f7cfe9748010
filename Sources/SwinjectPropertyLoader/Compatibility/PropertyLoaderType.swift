/// SwinjectPropertyLoader 1.0's name for ``PropertyLoader`` (from its Swift 2 releases).
@available(*, deprecated, renamed: "PropertyLoader")
public typealias PropertyLoaderType = PropertyLoader
