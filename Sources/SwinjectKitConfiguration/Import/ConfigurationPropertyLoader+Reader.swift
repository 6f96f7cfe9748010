import Configuration

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfigurationPropertyLoader {
    /// The value a reader gives for `key`. A reader's plain reads answer nil for a missing
    /// value and for one that does not convert (its access reporter sees the error), so a
    /// required key that reads nil is read again through the throwing accessor for its error.
    func read(_ key: Key, from reader: ConfigReader, asText: inout Bool) throws -> ConfigValue? {
        let types = key.type.map { [$0] } ?? Self.anyTypeOrder
        for type in types {
            if let content = Self.get(reader, key.configKey, type, isSecret: key.isSecret) {
                asText = key.type == nil && type == .string
                return ConfigValue(content, isSecret: key.isSecret)
            }
        }
        guard key.isRequired else { return nil }
        do {
            return ConfigValue(
                try Self.require(reader, key.configKey, key.type ?? .string, isSecret: key.isSecret),
                isSecret: key.isSecret)
        } catch {
            throw ConfigurationBridgeError(
                .missingRequiredValue, key: key.property, source: sourceName,
                message: "required key \(key.configKey) has no value in \(sourceName): \(error)")
        }
    }

    private static func get(_ reader: ConfigReader, _ key: ConfigKey, _ type: ConfigType, isSecret: Bool)
        -> ConfigContent?
    {
        switch type {
        case .string: reader.string(forKey: key, isSecret: isSecret).map(ConfigContent.string)
        case .int: reader.int(forKey: key, isSecret: isSecret).map(ConfigContent.int)
        case .double: reader.double(forKey: key, isSecret: isSecret).map(ConfigContent.double)
        case .bool: reader.bool(forKey: key, isSecret: isSecret).map(ConfigContent.bool)
        case .bytes: reader.bytes(forKey: key, isSecret: isSecret).map(ConfigContent.bytes)
        case .stringArray: reader.stringArray(forKey: key, isSecret: isSecret).map(ConfigContent.stringArray)
        case .intArray: reader.intArray(forKey: key, isSecret: isSecret).map(ConfigContent.intArray)
        case .doubleArray: reader.doubleArray(forKey: key, isSecret: isSecret).map(ConfigContent.doubleArray)
        case .boolArray: reader.boolArray(forKey: key, isSecret: isSecret).map(ConfigContent.boolArray)
        case .byteChunkArray:
            reader.byteChunkArray(forKey: key, isSecret: isSecret).map(ConfigContent.byteChunkArray)
        }
    }

    private static func require(_ reader: ConfigReader, _ key: ConfigKey, _ type: ConfigType, isSecret: Bool)
        throws -> ConfigContent
    {
        switch type {
        case .string: .string(try reader.requiredString(forKey: key, isSecret: isSecret))
        case .int: .int(try reader.requiredInt(forKey: key, isSecret: isSecret))
        case .double: .double(try reader.requiredDouble(forKey: key, isSecret: isSecret))
        case .bool: .bool(try reader.requiredBool(forKey: key, isSecret: isSecret))
        case .bytes: .bytes(try reader.requiredBytes(forKey: key, isSecret: isSecret))
        case .stringArray: .stringArray(try reader.requiredStringArray(forKey: key, isSecret: isSecret))
        case .intArray: .intArray(try reader.requiredIntArray(forKey: key, isSecret: isSecret))
        case .doubleArray: .doubleArray(try reader.requiredDoubleArray(forKey: key, isSecret: isSecret))
        case .boolArray: .boolArray(try reader.requiredBoolArray(forKey: key, isSecret: isSecret))
        case .byteChunkArray: .byteChunkArray(try reader.requiredByteChunkArray(forKey: key, isSecret: isSecret))
        }
    }
}
