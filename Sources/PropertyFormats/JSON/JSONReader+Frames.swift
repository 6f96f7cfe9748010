extension JSONReader {
    /// An array or object that is still open. The reader keeps these on an explicit stack, so
    /// nesting depth costs heap memory (bounded by ``ParseLimits/maxDepth``), never call stack.
    /// A frame is reused by the next container opened at its depth, so that opening one only
    /// sets a few fields. The frames live in memory of their own, reached through a pointer
    /// (``Frames``): one is changed at every value, and an array of them would check that its
    /// storage is not shared at each change.
    struct Frame {
        var isObject = false
        var position = SourcePosition.unknown
        var elements: [PropertyNode] = []
        var members = JSONObjectBuilder()
        /// The size of the last container closed in this frame, and so at this depth: siblings
        /// in configuration files tend to have the same shape, so it is a good capacity for the
        /// next one. A container reserves at most ``firstCapacityLimit`` at first, so that one
        /// huge container does not make every later sibling reserve as much, and the rest once
        /// it is full, so that large siblings grow once instead of doubling (and copying).
        var expected = 0

        /// Starts a container in this (empty) frame.
        mutating func open(isObject: Bool, position: SourcePosition) {
            self.isObject = isObject
            self.position = position
            let capacity = min(expected, JSONReader.firstCapacityLimit)
            if capacity > 0 {
                if isObject { members.reserveCapacity(capacity) } else { elements.reserveCapacity(capacity) }
            }
        }

        var count: Int { isObject ? members.entries.count : elements.count }

        /// The members as a table (``JSONObjectBuilder/takeTable()``); the frame is left empty.
        mutating func takeTable() -> PropertyTable {
            expected = members.entries.count
            return members.takeTable()
        }

        /// The elements, moved out (not retained) and trimmed; the frame is left empty.
        mutating func takeElements() -> [PropertyNode] {
            expected = elements.count
            var taken: [PropertyNode] = []
            swap(&taken, &elements)
            return taken.trimmed()
        }
    }

    /// The reader's frames, one per depth reached so far: those below the current depth hold the
    /// open containers, the others are empty. Freed with ``free()``.
    struct Frames {
        private(set) var base: UnsafeMutablePointer<Frame>
        private var capacity = 8
        /// How many frames are initialized.
        private var made = 0

        init() {
            base = .allocate(capacity: capacity)
        }

        /// The frame at `depth` (at most one more than the deepest so far), made when new.
        mutating func frame(at depth: Int) -> UnsafeMutablePointer<Frame> {
            if depth == made { make() }
            return base + depth
        }

        private mutating func make() {
            if made == capacity {
                let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
                larger.moveInitialize(from: base, count: made)
                base.deallocate()
                base = larger
                capacity *= 2
            }
            (base + made).initialize(to: Frame())
            made += 1
        }

        /// The open frames when `depth` containers are open.
        func open(_ depth: Int) -> UnsafeBufferPointer<Frame> {
            UnsafeBufferPointer(start: base, count: depth)
        }

        func free() {
            base.deinitialize(count: made)
            base.deallocate()
        }
    }

    /// The most room a container reserves before it has grown that large.
    static let firstCapacityLimit = 256
}
