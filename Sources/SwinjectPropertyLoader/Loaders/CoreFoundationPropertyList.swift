#if os(Linux)
    import CoreFoundation
    import Foundation
    import PropertyFormats

    /// Reads a property list with CoreFoundation's parser, the one `PropertyListSerialization`
    /// runs, and converts its objects into property values directly.
    ///
    /// On Linux `PropertyListSerialization` goes on to bridge the parsed objects into Swift
    /// dictionaries with `AnyHashable` keys and values boxed in `Any`, converting every value once,
    /// and the loader would then read every value back out of `Any`, converting it again. Walking
    /// CoreFoundation's objects converts each value once. Darwin bridges lazily and keeps
    /// `PropertyListSerialization`.
    ///
    /// Values come out as the bridged path gives them (`PropertyValueBridging`): a test and
    /// the `plist` fuzz target compare the two on every input.
    enum CoreFoundationPropertyList {
        /// What a property list's top level holds.
        enum TopLevel {
            /// A dictionary: its members, sorted by the bytes of their keys.
            case members([PropertyTable.Entry])
            /// Anything else, named for a message ("an array").
            case other(kindName: String)
        }

        /// Parses `data` and converts its top level, counting values against `limits`.
        static func read(_ data: Data, source: String, limits: ParseLimits) throws(PropertyLoaderError) -> TopLevel {
            // The objects are converted before the bytes go out of scope, so the parser may read
            // them in place (no copy of the file) whatever it keeps pointing into them.
            let result = data.withUnsafeBytes { bytes -> Result<TopLevel, PropertyLoaderError> in
                let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                guard let input = CFDataCreateWithBytesNoCopy(nil, base, bytes.count, kCFAllocatorNull) else {
                    return .failure(
                        PlistParseFailure(message: "the bytes could not be read").loaderError(source: source))
                }
                // No safe equivalent: CFPropertyListCreateWithData reports its error as an Unmanaged.
                var error: Unmanaged<CFError>?
                guard let list = CFPropertyListCreateWithData(nil, input, 0, nil, &error) else {
                    let detail = error.flatMap { debugDescription(of: $0.takeRetainedValue()) }
                    let failure = PlistParseFailure(message: detail ?? "the data is not in a property list format")
                    return .failure(failure.loaderError(source: source))
                }
                let budget = ValueBudget(limits: limits, inputBytes: bytes.count)
                return Result { () throws(PropertyLoaderError) -> TopLevel in
                    try topLevel(of: list.takeRetainedValue(), source: source, budget: budget)
                }
            }
            return try result.get()
        }

        /// The converted top level of a parsed property list.
        private static func topLevel(of root: AnyObject, source: String, budget: ValueBudget)
            throws(PropertyLoaderError) -> TopLevel
        {
            var walker = Walker(budget: budget)
            guard CFGetTypeID(root) == walker.dictionaryType else {
                return .other(kindName: walker.kindName(of: root))
            }
            do {
                return .members(try walker.members(of: reference(root, as: CFDictionary.self)))
            } catch {
                let path = error.path.reversed().joined(separator: ".")
                if error.isOverBudget { throw walker.budget.exceeded(source: source, at: path) }
                let subject = path.isEmpty ? "top level" : "property \"\(path)\""
                throw PropertyLoaderError(error.code, source: source, message: "\(subject) \(error.problem)")
            }
        }

        /// The parser's own account of a failure ("Encountered unknown tag integr on line 3"),
        /// read with CoreFoundation's functions: on Linux a `CFError` is not an `NSError`, and
        /// Foundation converts it only by bridging its whole user-info dictionary.
        private static func debugDescription(of error: CFError) -> String? {
            guard let userInfo = CFErrorCopyUserInfo(error) else { return nil }
            let (keys, values) = keysAndValues(of: userInfo)
            let stringType = CFStringGetTypeID()
            for (keyObject, valueObject) in zip(keys, values) {
                guard CFGetTypeID(keyObject) == stringType, CFGetTypeID(valueObject) == stringType,
                    Walker.string(reference(keyObject, as: CFString.self)) == NSDebugDescriptionErrorKey
                else { continue }
                let detail = Walker.string(reference(valueObject, as: CFString.self))
                return detail.isEmpty ? nil : detail
            }
            return nil
        }

        /// A dictionary's keys and values, in the dictionary's order.
        static func keysAndValues(of dictionary: CFDictionary) -> (keys: [AnyObject], values: [AnyObject]) {
            let count = CFDictionaryGetCount(dictionary)
            guard count > 0 else { return ([], []) }
            var keys = [UnsafeRawPointer?](repeating: nil, count: count)
            var values = [UnsafeRawPointer?](repeating: nil, count: count)
            CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
            let object = { (pointer: UnsafeRawPointer?) in
                // No safe equivalent: CFDictionaryGetKeysAndValues gives the objects as raw pointers.
                Unmanaged<AnyObject>.fromOpaque(pointer!).takeUnretainedValue()
            }
            return (keys.map(object), values.map(object))
        }

        /// A value no property can hold, or the value that went over the budget; `path`
        /// collects the keys on the way out, innermost first.
        struct UnsupportedObject: Error {
            var problem: String
            var code = PropertyLoaderError.Code.unsupportedValue
            var isOverBudget = false
            var path: [String] = []
        }

        /// Converts CoreFoundation objects by their type identifiers, counting every value it
        /// produces against its budget: a binary property list may refer to one array from many
        /// places, and each place is converted on its own.
        struct Walker {
            var budget: ValueBudget
            let stringType = CFStringGetTypeID()
            let numberType = CFNumberGetTypeID()
            let booleanType = CFBooleanGetTypeID()
            let dictionaryType = CFDictionaryGetTypeID()
            let arrayType = CFArrayGetTypeID()
            let dateType = CFDateGetTypeID()
            let dataType = CFDataGetTypeID()

            mutating func value(of object: AnyObject) throws(UnsupportedObject) -> PropertyValue {
                let type = CFGetTypeID(object)
                if type == stringType { return .string(Self.string(reference(object, as: CFString.self))) }
                if type == numberType { return Self.number(reference(object, as: NSNumber.self)) }
                if type == dictionaryType {
                    return .table(PropertyTable(try members(of: reference(object, as: CFDictionary.self))))
                }
                if type == arrayType { return .array(try elements(of: reference(object, as: CFArray.self))) }
                if type == booleanType { return .bool(CFBooleanGetValue(reference(object, as: CFBoolean.self))) }
                if type == dateType {
                    let seconds = CFDateGetAbsoluteTime(reference(object, as: CFDate.self))
                    guard seconds.isFinite else {
                        throw UnsupportedObject(problem: PropertyValueBridging.nonFiniteDateProblem(seconds))
                    }
                    return .timestamp(Date(timeIntervalSinceReferenceDate: seconds))
                }
                if type == dataType {
                    let data = reference(object, as: CFData.self)
                    let count = CFDataGetLength(data)
                    guard count > 0, let bytes = CFDataGetBytePtr(data) else { return .data(Data()) }
                    return .data(Data(bytes: bytes, count: count))
                }
                throw UnsupportedObject(
                    problem: "has a value of type \(Self.typeName(type)), which properties cannot hold")
            }

            /// A dictionary's members sorted by key bytes, as `PropertyValueBridging` sorts them.
            mutating func members(of dictionary: CFDictionary) throws(UnsupportedObject) -> [PropertyTable.Entry] {
                let (keyObjects, valueObjects) = CoreFoundationPropertyList.keysAndValues(of: dictionary)
                guard budget.spend(keyObjects.count) else {
                    throw UnsupportedObject(problem: "", isOverBudget: true)
                }
                var keys: [String] = []
                keys.reserveCapacity(keyObjects.count)
                for key in keyObjects {
                    guard CFGetTypeID(key) == stringType else {
                        throw UnsupportedObject(
                            problem: "is a dictionary with a \(kindName(of: key)) key, and property keys are strings")
                    }
                    keys.append(Self.string(reference(key, as: CFString.self)))
                }
                if let (first, second) = PropertyValueBridging.equivalentKeys(in: keys) {
                    throw UnsupportedObject(
                        problem: PropertyValueBridging.equivalentKeysProblem(first, second), code: .conflictingKeys)
                }
                var members: [PropertyTable.Entry] = []
                members.reserveCapacity(keys.count)
                for offset in KeyByteOrder.offsets(of: keys) {
                    do {
                        let node = PropertyNode(try value(of: valueObjects[offset]))
                        members.append(PropertyTable.Entry(key: keys[offset], node: node))
                    } catch {
                        var error = error
                        error.path.append(keys[offset])
                        throw error
                    }
                }
                return members
            }

            mutating func elements(of array: CFArray) throws(UnsupportedObject) -> [PropertyNode] {
                let count = CFArrayGetCount(array)
                guard count > 0 else { return [] }
                guard budget.spend(count) else { throw UnsupportedObject(problem: "", isOverBudget: true) }
                var objects = [UnsafeRawPointer?](repeating: nil, count: count)
                CFArrayGetValues(array, CFRange(location: 0, length: count), &objects)
                var nodes: [PropertyNode] = []
                nodes.reserveCapacity(count)
                for (index, pointer) in objects.enumerated() {
                    do {
                        // No safe equivalent: CFArrayGetValues gives the objects as raw pointers.
                        let object = Unmanaged<AnyObject>.fromOpaque(pointer!).takeUnretainedValue()
                        nodes.append(PropertyNode(try value(of: object)))
                    } catch {
                        var error = error
                        error.path.append(String(index))
                        throw error
                    }
                }
                return nodes
            }

            /// "a string", "an array": the top level's kind for the loader's message.
            func kindName(of object: AnyObject) -> String {
                switch CFGetTypeID(object) {
                case stringType: "a string"
                case arrayType: "an array"
                case dataType: "data"
                case dateType: "a date"
                case numberType: "a number"
                case booleanType: "a boolean"
                case dictionaryType: "a dictionary"
                case let type: "a \(Self.typeName(type))"
                }
            }

            /// As `PropertyValueBridging` reads the `NSNumber` the bridged path holds (a
            /// CoreFoundation number is one on Linux).
            static func number(_ number: NSNumber) -> PropertyValue {
                if let value = PropertyValueBridging.numberValue(number) { return value }
                // Other encodings are rare (an unsigned integer above Int64.max); the general
                // path names them, and it cannot fail for a number.
                return (try? PropertyValueBridging.propertyValue(from: number, key: "", source: ""))
                    ?? .float(number.doubleValue)
            }

            /// The string's characters: its bytes directly when CoreFoundation stores it as
            /// ASCII, else its UTF-16 code units (ill-formed ones become U+FFFD, as bridging does).
            static func string(_ string: CFString) -> String {
                let length = CFStringGetLength(string)
                guard length > 0 else { return "" }
                if let ascii = CFStringGetCStringPtr(string, CFStringBuiltInEncodings.ASCII.rawValue) {
                    return ascii.withMemoryRebound(to: UInt8.self, capacity: length) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                    }
                }
                if let units = CFStringGetCharactersPtr(string) {
                    return String(decoding: UnsafeBufferPointer(start: units, count: length), as: UTF16.self)
                }
                return withUnsafeTemporaryAllocation(of: UniChar.self, capacity: length) { units in
                    CFStringGetCharacters(string, CFRange(location: 0, length: length), units.baseAddress)
                    return String(decoding: units, as: UTF16.self)
                }
            }

            /// CoreFoundation's name for a type, such as `CFKeyedArchiverUID`.
            static func typeName(_ type: CFTypeID) -> String {
                guard let name = CFCopyTypeIDDescription(type) else { return "CFTypeID \(type)" }
                return string(name)
            }
        }
    }

    /// The same object as a `T`: CoreFoundation's objects are instances of Foundation's classes
    /// on Linux, not of the CF types their functions take, so a checked cast would fail.
    // No safe equivalent: a checked cast from Foundation's class to the CF type fails on Linux.
    private func reference<T: AnyObject>(_ object: AnyObject, as type: T.Type) -> T {
        Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
    }
#endif
