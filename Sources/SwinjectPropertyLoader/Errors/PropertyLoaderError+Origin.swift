extension PropertyLoaderError {
    /// The error with the bundle resource or file URL `input` reads as its ``origin``, so that
    /// ``upstreamCase`` can give the payloads the fork's cases carried. Inputs given as `String`
    /// or `Data` have no origin.
    func attributed(to input: PropertyInput) -> PropertyLoaderError {
        var error = self
        switch input {
        case .bundle(let bundle, let name, let fileExtension):
            error.origin = .bundle(bundle, name: name, fileExtension: fileExtension)
        case .url(let url):
            error.origin = .url(url)
        case .data:
            break
        }
        return error
    }
}
