import PropertyFormats

extension TextAwareDecoder {
    /// The elements of an array, or the items of a text list, in order.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [TextAwareNode]
        let context: TextAwareConversion.Context
        private(set) var currentIndex = 0

        init(elements: [TextAwareNode], context: TextAwareConversion.Context) {
            self.elements = elements
            self.context = context
        }

        var codingPath: [any CodingKey] { context.codingPath }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        private mutating func next() throws -> (TextAwareNode, TextAwareConversion.Context) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self,
                    DecodingError.Context(
                        codingPath: codingPath + [TextAwareKey(index: currentIndex)],
                        debugDescription: "the list has only \(elements.count) elements"))
            }
            let node = elements[currentIndex]
            let context = context.appending(TextAwareKey(index: currentIndex))
            currentIndex += 1
            return (node, context)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex].isNull else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (node, context) = try next()
            return try TextAwareConversion.convert(node, to: T.self, context)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            let (node, context) = try next()
            return try TextAwareDecoder(node: node, context: context).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (node, context) = try next()
            return try TextAwareDecoder(node: node, context: context).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (node, context) = try next()
            return TextAwareDecoder(node: node, context: context)
        }
    }

    /// One value, converted with the rules of its source.
    struct SingleValueContainer: SingleValueDecodingContainer {
        let node: TextAwareNode
        let context: TextAwareConversion.Context

        var codingPath: [any CodingKey] { context.codingPath }

        func decodeNil() -> Bool { node.isNull }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try TextAwareConversion.convert(node, to: T.self, context)
        }
    }
}
