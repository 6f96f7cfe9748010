import Foundation
import Logging
import PropertyFormats
import Swinject
import SwinjectKitSupport

/// The shared steps of every property read: the required read with its full error, and the
/// recording of failures in the container's ``PropertyReadLog``.
enum PropertyReads {
    /// The property converted to `T`, or the ``PropertyError`` `requiredProperty` throws. A
    /// `Decodable` section that does not decode names the failing field in ``PropertyError/detail``.
    /// `recordsRequired` is false for a read whose caller turns a failure into nil, so that its
    /// usage record says the read is optional.
    static func required<T>(
        _ name: String, as type: T.Type, from resolver: any Resolver,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys, recordsRequired: Bool = true,
        fileID: String, line: Int
    ) throws(PropertyError) -> T {
        PropertyUsageRecording.read(
            name, as: T.self, required: recordsRequired, fileID: fileID, line: line, through: resolver)
        return try read(
            name, as: T.self, from: resolver, keyDecodingStrategy: keyDecodingStrategy, fileID: fileID, line: line)
    }

    /// What ``required(_:as:from:keyDecodingStrategy:recordsRequired:fileID:line:)`` returns or
    /// throws, without a usage record: the read that checks a recorded failure again.
    static func read<T>(
        _ name: String, as type: T.Type, from resolver: any Resolver,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy, fileID: String, line: Int
    ) throws(PropertyError) -> T {
        guard let store = PropertyStoreRegistry.store(forResolver: resolver) else {
            throw PropertyError(
                .noPropertyStore, key: name, requestedType: TypeNames.qualified(T.self), fileID: fileID, line: line)
        }
        let snapshot = store.snapshot()
        if let failure = snapshot.placeholderFailure(atOrUnder: name) {
            throw PropertyError(
                key: name, requestedType: TypeNames.qualified(T.self), placeholderError: failure.error, fileID: fileID,
                line: line)
        }
        let usesDefaultKeys: Bool
        if case .useDefaultKeys = keyDecodingStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        // The common case reads the value alone; the record (with its source) is for failures.
        if usesDefaultKeys, let value = snapshot.value(name),
            let converted = PropertyConversion.convert(value, to: T.self)
        {
            return converted
        }
        var besideContext = TextAwareConversion.Context()
        besideContext.keyDecodingStrategy = keyDecodingStrategy
        if let converted = snapshot.converted(beside: name, as: T.self, besideContext) { return converted }
        let typeName = TypeNames.qualified(T.self)
        guard let record = store.lookup(name) else {
            throw PropertyError(.missingKey, key: name, requestedType: typeName, fileID: fileID, line: line)
        }
        if case .null = record.value {
            throw PropertyError(
                .missingKey, key: name, requestedType: typeName, storedValue: record.value, source: record.source,
                fileID: fileID, line: line)
        }
        var detail: String?
        // Values of text sources convert with the text rules (each member of a section with its own).
        if let node = store.snapshot().textAwareNode(name) {
            var context = TextAwareConversion.Context()
            context.keyDecodingStrategy = keyDecodingStrategy
            do {
                return try TextAwareConversion.convert(node, to: T.self, context)
            } catch {
                if record.value.isSection {
                    let diagnosis = DecodingDiagnosis(
                        sectionKey: name, value: record.value, strategy: keyDecodingStrategy,
                        source: { store.lookup($0)?.source }, isSecret: SecretMask.test(for: resolver))
                    detail = diagnosis.message(for: error)
                }
            }
        } else if record.value.isSection, let decodable = T.self as? any Decodable.Type {
            // Only a section (a table or array) has fields to name; a scalar's message says it all.
            do {
                let decoded = try PropertyValueDecoding.decodeOrThrow(
                    decodable, from: record.value, keyDecodingStrategy: keyDecodingStrategy)
                // With default keys the conversion above is the answer; decoding only explains it.
                if !usesDefaultKeys, let value = decoded as? T { return value }
            } catch {
                let diagnosis = DecodingDiagnosis(
                    sectionKey: name, value: record.value, strategy: keyDecodingStrategy,
                    source: { store.lookup($0)?.source }, isSecret: SecretMask.test(for: resolver))
                detail = diagnosis.message(for: error)
            }
        }
        let mismatch = PropertyError(
            .typeMismatch, key: name, requestedType: typeName, storedValue: record.value, source: record.source,
            fileID: fileID, line: line, detail: detail)
        throw (resolver as? Container).map { SecretMask(container: $0).masking(mismatch) } ?? mismatch
    }

    /// The property converted with the text rules when a text source set it or part of it (see
    /// ``TextAwareConversion``); nil otherwise, or when it does not convert. Reads call it only
    /// after the typed table failed.
    static func textConverted<T>(_ name: String, as type: T.Type, from container: Container) -> T? {
        let snapshot = PropertyStoreRegistry.store(forContainer: container).snapshot()
        if let converted = snapshot.converted(beside: name, as: T.self) { return converted }
        guard let node = snapshot.textAwareNode(name) else {
            return nil
        }
        return try? TextAwareConversion.convert(node, to: T.self)
    }

    /// Records a failed read. A type mismatch or a placeholder that does not resolve is always
    /// recorded (it is a configuration error whatever the caller does next); a missing key only
    /// when `includingMissing`, because an optional or throwing read of a missing key may be the
    /// caller's way of asking.
    ///
    /// The failure is kept by every container of the lineage that already has SwinjectKit state
    /// (a loader applied, an injector's container), so the check of the container that owns the
    /// registrations also sees reads made through a child or through `synchronize()`; the first
    /// of them logs it. A read never adds state to a container that has none, since that would
    /// change the container while other threads may register; only when no container of the
    /// lineage has any does the outermost ancestor get a log.
    ///
    /// Each log keeps how to read the property again (`type`, `keyDecodingStrategy`, through the
    /// container the read went through), so that a report lists a failure only while it still
    /// fails: a later layer or a reload that fixed the key clears it.
    static func record<T>(
        _ error: PropertyError, as type: T.Type, keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        on resolver: any Resolver, includingMissing: Bool = false
    ) {
        guard counts(error, includingMissing: includingMissing), let container = resolver as? Container else { return }
        let through = WeakContainerReference(container)
        let failure = RecordedReadFailure(error: error) { () -> PropertyError? in
            guard let container = through.container else { return error }
            do throws(PropertyError) {
                _ = try read(
                    error.key, as: T.self, from: container, keyDecodingStrategy: keyDecodingStrategy,
                    fileID: error.fileID, line: error.line)
                return nil
            } catch {
                return counts(error, includingMissing: includingMissing) ? error : nil
            }
        }
        let lineage = ContainerLineage.ancestry(of: container)
        var logged = false
        for member in lineage {
            guard let log = PropertyReadLog.ifAttached(to: member) else { continue }
            log.record(failure, logging: !logged)
            logged = true
        }
        if !logged, let root = lineage.last {
            PropertyReadLog.of(root).record(failure)
        }
    }

    /// Whether a failed read is a configuration error to keep: a type mismatch or a placeholder
    /// that does not resolve always, a missing key only for a read that requires it.
    static func counts(_ error: PropertyError, includingMissing: Bool) -> Bool {
        error.code == .typeMismatch || error.code == .unresolvedPlaceholder
            || (includingMissing && error.code == .missingKey)
    }

    /// Records that the set value `value` of `name` did not convert to `T`, or that it is `null`
    /// because a placeholder in it does not resolve.
    static func recordMismatch<T>(
        _ name: String, _ type: T.Type, _ value: PropertyValue, on container: Container, fileID: String, line: Int
    ) {
        if case .null = value, !hasPlaceholderFailure(name, in: container) { return }
        // The failure path reads once more, for the source and a decoding detail.
        do {
            _ = try required(name, as: T.self, from: container, fileID: fileID, line: line)
        } catch {
            record(error, as: T.self, on: container)
        }
    }
}

extension PropertyReads {
    /// Whether a placeholder at `name` or under it does not resolve in what `container` reads.
    static func hasPlaceholderFailure(_ name: String, in container: Container) -> Bool {
        PropertyStoreRegistry.store(forContainer: container).snapshot().placeholderFailure(atOrUnder: name) != nil
    }

    /// The container's own logger, else the default one (nil when the process configured none).
    static func logger(for resolver: any Resolver) -> Logger? {
        if let container = resolver as? Container, let logger = PropertyReadLog.existing(for: container)?.logger {
            return logger
        }
        return PropertyLogging.defaultLogger()
    }
}

extension PropertyValue {
    /// Whether the value is a table or an array, which a `Decodable` type decodes field by field.
    var isSection: Bool {
        switch self {
        case .table, .array: true
        default: false
        }
    }
}
