/// `dump`, `Mirror` and debugger summaries of the public types that hold a property value show
/// the value as descriptions do: `***` when it is secret, each secret member of a table or array
/// as `***`. Without these, reflection would list the stored `PropertyValue` itself.
extension PropertyError: CustomReflectable {
    /// The error's fields, with the stored value masked as ``description`` shows it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "code": code, "key": key, "requestedType": requestedType,
                "storedValue": storedValue.map { shown($0, revealing: false) } as Any, "source": source as Any,
                "fileID": fileID, "line": line, "detail": detail as Any, "isSecret": isSecret,
            ], displayStyle: .struct)
    }
}

extension PropertyRecord: CustomReflectable {
    /// The record's fields, with the value masked as ``description`` shows it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "key": key, "value": maskedValue, "source": source, "overridden": overridden,
                "references": references, "isSecret": isSecret,
            ], displayStyle: .struct)
    }
}

extension LoadedProperty: CustomReflectable {
    /// The property's fields, with the value as `***` when its source is secret or its key is
    /// secret by the default rules (``PropertySecrets/default``), and each such member of a table
    /// or array as `***`.
    public var customMirror: Mirror {
        let value = source.isSecret ? "***" : SecretKeys.displayText(value, key: key)
        return Mirror(self, children: ["key": key, "value": value, "source": source], displayStyle: .struct)
    }
}

extension PropertyBatch: CustomReflectable {
    /// The batch's ``properties``, each masked as ``LoadedProperty`` masks it.
    public var customMirror: Mirror {
        Mirror(self, children: ["properties": properties], displayStyle: .struct)
    }
}
