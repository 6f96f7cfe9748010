import ArgumentParser
import SwinjectPropertyLoader

/// `--env PREFIX`: the environment variables that start with the prefix, read by the library's
/// environment loader.
enum EnvironmentLayer {
    static func layer(prefix: String, environment: [String: String]) throws(ValidationError) -> Layer {
        throw ValidationError("--env \(prefix): this build of swinjectkit cannot read the environment yet")
    }
}
