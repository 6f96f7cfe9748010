extension DotEnvPropertyLoader {
    /// How the names of a `.env` file become property keys.
    public enum KeyStyle: Sendable, Hashable {
        /// Each name is its key as written: `database.port=5432` sets `database.port`,
        /// `DATABASE_PORT=5432` sets `DATABASE_PORT`.
        case asWritten
        /// Names that start with `prefix` map to keys as ``EnvironmentPropertyLoader`` maps
        /// variables, relaxed matching of earlier keys included: with the prefix `APP_`,
        /// `APP_DATABASE_POOL_SIZE=25` sets `database.poolSize` when an earlier loader set it.
        /// Names without the prefix are skipped, so one file serves docker compose and the
        /// application alike. An empty prefix maps every name.
        case environment(prefix: String)
    }

    /// Sets each entry whose name starts with `prefix` at the key the environment rules give it.
    func setMatching(
        _ entries: [DotEnvEntry], prefix: String, source: PropertySource, into batch: inout PropertyBatch
    ) throws(PropertyLoaderError) {
        let prefixBytes = prefix.utf8.count
        for entry in entries where entry.key.utf8.starts(with: prefix.utf8) {
            switch EnvironmentKey.map(entry.key, prefixBytes: prefixBytes) {
            case .success(let key):
                batch.setMatching(key, to: .string(entry.value), source: source.at(entry.position))
            case .failure(let problem):
                let message = "the name '\(entry.key)' maps to no key: \(problem.message)"
                throw PropertyLoaderError(
                    .malformedContent, source: source.name, message: message, position: entry.keyPosition,
                    parseError: ParseError(.syntax, message, at: entry.keyPosition)
                ).attributed(to: input)
            }
        }
    }
}
