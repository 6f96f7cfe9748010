import Foundation
import Swinject
import SwinjectKitSupport

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension PropertyReloader {
    /// A write this recent may share its modification time with a later write of the same
    /// size (file systems stamp times from a clock that ticks every few milliseconds), so the
    /// file is loaded once more on the next poll. In nanoseconds: 0.1 s.
    static let racyWindow: Int64 = 100_000_000

    /// Loads the sources whose slots are in `only` (every source when nil), builds the new
    /// snapshot, swaps it in and reports what changed. Serialized: one reload at a time.
    func perform(_ trigger: PropertyReloadEvent.Trigger, only: Set<Int>?) -> PropertyReloadEvent {
        reloading.withLock {
            let chosen = sources.filter { only?.contains($0.slot) ?? true }
            var signatures: [Int: FileSignature] = [:]
            var fresh: [Int: PropertyBatch] = [:]
            var failure: PropertyLoaderError?
            for source in chosen {
                signatures[source.slot] = source.signature()
                switch source.loadBatch() {
                case .success(let batch): fresh[source.slot] = batch
                case .failure(let error): failure = failure ?? error
                }
            }
            let paths = chosen.map(\.path)
            // A rejected reload records no file as seen, so the next poll retries every changed
            // file, also the valid ones read beside the broken one.
            if let failure { return reject(failure, trigger: trigger, paths: paths) }
            let swapped: (old: PropertySnapshot, new: PropertySnapshot)
            do throws(PropertyLoaderError) {
                swapped = try store.reload(fresh) { old, new throws(PropertyLoaderError) in
                    guard options.validatesReads, let container = target.container else { return }
                    try ReadValidation.check(container, old: old, new: new)
                }
            } catch {
                return reject(error, trigger: trigger, paths: paths)
            }
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
            state.withLock { state in
                for (slot, signature) in signatures {
                    state.signatures[slot] = signature
                    let racy = signature.entries.contains { now - $0.modified < Self.racyWindow }
                    if racy { state.recent.insert(slot) } else { state.recent.remove(slot) }
                }
            }
            let keys = swapped.new.changedKeys(since: swapped.old)
            let version = state.withLock { state -> Int in
                state.version += 1
                state.lastError = nil
                state.retired = swapped.old
                return state.version
            }
            // After the swap: an instance built between the swap and the mark already has the new
            // values, and one whose build the swap overlapped is checked when its factory ends.
            let discarded = keys.isEmpty ? [] : target.container?.markInstancesStale(readingAnyOf: Set(keys)) ?? []
            var event = PropertyReloadEvent(
                version: version, trigger: trigger, changes: changes(keys, from: swapped.old, to: swapped.new),
                error: nil)
            event.discardedInstances = discarded
            // A poll that found a file written but no value changed (or a second look at a file
            // written within the racy window) is not news.
            if case .fileChanged = trigger, keys.isEmpty { return event }
            target.container?.logPropertyReload(changedKeys: keys, sources: paths, discarded: discarded)
            subscribers.send(event)
            return event
        }
    }

    private func reject(
        _ error: PropertyLoaderError, trigger: PropertyReloadEvent.Trigger, paths: [String]
    ) -> PropertyReloadEvent {
        let (version, previous) = state.withLock { state -> (Int, PropertyLoaderError?) in
            defer { state.lastError = error }
            return (state.version, state.lastError)
        }
        let event = PropertyReloadEvent(version: version, trigger: trigger, changes: [], error: error)
        // A second look at a file written within the racy window that fails the same way is
        // the same news: report it once.
        if case .fileChanged = trigger, previous?.description == error.description { return event }
        target.container?.logRejectedPropertyReload(error, sources: paths)
        subscribers.send(event)
        return event
    }

    /// The changes of `keys`, values shown as messages show them (`***` for secrets).
    private func changes(
        _ keys: [String], from old: PropertySnapshot, to new: PropertySnapshot
    ) -> [PropertyReloadEvent.Change] {
        let secrets = target.container.map { PropertySecretsStorage.secrets(of: $0) } ?? .default
        let before = SecretMask(secrets: secrets, snapshot: old)
        let after = SecretMask(secrets: secrets, snapshot: new)
        return keys.map { key in
            let oldRecord = old.record(key)
            let newRecord = new.record(key)
            // A key secret on either side is masked on both.
            let secret = before.isSecret(key) || after.isSecret(key)
            func shown(_ record: PropertyRecord?, _ mask: SecretMask) -> String? {
                guard let record else { return nil }
                return secret ? "***" : mask.displayText(record.value, key: key)
            }
            return PropertyReloadEvent.Change(
                key: key, oldValue: shown(oldRecord, before), newValue: shown(newRecord, after),
                oldSource: oldRecord?.source, newSource: newRecord?.source)
        }
    }
}
