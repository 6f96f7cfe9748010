import ArgumentParser
import SwinjectPropertyLoader

/// `--env PREFIX`: the variables of the command's environment that start with the prefix, read
/// by ``EnvironmentPropertyLoader`` (so `APP_DATABASE_PORT` sets `database.port`, or the key an
/// earlier file spells that way).
enum EnvironmentLayer {
    static func layer(prefix: String, environment: [String: String]) throws(ValidationError) -> Layer {
        guard !prefix.isEmpty else {
            throw ValidationError("--env needs a prefix such as APP_: without one every variable would be a property")
        }
        return Layer(
            label: "environment (\(prefix)*)",
            loader: EnvironmentPropertyLoader(prefix: prefix, variables: environment))
    }
}
