#if os(Linux) && canImport(Runtime)
    import Runtime
#endif

/// Where the factory that made a failed request is written, for a message that cannot take the
/// caller's `#fileID` and `#line`: an operator has exactly its operands, so `r ~> Service.self`
/// has no room for them.
///
/// Read from the call stack on the failure path only, where the symbols carry source locations
/// (debug information, Linux); nil elsewhere, and the message goes without it.
enum FactorySite {
    /// The source directories of SwinjectKit and Swinject, whose frames are skipped.
    private static let libraryDirectories = [
        "/Sources/SwinjectAutoregistration/", "/Sources/SwinjectKitSupport/", "/Sources/SwinjectPropertyLoader/",
        "/Sources/SwinjectInjection/", "/Sources/SwinjectKitTesting/", "/checkouts/Swinject/",
    ]

    /// `Folder/File.swift:line` of the innermost frame outside SwinjectKit and Swinject that has
    /// a source location: the closure that called into the library.
    static func innermostOutsideLibrary() -> String? {
        #if os(Linux) && canImport(Runtime)
            guard let frames = try? Backtrace.capture().symbolicated()?.frames else { return nil }
            for frame in frames {
                guard let location = frame.symbol?.sourceLocation else { continue }
                let path = location.path
                if libraryDirectories.contains(where: { path.contains($0) }) { continue }
                let file = path.split(separator: "/").suffix(2).joined(separator: "/")
                return "\(file):\(location.line)"
            }
        #endif
        return nil
    }
}
