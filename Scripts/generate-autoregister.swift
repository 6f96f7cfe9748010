// Writes the fixed-arity `autoregister` overloads, the performance layer under the parameter-pack
// overloads that are the documented API (`Container+Autoregistration.swift`,
// `Async/Container+AsyncAutoregistration.swift`):
//
//     swift Scripts/generate-autoregister.swift           # rewrite the files
//     swift Scripts/generate-autoregister.swift --check   # exit 1 and name each file that differs
//
// Three files, each a header and one `extension Container`:
//
// - `Sources/SwinjectAutoregistration/Generated/Container+FixedArity.swift`: synchronous
//   initializers, throwing or not.
// - `Sources/SwinjectAutoregistration/Generated/Container+FixedArityAsync.swift`: async ones.
// - `Sources/SwinjectAutoregistration/Compatibility/Container+TupleInitializers.swift`: the
//   upstream spelling for initializers that take their parameters as one tuple.
//
// Why the layer exists: the compiler does not specialize a pack expansion, so a pack overload's
// factory resolves each dependency through generic code that asks the runtime for `Optional<D>`'s
// metadata on every resolve, work a service registered by hand never does. These overloads name
// every parameter type, so the factory is compiled for the concrete types where `autoregister` is
// called. Swift prefers them to the pack overloads, which still serve longer initializers. The
// row `autoregister.resolve.pack-vs-fixed.3deps` of Benchmarks/RESULTS.md measures the difference;
// when its ratio reaches about 1.0 the layer can go.
//
// The rules the generated text keeps:
//
// - Which arities exist. Synchronous: no runtime argument, initializers of 0, 1 and 3 to 20
//   parameters; one argument, 1 to 21 (the argument alone, `(A, D1)` and `(D1, A)`, then 3 to
//   21); two arguments, `(A, B)` and `(B, A)`, then 3 to 22; three arguments, 4 to 23. Every
//   length from 3 has a throwing twin. Async: 2 to 9 parameters, without and with one runtime
//   argument. Tuples: the empty tuple, and 2 to 20 elements, runtime arguments included, for 0
//   to 3 arguments.
//   Everything else goes to the packs.
// - Two parameters without runtime arguments stay with the packs: a two-parameter overload could
//   not be ranked both below the one-parameter and three-parameter overloads and above the packs,
//   so a type with initializers of one and two (or two and three) parameters would no longer
//   compile.
// - The small arities (0 and 1 parameter, and the argument-only and one-dependency shapes with
//   runtime arguments) settle which initializer a call means: Swift prefers them to the packs, so
//   `PetOwner.init` picks `init(pet:)` over `init(name:pet:)`, and with `argument: String.self` the
//   initializer that takes a `String`. Those with runtime arguments take their parameters plainly
//   and build their factory through `buildAndRegister`; the argument order is in the signature.
// - Synchronous initializer parameters are `consuming` (from one parameter up without runtime
//   arguments, from 3 with them; the tuple and async overloads take them plainly). An
//   initializer takes its arguments owned, so through a function type with borrowed parameters
//   every resolved dependency would be retained on the way into the initializer and released by
//   the factory afterwards, two atomic reference-count operations per dependency and resolve.
//   Consuming parameters hand over the value `resolve` returned. Initializers, closures and
//   function values of the plain type all convert.
// - Initializers that throw get their own overloads: a thrown error fails the resolve like a
//   missing dependency (`resolveOrThrow` throws it inside the chain). A non-throwing initializer
//   still picks the non-throwing overloads, whose factories have no error path to pay for.
// - A tuple overload resolves the tuple's elements one by one, runtime arguments matched to them
//   by type, the same as the overload for an initializer of that many parameters; the empty
//   tuple's overload is the one for an initializer without parameters, spelled `(())`. A
//   one-element tuple is a plain parameter, which the other overloads take.
//
// The text is built with plain string interpolation below and laid out by `swift format` with the
// package's `.swift-format`, so the files pass the format lint unchanged.

import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sources = "Sources/SwinjectAutoregistration"
let longestDependencyList = 20
let longestAsync = 9
let longestTuple = 20

/// A runtime argument: its type parameter, its label in the `autoregister` signature, and the
/// label and variable that pass it on.
struct Argument {
    let type: String
    let label: String
    let callLabel: String
    let variable: String
}

/// The overloads for one runtime-argument count.
struct Variant {
    let words: String
    let arguments: [Argument]
    /// The shortest initializer (in parameters, arguments included) of the generated run.
    let shortest: Int
}

let variants = [
    Variant(words: "no runtime arguments", arguments: [], shortest: 3),
    Variant(
        words: "one runtime argument",
        arguments: [Argument(type: "A", label: "argument", callLabel: "argument: ", variable: "argument")],
        shortest: 3),
    Variant(
        words: "two runtime arguments",
        arguments: [
            Argument(type: "A", label: "arguments first", callLabel: "arguments: ", variable: "first"),
            Argument(type: "B", label: "_ second", callLabel: "", variable: "second"),
        ],
        shortest: 3),
    Variant(
        words: "three runtime arguments",
        arguments: [
            Argument(type: "A", label: "arguments first", callLabel: "arguments: ", variable: "first"),
            Argument(type: "B", label: "_ second", callLabel: "", variable: "second"),
            Argument(type: "C", label: "_ third", callLabel: "", variable: "third"),
        ],
        shortest: 4),
]

func parameterTypes(_ length: Int, prefix: String = "P") -> [String] {
    (0..<length).map { "\(prefix)\($0 + 1)" }
}

func joined(_ items: [String]) -> String {
    items.joined(separator: ", ")
}

/// `<Service, A, P1, ...>`.
func genericClause(_ variant: Variant, _ types: [String]) -> String {
    "<" + joined(["Service"] + variant.arguments.map(\.type) + types) + ">"
}

/// The signature's lines from `_ service` up to, not including, `initializer:`.
func leadingParameters(_ variant: Variant) -> String {
    var text = """
                _ service: Service.Type,
                name: String? = nil,

        """
    for argument in variant.arguments {
        text += "        \(argument.label): \(argument.type).Type,\n"
    }
    return text
}

/// `parameterInfos(P1.self, ..., arguments: [A.self])`.
func parameterInfos(_ variant: Variant, _ types: [String]) -> String {
    let arguments = joined(variant.arguments.map { "\($0.type).self" })
    return "parameterInfos(" + joined(types.map { "\($0).self" } + ["arguments: [\(arguments)]"]) + ")"
}

/// `service, name: name, arguments: first, second`.
func registrationArguments(_ variant: Variant) -> String {
    "service, name: name" + variant.arguments.map { ", \($0.callLabel)\($0.variable)" }.joined()
}

/// One resolved parameter inside a synchronous factory.
func dependency(_ variant: Variant, _ type: String) -> String {
    if variant.arguments.isEmpty { return "try resolver.dependency(\(type).self)" }
    let arguments = joined(variant.arguments.indices.map { "arguments.\($0 + 1)" })
    return "try arguments.0.dependency(\(type).self, or: \(arguments))"
}

/// The synchronous fixed-arity overload for an initializer of `types`.
func fixedArity(_ variant: Variant, _ types: [String], throwing: Bool) -> String {
    let length = types.count
    let resolved = length - variant.arguments.count
    let indentation = String(repeating: " ", count: variant.arguments.isEmpty ? 28 : 24)
    let call = types.map { indentation + dependency(variant, $0) }.joined(separator: ",\n")
    var text = """
            /// Registers `service` built by \(throwing ? "a throwing" : "an") initializer of \(length) \
        \(length == 1 ? "parameter" : "parameters") (\(resolved) resolved, \(variant.words)).
            ///

        """
    if throwing { text += "    /// A thrown error fails the resolve like a missing dependency.\n" }
    text += """
            /// The same as the parameter-pack overload, with a factory compiled for these parameter types.
            @inlinable @discardableResult
            public func autoregister\(genericClause(variant, types))(
        \(leadingParameters(variant))        initializer: @escaping (\(joined(types.map { "consuming \($0)" })))\
        \(throwing ? " throws" : "") -> Service
            ) -> ServiceEntry<Service> {

        """
    let doClause = throwing ? "do" : "do throws(DependencyMiss)"
    let tryCall = throwing ? "try initializer(" : "initializer("
    let report = throwing ? "reportMissOrThrown" : "reportMiss"
    if variant.arguments.isEmpty {
        text += """
                    let info = AutoregistrationInfo(
                        service: service, name: name, parameterTypes: ParameterTypes<\(joined(types))>.self)
                    return registerAutoregistration(
                        service, info: info,
                        factory: { (resolver: any Resolver) -> Any in
                            info.guarded {
                                \(doClause) {
                                    return \(tryCall)
            \(call))
                                } catch {
                                    return \(report)(error, info: info)
                                }
                            }
                        })
                }

            """
    } else {
        let argumentTuple = joined(["any Resolver"] + variant.arguments.map(\.type))
        text += """
                    registerCheckingArguments(
                        \(registrationArguments(variant)), initializer: initializer,
                        factory: { (arguments: (\(argumentTuple))) -> Any in
                            \(doClause) {
                                return \(tryCall)
            \(call))
                            } catch {
                                return \(report)(
                                    error, service: Service.self, name: name,
                                    parameters: \(parameterInfos(variant, types)))
                            }
                        })
                }

            """
    }
    return text
}

/// The async fixed-arity overload for an initializer of `length` parameters.
func asyncFixedArity(_ variant: Variant, length: Int) -> String {
    let types = parameterTypes(length)
    let resolved = length - variant.arguments.count
    let or = variant.arguments.isEmpty ? "" : ", or: argument"
    let call = types.map { "                    try await r.dependency(\($0).self\(or))" }.joined(separator: ",\n")
    let argumentTypes = joined(variant.arguments.map { "\($0.type).self" })
    let argumentTuple = joined(["any Resolver"] + variant.arguments.map(\.type))
    var text = """
            /// Registers `service` built by an async initializer of \(length) parameters (\(resolved) resolved, \
        \(variant.words)).
            ///
            /// The same as the parameter-pack overload, with a factory written for these parameter types.
            @discardableResult
            public func autoregister\(genericClause(variant, types))(
        \(leadingParameters(variant))        initializer: @escaping @Sendable (\(joined(types))) async throws -> Service
            ) -> AsyncServiceEntry<Service> {
                addAsyncAutoregistration(
                    service, name: name,
                    parameters: \(parameterInfos(variant, types)),
                    argumentTypes: [\(argumentTypes)],
                    argumentsType: (\(argumentTuple)).self
                ) { r, \(variant.arguments.isEmpty ? "_" : "arguments") in

        """
    if !variant.arguments.isEmpty { text += "            let argument: A = try AsyncArguments.one(arguments)\n" }
    text += """
                    return InstanceBox(
                        try await initializer(
        \(call)
                        ))
                }
            }

        """
    return text
}

/// The upstream tuple-parameter overload for a tuple of `length` elements.
func tupleInitializer(_ variant: Variant, length: Int) -> String {
    let types = parameterTypes(length)
    let resolved = length - variant.arguments.count
    var text = """
            /// Registers `service` built by an initializer that takes its \(length) parameters as one tuple
            /// (\(resolved) resolved, \(variant.words)).
            ///
            /// The upstream spelling, which generic wrappers that forward an initializer reach; the same as
            /// passing an initializer of \(length) parameters.
            @inlinable @discardableResult
            public func autoregister\(genericClause(variant, types))(
        \(leadingParameters(variant))        initializer: @escaping ((\(joined(types)))) -> Service
            ) -> ServiceEntry<Service> {

        """
    if variant.arguments.isEmpty {
        let call = types.map { "                            " + dependency(variant, $0) }.joined(separator: ",\n")
        text += """
                    let info = AutoregistrationInfo(
                        service: service, name: name, parameterTypes: ParameterTypes<\(joined(types))>.self)
                    return registerAutoregistration(
                        service, info: info,
                        factory: { (resolver: any Resolver) -> Any in
                            info.guarded {
                                do throws(DependencyMiss) {
                                    return initializer((
            \(call)))
                                } catch {
                                    return reportMiss(error, info: info)
                                }
                            }
                        })
                }

            """
    } else {
        let call = types.map { "                        " + dependency(variant, $0) }.joined(separator: ",\n")
        let variables = types.map { $0.lowercased() }
        let closureParameters = joined(zip(variables, types).map { "\($0): \($1)" })
        let argumentTuple = joined(["any Resolver"] + variant.arguments.map(\.type))
        text += """
                    registerCheckingArguments(
                        \(registrationArguments(variant)),
                        initializer: { (\(closureParameters)) in initializer((\(joined(variables)))) },
                        factory: { (arguments: (\(argumentTuple))) -> Any in
                            do throws(DependencyMiss) {
                                return initializer((
            \(call)))
                            } catch {
                                return reportMiss(
                                    error, service: Service.self, name: name,
                                    parameters: \(parameterInfos(variant, types)))
                            }
                        })
                }

            """
    }
    return text
}

/// The overloads for initializers without parameters and with one or two, written for the ranking
/// rules in the header: no runtime argument with 0 and 1 parameter, and the runtime-argument
/// shapes whose parameter order the signature fixes.
/// The overload for an initializer without parameters: `input` is its parameter list, `()` or the
/// empty tuple `(())`, and `call` the argument list that calls it.
func parameterless(summary: String, initializer: String, input: String, call: String) -> String {
    """
    \(summary)
        ///
        /// - Parameters:
        ///   - service: The service type to register.
        ///   - name: The registration name.
        ///   - initializer: \(initializer)
        /// - Returns: The Swinject entry, to chain `.inObjectScope(...)` and friends.
        @discardableResult
        public func autoregister<Service>(
            _ service: Service.Type,
            name: String? = nil,
            initializer: @escaping \(input) -> Service
        ) -> ServiceEntry<Service> {
            let info = AutoregistrationInfo(service: service, name: name, parameters: [])
            return registerAutoregistration(service, info: info) { (_: any Resolver) -> Any in
                info.guarded { initializer\(call) }
            }
        }

    """
}

func smallArities() -> [String] {
    let none = variants[0]
    var overloads = [
        parameterless(
            summary: """
                    /// Registers `service`, built by `initializer` with every parameter resolved from the container.
                    ///
                    /// ```swift
                    /// container.autoregister(Person.self, initializer: PetOwner.init)
                    /// ```
                    ///
                    /// Optional and implicitly unwrapped parameters resolve to nil when unregistered. When a
                    /// required parameter cannot be resolved, `resolve` returns nil (nothing traps) and
                    /// `resolveOrThrow` throws a ``ResolutionError`` that explains the chain.
                """,
            initializer: "The initializer (or any function) that builds the service.", input: "()", call: "()")
    ]
    overloads.append(fixedArity(none, parameterTypes(1, prefix: "D"), throwing: false))
    let shapes: [(variant: Variant, generics: String, parameters: String, summary: String)] = [
        (variants[1], "A", "A", "Registers `service` built from the runtime argument alone."),
        (
            variants[1], "A, D1", "A, D1",
            "Registers `service` built from the runtime argument (first parameter) and one dependency."
        ),
        (
            variants[1], "A, D1", "D1, A",
            "Registers `service` built from one dependency and the runtime argument (second parameter)."
        ),
        (
            variants[2], "A, B", "A, B",
            "Registers `service` built from two runtime arguments, in the initializer's order."
        ),
        (
            variants[2], "A, B", "B, A",
            """
            Registers `service` built from two runtime arguments, in the opposite order to the
                /// initializer's parameters: `first` is the initializer's second parameter, `second` its first.
            """
        ),
    ]
    for shape in shapes {
        let argumentLabels = shape.variant.arguments.count == 1 ? "argument: argument" : "arguments: first, second"
        overloads.append(
            """
                /// \(shape.summary)
                @inlinable @discardableResult
                public func autoregister<Service, \(shape.generics)>(
            \(leadingParameters(shape.variant))        initializer: @escaping (\(shape.parameters)) -> Service
                ) -> ServiceEntry<Service> {
                    buildAndRegister(service, name: name, \(argumentLabels), initializer: initializer)
                }

            """)
    }
    return overloads
}

/// A generated file: the header, `public import Swinject` and one extension holding `overloads`.
func file(header: [String], overloads: [String]) -> String {
    let comment = header.map { $0.isEmpty ? "//" : "// " + $0 }.joined(separator: "\n")
    return """
        \(comment)

        public import Swinject

        extension Container {
        \(overloads.joined(separator: "\n"))}

        """
}

let doNotEdit = [
    "Generated by Scripts/generate-autoregister.swift. Do not edit: change the script, then run",
    "`swift Scripts/generate-autoregister.swift`. The script's header states the rules.",
    "",
]

func syncFile() -> String {
    var overloads = smallArities()
    for variant in variants {
        for throwing in [false, true] {
            let lengths = variant.shortest...(longestDependencyList + variant.arguments.count)
            overloads += lengths.map { fixedArity(variant, parameterTypes($0), throwing: throwing) }
        }
    }
    let header = [
        "`autoregister` for synchronous initializers of fixed length, throwing or not: each factory is",
        "compiled for its parameter types where `autoregister` is called, so a resolve makes no runtime",
        "metadata look-ups. No runtime argument: 0, 1 and 3 to 20 parameters; one argument: 1, 2 and 3",
        "to 21; two: 2 and 3 to 22; three: 4 to 23; throwing from 3. Parameters are `consuming` so the",
        "resolved values are handed over without a retain and release. The parameter packs",
        "(`Container+Autoregistration.swift`) serve every other length.",
    ]
    return file(header: doNotEdit + header, overloads: overloads)
}

func asyncFile() -> String {
    var overloads: [String] = []
    for variant in variants.prefix(2) {
        overloads += (2...longestAsync).map { asyncFixedArity(variant, length: $0) }
    }
    let header = [
        "`autoregister` for async initializers of 2 to \(longestAsync) parameters, without and with one runtime",
        "argument: each names its parameter types, so a resolve asks for no pack metadata. The",
        "parameter-pack overloads (`Async/Container+AsyncAutoregistration.swift`) serve every other length.",
    ]
    return file(header: doNotEdit + header, overloads: overloads)
}

func tupleFile() -> String {
    var overloads = [
        parameterless(
            summary: """
                    /// Registers `service`, built by an `initializer` that takes the empty tuple: the upstream
                    /// spelling of an initializer without parameters.
                """,
            initializer: "The initializer that builds the service.", input: "(())", call: "(())")
    ]
    for variant in variants {
        overloads += (max(2, variant.arguments.count)...longestTuple).map { tupleInitializer(variant, length: $0) }
    }
    let header = [
        "The upstream spelling of `autoregister` for an initializer that takes its parameters as one",
        "tuple: `initializer: @escaping ((A, B)) -> Service`. Upstream declares every overload that way,",
        "so a generic wrapper that forwards an initializer to it holds a closure whose one parameter is a",
        "tuple, and passes that closure on. Through the other overloads such a closure would be an",
        "initializer of one parameter, the tuple, resolved as one dependency that nothing registers.",
        "",
        "Each overload resolves the tuple's elements one by one, runtime arguments matched to them by",
        "type, the same as the overload for an initializer of that many parameters: same manifest entry,",
        "same failures. There is one for the empty tuple and one for each tuple of 2 to \(longestTuple) elements",
        "with 0 to 3 runtime arguments among them; a one-element tuple is a plain parameter, which the",
        "other overloads take.",
        "",
        "Swift ranks them below the other overloads for everything but a tuple-taking closure: passing",
        "`Type.init` or a closure of several parameters needs a conversion to reach a tuple parameter,",
        "and the overloads that take the parameters separately need none, so existing calls resolve as",
        "before. A closure whose one parameter is a tuple matches the tuple overload and the",
        "one-element parameter pack alike, and Swift prefers the tuple overload as the more specific.",
    ]
    return file(header: doNotEdit + header, overloads: overloads)
}

/// `text` as `swift format` lays it out with the package's configuration.
func formatted(_ text: String) throws -> String {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("generate-autoregister-\(getpid()).swift")
    try text.write(to: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "swift", "format", "--configuration", root.appendingPathComponent(".swift-format").path, input.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        FileHandle.standardError.write(Data("swift format failed on \(input.path)\n".utf8))
        exit(1)
    }
    return String(decoding: data, as: UTF8.self)
}

let check = CommandLine.arguments.dropFirst().contains("--check")
let generated = "\(sources)/Generated"
let expected = [
    "\(generated)/Container+FixedArity.swift": syncFile(),
    "\(generated)/Container+FixedArityAsync.swift": asyncFile(),
    "\(sources)/Compatibility/Container+TupleInitializers.swift": tupleFile(),
]
// Generated/ holds only this script's output: any other file there is stale.
let existing = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(generated).path)) ?? []
let extra = existing.map { "\(generated)/\($0)" }.filter { expected[$0] == nil }.sorted()
var stale: [(path: String, text: String)] = []
for (path, text) in expected.sorted(by: { $0.key < $1.key }) {
    let formattedText = try formatted(text)
    let current = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    if current != formattedText { stale.append((path, formattedText)) }
}
if check {
    if stale.isEmpty && extra.isEmpty { exit(0) }
    print("out of date (run swift Scripts/generate-autoregister.swift):")
    for path in stale.map(\.path) { print("  differs: \(path)") }
    for path in extra { print("  not generated: \(path)") }
    exit(1)
}
for path in extra { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
for (path, text) in stale {
    try FileManager.default.createDirectory(
        at: root.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    print("wrote \(path)")
}
