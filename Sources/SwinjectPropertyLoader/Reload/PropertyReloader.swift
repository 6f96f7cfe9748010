import Dispatch
public import Swinject
import SwinjectKitSupport

#if os(Linux) && !SWINJECTKIT_PORTABLE_ATOMICS
    import Synchronization
#else
    import Atomics
#endif

/// Loads a container's configuration files again when they change: watched by polling, on
/// `SIGHUP`, or when you call ``reload()``.
///
/// Give the reloader every loader you would have applied to the container, in order. It applies
/// them, all or none, as `applyPropertyLoaders` does, and keeps them: the file-based ones (JSON,
/// property list, TOML, YAML and `.env` files named by URL or bundle resource, and
/// ``DirectoryPropertyLoader``) are read again on a reload; the others (environment variables,
/// command-line arguments, Swift values, texts in memory) keep the properties they loaded, in
/// their place in the order. Loaders applied to the container before the reloader stay below
/// its layers; loaders applied after it stay above them.
///
/// ```swift
/// let container = Container()
/// let reloader = try PropertyReloader(
///     container: container,
///     loaders: [JsonPropertyLoader(url: configURL), EnvironmentPropertyLoader(prefix: "APP_")])
/// reloader.startWatching()
/// ```
///
/// A reload is atomic: it builds the new properties from every file completely, then swaps one
/// reference, so a reader sees all of the old properties or all of the new ones, never a mix,
/// and readers never wait for a reload. A file that fails to load or parse rejects the whole
/// reload: the old properties stay, the error (with the file's line:column) is logged at
/// `error`, thrown by ``reload()`` and sent as a rejected ``PropertyReloadEvent``.
///
/// After a reload, the container-scoped and weak instances whose factories read a key whose
/// value changed are discarded, so the next resolve builds them with the new values; other
/// instances are kept. Instances already handed out are not changed: whoever holds one keeps
/// the object built from the old values until it resolves again. See <doc:ReloadingConfiguration>.
///
/// Needs macOS 13, iOS 16, tvOS 16 or watchOS 9, for its `Duration` intervals.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class PropertyReloader: Sendable {
    /// How the reloader watches its files.
    public struct Options: Sendable {
        /// How often ``startWatching()`` compares each watched path with what it last loaded.
        /// Default 50 milliseconds, so a change is visible within about 50 ms plus the time to
        /// load the files; checking costs a few file-status calls per path.
        public var pollInterval: Duration
        /// Whether ``startWatching()`` also reloads on `SIGHUP`. Default true. Watching the
        /// signal replaces its action (by default, ending the process) with a handler while any
        /// reloader watches it; the previous action is restored when the last one stops.
        public var reloadsOnHangup: Bool

        /// How long a changed file must stay unchanged before it is loaded, so a file rewritten
        /// in place is never applied half-written or empty. Default 20 milliseconds; a file
        /// that became empty waits one interval more. Zero loads at once.
        public var settleInterval: Duration

        /// Whether a reload is rejected when a key that a factory read successfully would no
        /// longer read as it did: a key read as `Int` that becomes `"abc"`, or a key read with
        /// `requiredProperty` that disappears. Default true; the error has the code
        /// ``PropertyLoaderError/incompatibleValue`` and names the key, the new value's
        /// source and the reader's call site.
        public var validatesReads: Bool

        /// Creates options; every argument defaults as described on its property. The poll
        /// interval must be between 1 millisecond and 1 hour and the settle interval between 0
        /// and 10 seconds: ``PropertyReloader/init(container:loaders:merging:options:)`` throws
        /// ``PropertyLoaderError/invalidOptions`` for anything else.
        public init(
            pollInterval: Duration = .milliseconds(50), reloadsOnHangup: Bool = true,
            settleInterval: Duration = .milliseconds(20), validatesReads: Bool = true
        ) {
            self.validatesReads = validatesReads
            self.pollInterval = pollInterval
            self.reloadsOnHangup = reloadsOnHangup
            self.settleInterval = settleInterval
        }

        static let pollRange = Duration.milliseconds(1)...Duration.seconds(3600)
        static let settleRange = Duration.zero...Duration.seconds(10)

        /// Throws ``PropertyLoaderError/invalidOptions`` for an interval out of its range.
        func validate() throws(PropertyLoaderError) {
            try Self.check("pollInterval", pollInterval, in: Self.pollRange, "1 millisecond to 1 hour")
            try Self.check("settleInterval", settleInterval, in: Self.settleRange, "0 to 10 seconds")
        }

        private static func check(
            _ name: String, _ value: Duration, in range: ClosedRange<Duration>, _ bounds: String
        ) throws(PropertyLoaderError) {
            guard !range.contains(value) else { return }
            throw PropertyLoaderError(
                .invalidOptions, source: "PropertyReloader.Options", message: "\(name) \(value) is outside \(bounds)")
        }
    }

    struct State {
        /// Counts the snapshots swapped in, the first load included.
        var version = 1
        /// What each watched path looked like just before it was last loaded, by slot.
        var signatures: [Int: FileSignature] = [:]
        /// Slots whose file changed so recently that another write in the same clock tick could
        /// leave the signature unchanged: loaded again on the next poll.
        var recent: Set<Int> = []
        /// The error of the last rejected reload, until one succeeds.
        var lastError: PropertyLoaderError?
        /// The snapshot the last reload replaced, released by the next reload so that a reader
        /// never frees a large tree.
        var retired: PropertySnapshot?
    }

    let store: PropertyStore
    let sources: [ReloadSource]
    let options: Options
    let target: WeakContainerReference
    let state = LockedValue(State())
    /// Serializes reloads: one reload builds at a time.
    let reloading = Lock()
    let subscribers = ReloadSubscribers()
    let watch = LockedValue<ReloadWatch?>(nil)
    let queue = DispatchQueue(label: "SwinjectKit.PropertyReloader")

    /// Numbers the layers of every reloader, so two reloaders on one container never share one.
    private static let nextSlot = StoredAtomic<Int>(0)

    /// Applies `loaders` to `container` in order, all or none, and keeps them for reloading.
    ///
    /// - Parameters:
    ///   - container: The container whose properties the loaders set.
    ///   - loaders: Every loader, in the order they apply; the file-based ones are reloaded.
    ///   - merging: How each loader's tables merge with the earlier ones (``PropertyMerge``).
    ///   - options: The poll interval and `SIGHUP` handling.
    /// - Throws: ``PropertyLoaderError/invalidOptions`` for an interval of `options` out
    ///   of its range; the first loader's error (a ``PropertyLoaderError`` naming the file and
    ///   line:column for the built-in loaders). The container's properties are then unchanged.
    public init(
        container: Container, loaders: [any PropertyLoader], merging: PropertyMerge = .replace,
        options: Options = Options()
    ) throws {
        try options.validate()
        var sources: [ReloadSource] = []
        var layers: [PropertyLayer] = []
        var signatures: [Int: FileSignature] = [:]
        for loader in loaders {
            let slot = Self.nextSlot.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
            if let source = ReloadSource(loader, slot: slot, merging: merging) {
                signatures[slot] = source.signature()
                layers.append(PropertyLayer(batch: try source.loadBatch().get(), merging: merging, slot: slot))
                sources.append(source)
            } else {
                layers.append(PropertyLayer(batch: try loader.propertyBatch(), merging: merging))
            }
        }
        store = PropertyStoreRegistry.store(forApplyingTo: container)
        try store.apply(layers: layers, keepingLayers: true)
        PropertyLogging.didApply(layers.map(\.batch), to: container)
        self.sources = sources
        self.options = options
        target = WeakContainerReference(container)
        state.withLock { $0.signatures = signatures }
    }

    deinit {
        stopWatching()
        subscribers.finishAll()
    }

    /// The paths of the files and directories the reloader loads again, in loader order.
    package var watchedPaths: [String] { sources.map(\.path) }

    /// The number of property sets swapped in so far: 1 after the first load, one more for each
    /// successful reload.
    package var version: Int { state.withLock { $0.version } }

    /// The error of the last reload if it was rejected, nil once a reload succeeds.
    public var lastError: PropertyLoaderError? { state.withLock { $0.lastError } }

    /// Loads every watched file again now and swaps in the new properties, whatever changed.
    ///
    /// - Returns: The event also sent to ``events()``: the keys whose values changed.
    /// - Throws: The ``PropertyLoaderError`` of the first file that failed (its line:column
    ///   for malformed content); the old properties are then kept.
    @discardableResult
    public func reload() throws(PropertyLoaderError) -> PropertyReloadEvent {
        let event = perform(.call, only: nil)
        if let error = event.error { throw error }
        return event
    }
}

/// The container a reloader serves, held weakly: a reloader never keeps its container alive.
///
/// `@unchecked Sendable`: the reference is set once; the container is used only through calls
/// that are safe from any thread (its attachments and lineage, which are locked).
final class WeakContainerReference: @unchecked Sendable {
    private(set) weak var container: Container?

    init(_ container: Container) {
        self.container = container
    }
}
