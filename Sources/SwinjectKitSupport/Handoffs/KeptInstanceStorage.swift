import Swinject

/// An instance storage that can say, without side effects, which instance a resolve made now on
/// the calling thread would return without running the factory (the storage of usage tracking,
/// which wraps Swinject's).
package protocol KeptInstanceStorage: AnyObject {
    /// The kept instance a resolve would return as it is, or nil when a resolve would run the
    /// factory or might answer otherwise (no instance kept, a stale one, an override scope open,
    /// a factory run open).
    var keptInstance: Any? { get }
}

/// The instances Swinject entries keep, read for checks that need not resolve a registration
/// whose resolve would only return its kept instance.
package enum KeptInstances {
    /// The instance a resolve of `entry` (a Swinject `ServiceEntry`) made now would return without
    /// running its factory: the kept instance of a `.container` or `.weak` scope, or of the
    /// storage of usage tracking when it would answer with it; nil otherwise.
    package static func instance(of entry: AnyObject) -> Any? {
        guard let storage = SwinjectEntryFields.storage(of: entry) else { return nil }
        // Swinject's own storages by class; a conformance look-up only for another storage.
        if let permanent = storage as? PermanentStorage { return permanent.instance }
        if let weak = storage as? WeakStorage { return weak.instance }
        if storage is GraphStorage || storage is TransientStorage { return nil }
        return (storage as? any KeptInstanceStorage)?.keptInstance
    }
}
