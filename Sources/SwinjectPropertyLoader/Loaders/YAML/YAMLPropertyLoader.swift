#if YAML
    import Foundation
    public import PropertyFormats

    /// Loads properties from a YAML document, with mappings flattened to dot keys as TOML tables
    /// are. Available with the package trait `YAML`.
    ///
    /// `database: {host: db, port: 5432}` gives the properties `database.host` and
    /// `database.port`; sequences stay single values. Mappings merge leaf by leaf over earlier
    /// loaders, as TOML tables do. A key is one segment even when it contains a dot:
    /// `"a.b": 1` is the property `"a.b"` (quoted).
    ///
    /// Scalars are typed by the YAML 1.2 core schema: `8080` is an integer, `1.5` and `.inf`
    /// floats, `true`/`false` Booleans, `null`, `~` and nothing are null, anything quoted is a
    /// string. YAML 1.1 spellings such as `yes`, `on` and `0777` are strings. Anchors, aliases
    /// and merge keys (`<<: *defaults`) work; every value an alias repeats counts toward
    /// `ParseLimits.maxNodesPerInputByte`, so a document that expands exponentially is an
    /// error, never an out-of-memory. A stream of several documents, a duplicate key and a key
    /// that is not a string are errors with their line:column.
    ///
    /// The file extension for `init(bundle:name:options:)` is `yaml`; a `.yml` file loads
    /// with `init(url:options:)`.
    ///
    /// ```swift
    /// try container.applyPropertyLoader(YAMLPropertyLoader(bundle: .main, name: "config"))   // config.yaml
    /// ```
    public struct YAMLPropertyLoader: FilePropertyLoader {
        /// Limits for reading YAML.
        public struct Options: Sendable, Hashable {
            /// The limits; `ParseLimits.maxNodesPerInputByte` bounds what aliases expand to.
            public var limits: ParseLimits

            /// Creates options with `limits`.
            public init(limits: ParseLimits = .default) {
                self.limits = limits
            }
        }

        /// What the loader reads.
        public let input: PropertyInput
        /// Parser options: limits.
        public var options: Options

        /// `"yaml"`.
        public static var fileExtension: String { "yaml" }
        /// The default options.
        public static var defaultOptions: Options { .init() }

        /// Creates a loader that reads `input` with `options`.
        public init(input: PropertyInput, options: Options) {
            self.input = input
            self.options = options
        }

        /// The properties, each with its line:column.
        public func loadBatch() throws -> PropertyBatch {
            let source = input.sourceName
            let data = try input.read(limits: options.limits)
            let root: PropertyNode?
            do {
                root = try Self.parse(data, limits: options.limits)
            } catch {
                throw PropertyLoaderError(parseError: error, source: source).attributed(to: input)
            }
            guard let root else { return PropertyBatch(limits: options.limits) }
            switch root.value {
            case .table(let table):
                return PropertyBatch(mergingLeavesOf: table, source: source, limits: options.limits)
            case .null:
                return PropertyBatch(limits: options.limits)
            default:
                throw PropertyLoaderError(
                    .invalidTopLevel, source: source,
                    message: "top level is \(root.value.kindName), expected a mapping", position: root.position
                ).attributed(to: input)
            }
        }

        /// The document's root node, or nil for an empty stream.
        static func parse(_ data: Data, limits: ParseLimits) throws(ParseError) -> PropertyNode? {
            let result: Result<PropertyNode?, ParseError> = data.withUnsafeBytes { bytes in
                do throws(ParseError) {
                    return .success(try YAMLComposer.compose(bytes, limits: limits))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
    }
#endif
