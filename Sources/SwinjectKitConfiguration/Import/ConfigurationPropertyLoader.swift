public import Configuration
import Foundation
import PropertyFormats
public import SwinjectPropertyLoader

/// Imports values from swift-configuration providers, or a `ConfigReader`, into a container's
/// properties, for the keys you name.
///
/// swift-configuration looks values up by key and cannot list its keys, so the loader reads
/// exactly the ``Key``s it is given; a key no provider has is left unset, or is an error when
/// the key is required. Providers are asked in order and the first that has the key wins, as
/// `ConfigReader` does.
///
/// A value a provider marks secret (`ConfigValue.isSecret`, for example from a
/// `secretsSpecifier`) or a key marked `isSecret: true` arrives with a source whose
/// `isSecret` is true, so the container never shows it. A `ConfigReader` does not tell which
/// values its providers mark secret: import from the providers to keep their marking, or mark
/// the keys.
///
/// ```swift
/// let environment = EnvironmentVariablesProvider(
///     environmentVariables: ["HTTP_PORT": "8080", "DATABASE_PASSWORD": "hunter2"],
///     secretsSpecifier: .specific(["DATABASE_PASSWORD"]))
/// let loader = ConfigurationPropertyLoader(
///     provider: environment, keys: ["http.port", "database.password"])
/// try container.applyPropertyLoader(loader)
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfigurationPropertyLoader: PropertyBatchLoader, Sendable {
    enum Origin: Sendable {
        case providers([any ConfigProvider])
        case reader(ConfigReader)
    }

    let origin: Origin
    /// The keys to import, in order.
    package var keys: [Key]
    /// The source name of every imported value.
    package var sourceName: String

    /// Imports `keys` from one provider; the source is the provider's name.
    public init(provider: some ConfigProvider, keys: [Key], sourceName: String? = nil) {
        self.init(providers: [provider], keys: keys, sourceName: sourceName ?? provider.providerName)
    }

    /// Imports `keys` from providers asked in order; the source names them all.
    public init(providers: [any ConfigProvider], keys: [Key], sourceName: String? = nil) {
        origin = .providers(providers)
        self.keys = keys
        self.sourceName = sourceName ?? providers.map(\.providerName).joined(separator: ", ")
    }

    /// Imports `keys` through a reader, with its key prefix and access reporting.
    public init(reader: ConfigReader, keys: [Key], sourceName: String = "ConfigReader") {
        origin = .reader(reader)
        self.keys = keys
        self.sourceName = sourceName
    }

    /// The types tried, in order, for a key of any type.
    static let anyTypeOrder: [ConfigType] = [
        .string, .int, .double, .bool, .stringArray, .intArray, .doubleArray, .boolArray,
    ]

    /// One property per key found.
    public func loadBatch() throws -> PropertyBatch {
        var batch = PropertyBatch()
        for key in keys {
            let found: ConfigValue?
            var asText = false
            switch origin {
            case .providers(let providers):
                found = try lookUp(key, in: providers, asText: &asText)
            case .reader(let reader):
                found = try read(key, from: reader, asText: &asText)
            }
            guard let found else {
                if key.isRequired {
                    throw ConfigurationBridgeError(
                        .missingRequiredValue, key: key.property, source: sourceName,
                        message: "required key \(key.configKey) has no value in \(sourceName)")
                }
                continue
            }
            let source = PropertySource(
                name: sourceName, valuesAreText: asText, isSecret: key.isSecret || found.isSecret)
            batch.set(key.property, to: Self.propertyValue(found.content), source: source)
        }
        return batch
    }

    /// The first value any provider has for `key`.
    private func lookUp(_ key: Key, in providers: [any ConfigProvider], asText: inout Bool) throws -> ConfigValue? {
        let absolute = AbsoluteConfigKey(key.configKey)
        for provider in providers {
            guard let type = key.type else {
                var lastError: (any Error)?
                for type in Self.anyTypeOrder {
                    do {
                        if let value = try provider.value(forKey: absolute, type: type).value {
                            asText = type == .string
                            return value
                        }
                        // Absent as one type is absent as every type.
                        lastError = nil
                        break
                    } catch {
                        lastError = error
                    }
                }
                if let lastError { throw failure(key, provider.providerName, lastError) }
                continue
            }
            do {
                if let value = try provider.value(forKey: absolute, type: type).value { return value }
            } catch {
                throw failure(key, provider.providerName, error)
            }
        }
        return nil
    }

    private func failure(_ key: Key, _ provider: String, _ error: any Error) -> ConfigurationBridgeError {
        if let bridgeError = error as? ConfigurationBridgeError { return bridgeError }
        let asked = key.type.map { "as \($0.rawValue)" } ?? "as any type"
        return ConfigurationBridgeError(
            .providerFailed, key: key.property, source: provider,
            message: "\(provider) cannot give \(key.configKey) \(asked): \(error)")
    }

    /// The value as a property value.
    static func propertyValue(_ content: ConfigContent) -> PropertyValue {
        func nodes<Element>(_ elements: [Element], _ make: (Element) -> PropertyValue) -> PropertyValue {
            .array(elements.map { PropertyNode(make($0)) })
        }
        switch content {
        case .string(let text): return .string(text)
        case .int(let number): return .integer(Int64(number))
        case .double(let number): return .float(number)
        case .bool(let flag): return .bool(flag)
        case .bytes(let bytes): return .data(Data(bytes))
        case .stringArray(let texts): return nodes(texts) { .string($0) }
        case .intArray(let numbers): return nodes(numbers) { .integer(Int64($0)) }
        case .doubleArray(let numbers): return nodes(numbers) { .float($0) }
        case .boolArray(let flags): return nodes(flags) { .bool($0) }
        case .byteChunkArray(let chunks): return nodes(chunks) { .data(Data($0)) }
        }
    }
}
