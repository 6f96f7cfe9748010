extension GeneratedInputs {
    /// `keys` string properties, the last tenth of them templates `"${service.k<i>}/v1"` that
    /// refer to plain keys; with `resolved`, the templates are replaced by what they expand to.
    /// The input of the placeholder rows, as flat key and text pairs.
    public static func placeholderProperties(keys: Int, resolved: Bool) -> [(key: String, text: String)] {
        let templates = keys / 10
        var properties: [(key: String, text: String)] = []
        properties.reserveCapacity(keys)
        for index in 0..<(keys - templates) {
            properties.append(("service.k\(index)", "value-\(index)"))
        }
        for index in 0..<templates {
            let text = resolved ? "value-\(index * 9)/v1" : "${service.k\(index * 9)}/v1"
            properties.append(("templated.k\(index)", text))
        }
        return properties
    }
}
