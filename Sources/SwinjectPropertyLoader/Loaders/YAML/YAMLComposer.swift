#if YAML
    import CYaml
    import PropertyFormats

    /// Builds a ``PropertyNode`` tree from libyaml's events, with an explicit stack.
    ///
    /// Every limit applies as the event that would exceed it arrives: nesting deeper than
    /// `ParseLimits.maxDepth`, more keys than `ParseLimits.maxKeys`, a scalar longer than
    /// `ParseLimits.maxStringBytes`, and more values than
    /// `ParseLimits.maxNodesPerInputByte` allows for the input's size. An alias counts every
    /// value its anchor holds, so a document whose aliases repeat aliases (the "billion laughs")
    /// stops with `ParseError.Code.tooManyValues` after a bounded amount of work. Aliased values
    /// share their storage, so the tree costs no more memory than the values counted.
    struct YAMLComposer {
        /// A node an anchor names: its value, how many values it holds, and how many levels of
        /// collections it spans (0 for a scalar).
        struct Anchored {
            var node: PropertyNode
            var count: Int
            var height: Int
            /// The scalar's text, when the anchored node is a scalar (an alias may be a key).
            var keyText: String?
        }

        let limits: ParseLimits
        let maxNodes: Int
        var nodeCount = 0
        var keyCount = 0
        var anchors: [String: Anchored] = [:]
        var stack: [YAMLFrame] = []

        init(limits: ParseLimits, inputBytes: Int) {
            self.limits = limits
            self.maxNodes = limits.maxNodes(forInputBytes: inputBytes)
        }

        /// The document's root node, or nil for a stream with no document.
        static func compose(_ bytes: UnsafeRawBufferPointer, limits: ParseLimits) throws(ParseError) -> PropertyNode? {
            let reader = try YAMLEventReader(bytes: bytes, maxDepth: limits.maxDepth)
            var composer = YAMLComposer(limits: limits, inputBytes: bytes.count)
            try reader.next()  // stream start
            try reader.next()
            if reader.event.pointee.type == YAML_STREAM_END_EVENT { return nil }
            let root = try composer.readDocument(reader)
            try reader.next()
            if reader.event.pointee.type == YAML_DOCUMENT_START_EVENT {
                throw ParseError(
                    .syntax,
                    "a second document starts here; a configuration file holds one YAML document",
                    at: reader.position)
            }
            return root
        }

        /// Reads events from a document start to its end and returns the root.
        private mutating func readDocument(_ reader: YAMLEventReader) throws(ParseError) -> PropertyNode {
            while true {
                try reader.next()
                let event = reader.event.pointee
                let position = reader.position
                switch event.type {
                case YAML_SCALAR_EVENT:
                    if let root = try scalar(event, at: position) { return try finish(reader, root) }
                case YAML_ALIAS_EVENT:
                    if let root = try alias(event, at: position) { return try finish(reader, root) }
                case YAML_SEQUENCE_START_EVENT:
                    let data = event.data.sequence_start
                    try open(isMapping: false, anchor: data.anchor, tag: data.tag, at: position)
                case YAML_MAPPING_START_EVENT:
                    let data = event.data.mapping_start
                    try open(isMapping: true, anchor: data.anchor, tag: data.tag, at: position)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let root = try close() { return try finish(reader, root) }
                default:
                    throw ParseError(.syntax, "unexpected YAML event", at: position)
                }
            }
        }

        /// Reads the document end after the root.
        private func finish(_ reader: YAMLEventReader, _ root: PropertyNode) throws(ParseError) -> PropertyNode {
            try reader.next()
            guard reader.event.pointee.type == YAML_DOCUMENT_END_EVENT else {
                throw ParseError(.syntax, "expected the end of the document", at: reader.position)
            }
            return root
        }

        // MARK: Events

        /// A scalar: a key, or a value attached to the open collection. Returns the root when the
        /// scalar is the whole document.
        private mutating func scalar(_ event: yaml_event_t, at position: SourcePosition) throws(ParseError)
            -> PropertyNode?
        {
            let data = event.data.scalar
            let text = UnsafeRawBufferPointer(start: data.value, count: data.length)
            guard text.count <= limits.maxStringBytes else {
                throw ParseError(
                    .stringTooLong,
                    "scalar of \(text.count) bytes is longer than the limit of \(limits.maxStringBytes)",
                    at: position)
            }
            let plain = data.style == YAML_PLAIN_SCALAR_STYLE
            let tag = data.tag.map { String(cString: $0) }
            let anchor = data.anchor.map { String(cString: $0) }
            if let top = stack.indices.last, stack[top].expectsKey {
                if tag == nil || tag == "!" || tag == YAMLScalar.tagPrefix + "str" {
                    guard !(plain && text.isEmpty) else {
                        throw ParseError(.syntax, "a mapping key is empty", at: position)
                    }
                    let key = YAMLScalar.string(text)
                    let isMerge = plain && tag == nil && key == "<<"
                    if let anchor {
                        anchors[anchor] = Anchored(
                            node: PropertyNode(.string(key), at: position), count: 1, height: 0, keyText: key)
                    }
                    try setKey(key, at: position, isMerge: isMerge)
                    return nil
                }
                throw ParseError(
                    .syntax, "a mapping key must be a string, not \(YAMLScalar.displayTag(tag ?? ""))", at: position)
            }
            let value = try YAMLScalar.value(text, plain: plain, tag: tag, at: position)
            let node = PropertyNode(value, at: position)
            if let anchor {
                anchors[anchor] = Anchored(node: node, count: 1, height: 0, keyText: YAMLScalar.string(text))
            }
            try countValues(1, at: position)
            return try attach(node, count: 1, height: 0)
        }

        /// An alias: the anchored node again, counted in full.
        private mutating func alias(_ event: yaml_event_t, at position: SourcePosition) throws(ParseError)
            -> PropertyNode?
        {
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let anchored = anchors[name] else {
                throw ParseError(.syntax, "alias *\(name) names no anchor defined before it", at: position)
            }
            if let top = stack.indices.last, stack[top].expectsKey {
                guard let key = anchored.keyText else {
                    throw ParseError(
                        .syntax, "a mapping key must be a string; *\(name) is \(anchored.node.value.kindName)",
                        at: position)
                }
                try setKey(key, at: position, isMerge: false)
                return nil
            }
            guard stack.count + anchored.height <= limits.maxDepth else {
                throw nestingTooDeep(at: position, detail: " through alias *\(name)")
            }
            try countValues(anchored.count, at: position, alias: name)
            var node = anchored.node
            node.position = position
            return try attach(node, count: anchored.count, height: anchored.height)
        }

        /// A sequence or mapping starts.
        // No safe equivalent: libyaml's event holds its anchor and tag as C string pointers.
        private mutating func open(
            isMapping: Bool, anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
            at position: SourcePosition
        ) throws(ParseError) {
            if let top = stack.indices.last, stack[top].expectsKey {
                throw ParseError(
                    .syntax, "a mapping key must be a string, not a \(isMapping ? "mapping" : "sequence")",
                    at: position)
            }
            if let tag = tag.map({ String(cString: $0) }), tag != "!",
                tag != YAMLScalar.tagPrefix + (isMapping ? "map" : "seq")
            {
                throw ParseError(
                    .syntax, "unsupported tag \(YAMLScalar.displayTag(tag)) on a \(isMapping ? "mapping" : "sequence")",
                    at: position)
            }
            guard stack.count < limits.maxDepth else { throw nestingTooDeep(at: position, detail: "") }
            try countValues(1, at: position)
            stack.append(
                YAMLFrame(isMapping: isMapping, position: position, anchor: anchor.map { String(cString: $0) }))
        }

        /// The open collection ends: it becomes a node of its parent, or the root.
        private mutating func close() throws(ParseError) -> PropertyNode? {
            guard var frame = stack.popLast() else { return nil }
            let node: PropertyNode
            if frame.isMapping {
                let added = try frame.applyMerges()
                keyCount += added
                try checkKeyCount(at: frame.position)
                node = PropertyNode(.table(PropertyTable(frame.entries)), at: frame.position)
            } else {
                node = PropertyNode(.array(frame.elements), at: frame.position)
            }
            if let anchor = frame.anchor {
                anchors[anchor] = Anchored(node: node, count: frame.count, height: frame.height, keyText: nil)
            }
            return try attach(node, count: frame.count, height: frame.height)
        }

        // MARK: Building

        /// Adds a finished node to the open collection; returns it when there is none (the root).
        private mutating func attach(_ node: PropertyNode, count: Int, height: Int) throws(ParseError) -> PropertyNode?
        {
            guard let top = stack.indices.last else { return node }
            try stack[top].add(node, count: count, height: height)
            return nil
        }

        private mutating func setKey(_ key: String, at position: SourcePosition, isMerge: Bool) throws(ParseError) {
            guard let top = stack.indices.last else { return }
            if !isMerge {
                keyCount += 1
                try checkKeyCount(at: position)
            }
            try stack[top].setKey(key, at: position, isMerge: isMerge)
        }

        private func checkKeyCount(at position: SourcePosition) throws(ParseError) {
            guard keyCount <= limits.maxKeys else {
                throw ParseError(.tooManyKeys, "more than the limit of \(limits.maxKeys) keys", at: position)
            }
        }

        private mutating func countValues(_ count: Int, at position: SourcePosition, alias: String? = nil)
            throws(ParseError)
        {
            nodeCount += count
            guard nodeCount <= maxNodes else {
                let through = alias.map { " (alias *\($0) repeats \(count) values)" } ?? ""
                throw ParseError(
                    .tooManyValues,
                    "the document expands to more than \(maxNodes) values\(through), the limit of "
                        + "ParseLimits.maxNodesPerInputByte (\(limits.maxNodesPerInputByte)) per input byte",
                    at: position)
            }
        }

        private func nestingTooDeep(at position: SourcePosition, detail: String) -> ParseError {
            ParseError(
                .nestingTooDeep,
                "sequences and mappings are nested deeper than the limit of \(limits.maxDepth) levels\(detail)",
                at: position)
        }
    }
#endif
