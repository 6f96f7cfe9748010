/// The services being resolved on one thread, outermost first, each as a key: an identity and a
/// name. A product keeps one in its per-thread state (a ``ThreadLocal``) to find a cycle (a key
/// already on the stack) and to name the chain in an error; what it does about a cycle, and any
/// other state, stays with the product.
///
/// Every resolve a product watches pushes and pops a key, so the frames live in memory the stack
/// owns rather than in an array: pushing and popping cost no uniqueness or bounds check. The
/// stack is touched only by its own thread.
package struct ResolutionStack: ~Copyable {
    /// One frame: what is being resolved and under which name.
    package struct Key {
        /// The resolution's identity: a registration object's, or a service type's.
        package let identity: ObjectIdentifier
        package let name: String?

        package init(identity: ObjectIdentifier, name: String?) {
            self.identity = identity
            self.name = name
        }
    }

    /// `depth` of `capacity` slots are initialized.
    private var frames: UnsafeMutablePointer<Key>
    private var capacity: Int
    /// How many keys are on the stack.
    package private(set) var depth = 0

    /// An empty stack.
    package init() {
        capacity = 16
        frames = .allocate(capacity: capacity)
    }

    deinit {
        frames.deinitialize(count: depth)
        frames.deallocate()
    }

    /// Pushes the key of `identity` and `name` and returns nil when it is not on the stack;
    /// otherwise pushes nothing and returns the index of its outermost frame.
    package mutating func enter(_ identity: ObjectIdentifier, name: String?) -> Int? {
        if let index = firstIndex(of: identity, name: name) { return index }
        append(identity, name: name)
        return nil
    }

    /// Pushes the key of `identity` and `name`, whether or not it is on the stack.
    package mutating func push(_ identity: ObjectIdentifier, name: String?) {
        append(identity, name: name)
    }

    private mutating func append(_ identity: ObjectIdentifier, name: String?) {
        if depth == capacity { grow() }
        // An unnamed key is written with a literal nil name: copying an unknown `String?` costs a
        // call to retain it, even when it is nil.
        if let name {
            (frames + depth).initialize(to: Key(identity: identity, name: name))
        } else {
            (frames + depth).initialize(to: Key(identity: identity, name: nil))
        }
        depth += 1
    }

    /// Pops the innermost key; an unnamed one holds nothing to release.
    package mutating func pop() {
        depth -= 1
        if frames[depth].name != nil { (frames + depth).deinitialize(count: 1) }
    }

    /// The index of the outermost frame of `identity` and `name`, if it is on the stack.
    package func firstIndex(of identity: ObjectIdentifier, name: String?) -> Int? {
        var index = 0
        while index < depth {
            if frames[index].identity == identity && frames[index].name == name { return index }
            index += 1
        }
        return nil
    }

    /// The index of the innermost frame of `identity` and `name`, if it is on the stack.
    package func lastIndex(of identity: ObjectIdentifier, name: String?) -> Int? {
        var index = depth
        while index > 0 {
            index -= 1
            if frames[index].identity == identity && frames[index].name == name { return index }
        }
        return nil
    }

    /// The keys on the stack, outermost first (a copy, for error messages).
    package var keys: [Key] { Array(UnsafeBufferPointer(start: frames, count: depth)) }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Key>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: frames, count: depth)
        frames.deallocate()
        frames = larger
        capacity *= 2
    }
}
