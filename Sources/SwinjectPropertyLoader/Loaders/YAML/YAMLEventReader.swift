#if YAML
    import CYaml
    import PropertyFormats

    /// Pulls events one at a time from libyaml, the C parser inside jpsim/Yams.
    ///
    /// The loader reads events rather than Yams' `Node` tree: Yams composes nodes with one level
    /// of recursion per level of nesting and hashes whole keys to find duplicates, so a deep or
    /// alias-heavy document would cost call stack or exponential time before any limit could
    /// apply. libyaml's parser keeps its state on explicit stacks, and ``YAMLComposer`` builds the
    /// tree from the events with its own stack, checking every limit as each event arrives.
    ///
    /// `CYaml` is a target of the Yams package, not a product; SwiftPM makes the C modules of a
    /// product's targets visible to the targets that depend on the product.
    final class YAMLEventReader {
        // No safe equivalent: libyaml keeps pointers into its parser and event, which need fixed addresses.
        private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        /// The current event, valid until the next call of ``next()``.
        // No safe equivalent: libyaml keeps pointers into its parser and event, which need fixed addresses.
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        private var holdsEvent = false
        private var initialized = false
        /// The input; libyaml reads it in place, so it must outlive the parser.
        private let bytes: UnsafeRawBufferPointer
        /// `ParseLimits.maxDepth`, for the message of libyaml's own nesting limit.
        private let maxDepth: Int

        /// A reader of `bytes`, which must stay valid until the reader is released.
        init(bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(ParseError) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            parser.initialize(to: yaml_parser_t())
            event.initialize(to: yaml_event_t())
            guard yaml_parser_initialize(parser) == 1 else {
                throw ParseError(.syntax, "libyaml could not allocate a parser", at: .unknown)
            }
            initialized = true
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }

        deinit {
            if holdsEvent { yaml_event_delete(event) }
            if initialized { yaml_parser_delete(parser) }
            event.deallocate()
            parser.deallocate()
        }

        /// Reads the next event into ``event``, releasing the previous one.
        func next() throws(ParseError) {
            if holdsEvent {
                yaml_event_delete(event)
                holdsEvent = false
            }
            guard yaml_parser_parse(parser, event) == 1 else { throw error() }
            holdsEvent = true
        }

        /// The current event's start as a 1-based position.
        var position: SourcePosition { Self.position(event.pointee.start_mark) }

        static func position(_ mark: yaml_mark_t) -> SourcePosition {
            SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        /// libyaml's error as a parse error: the problem, where it is, and the context libyaml
        /// gives ("while parsing a block mapping at 2:1").
        private func error() -> ParseError {
            let problem = parser.pointee.problem.map { String(cString: $0) } ?? "invalid YAML"
            switch parser.pointee.error {
            case YAML_READER_ERROR:
                // The reader reports a byte offset, not a mark.
                let position = SourcePosition(ofByte: parser.pointee.problem_offset, in: bytes)
                let code: ParseError.Code = problem.contains("control") ? .invalidCharacter : .invalidEncoding
                return ParseError(code, problem, at: position)
            case YAML_MEMORY_ERROR:
                return ParseError(.syntax, "libyaml ran out of memory", at: .unknown)
            default:
                if problem.hasPrefix("Maximum nesting level") {
                    // libyaml stops at its own limit (1000 levels) when it scans ahead.
                    return ParseError(
                        .nestingTooDeep,
                        "sequences and mappings are nested deeper than the limit of \(min(maxDepth, 1000)) levels",
                        at: Self.position(parser.pointee.problem_mark))
                }
                var message = problem
                if let context = parser.pointee.context {
                    message += " (\(String(cString: context)) at \(Self.position(parser.pointee.context_mark)))"
                }
                return ParseError(.syntax, message, at: Self.position(parser.pointee.problem_mark))
            }
        }
    }
#endif
