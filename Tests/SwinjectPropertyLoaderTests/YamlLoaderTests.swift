#if YAML
    import Foundation
    import PropertyFormats
    import Swinject
    import SwinjectPropertyLoader
    import Testing

    /// YAMLPropertyLoader through the public API only (run with `swift test --traits YAML`).
    @Suite struct YamlLoaderTests {
        private func load(_ text: String, name: String = "config.yaml") throws -> Container {
            let container = Container()
            try container.applyPropertyLoader(YAMLPropertyLoader(string: text, name: name))
            return container
        }

        private func loadError(_ text: String, options: YAMLPropertyLoader.Options = .init()) -> PropertyLoaderError? {
            do {
                _ = try YAMLPropertyLoader(string: text, name: "config.yaml", options: options).loadBatch()
                return nil
            } catch {
                return error as? PropertyLoaderError
            }
        }

        @Test func mappingsFlattenToDotKeysWithPositions() throws {
            let container = try load(
                """
                # service settings
                api:
                  base_url: https://api.example.com
                  timeout: 30
                database:
                  host: db
                  port: 5432
                  pool: {min: 1, max: 8}
                features: [search, checkout]
                """)
            #expect(container.property("api.base_url") == "https://api.example.com")
            #expect(container.property("api.timeout") == 30)
            #expect(container.property("database.pool.max") == 8)
            #expect(container.property("features") == ["search", "checkout"])
            let source = try #require(container.propertySource(for: "database.port"))
            #expect(source.name == "config.yaml")
            #expect(source.position == SourcePosition(line: 7, column: 9))
            #expect(source.description == "config.yaml:7:9")
        }

        @Test(arguments: [
            ("v: 12", PropertyValue.integer(12)), ("v: -0", .integer(0)), ("v: +7", .integer(7)),
            ("v: 007", .integer(7)), ("v: 0x1F", .integer(31)), ("v: 0o17", .integer(15)),
            ("v: 1.5", .float(1.5)), ("v: 1e3", .float(1000)), ("v: .5", .float(0.5)), ("v: -.inf", .float(-.infinity)),
            ("v: .NaN", .float(.nan)), ("v: true", .bool(true)), ("v: FALSE", .bool(false)), ("v: ~", .null),
            ("v: null", .null), ("v:", .null), ("v: \"12\"", .string("12")), ("v: '1.5'", .string("1.5")),
            ("v: yes", .string("yes")), ("v: on", .string("on")), ("v: 0777x", .string("0777x")),
            ("v: 1_000", .string("1_000")), ("v: 2024-03-01", .string("2024-03-01")),
            ("v: 99999999999999999999", .bigInteger("99999999999999999999")), ("v: !!str 12", .string("12")),
            ("v: !!float 3", .float(3)), ("v: ! 12", .string("12")), ("v: !!binary aGk=", .data(Data("hi".utf8))),
            ("v: |\n  two\n  lines\n", .string("two\nlines\n")), ("v: 0x", .string("0x")),
        ])
        func scalarsFollowTheCoreSchema(text: String, expected: PropertyValue) throws {
            let batch = try YAMLPropertyLoader(string: text).loadBatch()
            let value = try #require(batch.properties.first { $0.key == "v" }?.value)
            #expect(value == expected, "\(text)")
        }

        @Test func anchorsAliasesAndMergeKeys() throws {
            let container = try load(
                """
                defaults: &defaults
                  timeout: 30
                  retries: 3
                primary:
                  <<: *defaults
                  retries: 5
                hosts: &hosts [a, b]
                backup_hosts: *hosts
                name: &name orders
                label: *name
                """)
            #expect(container.property("primary.timeout") == 30)
            #expect(container.property("primary.retries") == 5)
            #expect(container.property("backup_hosts") == ["a", "b"])
            #expect(container.property("label") == "orders")
            // A merged value keeps the line:column where the anchor defined it.
            #expect(container.propertySource(for: "primary.timeout")?.position == SourcePosition(line: 2, column: 12))
        }

        @Test func billionLaughsStopsAtTheValueLimit() throws {
            let text = """
                a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
                b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
                c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
                d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
                e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
                f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
                g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
                h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
                i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
                """
            let error = try #require(loadError(text))
            #expect(error.code == .malformedContent)
            #expect(error.parseError?.code == .tooManyValues)
            #expect(error.description.contains("ParseLimits.maxNodesPerInputByte"))
            #expect(
                error.description.hasPrefix("config.yaml:3:14: the document expands to more than 341 values (alias *b"))
            // Raising the limit lets the same aliases through, counted as they repeat.
            var options = YAMLPropertyLoader.Options()
            options.limits.maxNodesPerInputByte = 20
            #expect(
                loadError(String(text.split(separator: "\n").prefix(3).joined(separator: "\n")), options: options)
                    == nil)
        }

        @Test func mergeKeysOfMappingAliasesCountToo() throws {
            var lines = ["a0: &a0 {k: v, l: w}"]
            for level in 1..<30 { lines.append("a\(level): &a\(level) {x: *a\(level - 1), y: *a\(level - 1)}") }
            let error = try #require(loadError(lines.joined(separator: "\n")))
            #expect(error.parseError?.code == .tooManyValues)
        }

        @Test func aStreamOfSeveralDocumentsIsAnError() throws {
            let error = try #require(loadError("a: 1\n---\nb: 2\n"))
            #expect(error.parseError?.code == .syntax)
            #expect(
                error.description
                    == "config.yaml:2:1: a second document starts here; a configuration file holds one YAML document")
            #expect(loadError("---\na: 1\n...\n") == nil)
        }

        @Test func syntaxErrorsCarryLineAndColumn() throws {
            let error = try #require(loadError("a: 1\nb: [1, 2\nc: 3\n"))
            #expect(error.code == .malformedContent)
            #expect(error.position.line == 3)
            #expect(error.description.hasPrefix("config.yaml:3:"))
            let tab = try #require(loadError("a:\n\tb: 1\n"))
            #expect(tab.position.line == 2)
        }

        @Test func invalidUTF8IsAnEncodingErrorWithItsPosition() throws {
            var bytes = Data("a: 1\nb: x".utf8)
            bytes.append(0xFF)
            do {
                _ = try YAMLPropertyLoader(data: bytes, name: "bad.yaml").loadBatch()
                Issue.record("expected an error")
            } catch let error as PropertyLoaderError {
                #expect(error.parseError?.code == .invalidEncoding)
                #expect(error.position == SourcePosition(line: 2, column: 5))
            }
        }

        @Test(arguments: [
            ("[a, b]: 1\n", "a mapping key must be a string, not a sequence", SourcePosition(line: 1, column: 1)),
            ("? {a: 1}\n: 2\n", "a mapping key must be a string, not a mapping", SourcePosition(line: 1, column: 3)),
            ("x: &s [1]\n*s : 2\n", "a mapping key must be a string; *s is array", SourcePosition(line: 2, column: 1)),
            ("!!int 1: 2\n", "a mapping key must be a string, not !!int", SourcePosition(line: 1, column: 1)),
            ("? \n: 2\n", "a mapping key is empty", SourcePosition(line: 1, column: 2)),
        ])
        func nonStringKeysAreErrors(text: String, message: String, position: SourcePosition) throws {
            let error = try #require(loadError(text))
            #expect(error.message == message)
            #expect(error.position == position)
        }

        @Test func scalarKeysAreTheirText() throws {
            let container = try load("status:\n  404: not found\n  true: yes\n")
            #expect(container.property("status.404") == "not found")
            #expect(container.property("status.true") == "yes")
        }

        @Test func duplicateKeysNameBothLines() throws {
            let error = try #require(loadError("server:\n  port: 1\n  host: h\n  port: 2\n"))
            #expect(error.parseError?.code == .duplicateKey)
            #expect(error.description == "config.yaml:4:3: duplicate key \"port\": first defined at line 2, column 3")
            #expect(error.parseError?.relatedPosition == SourcePosition(line: 2, column: 3))
            // A large mapping (found through an index) and keys spelled differently.
            var lines = (0..<40).map { "key\($0): \($0)" }
            lines.append("\"key7\": again")
            let large = try #require(loadError(lines.joined(separator: "\n")))
            #expect(large.description == "config.yaml:41:1: duplicate key \"key7\": first defined at line 8, column 1")
        }

        @Test func deepNestingIsBoundedBeforeAnyRecursion() throws {
            let flow = String(repeating: "[", count: 300)
            let error = try #require(loadError("a: " + flow))
            #expect(error.parseError?.code == .nestingTooDeep)
            #expect(error.message == "sequences and mappings are nested deeper than the limit of 128 levels")
            #expect(error.position == SourcePosition(line: 1, column: 131))
            // Block nesting, and a top level that is only brackets.
            let block = (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
            #expect(loadError(block)?.parseError?.code == .nestingTooDeep)
            #expect(loadError(String(repeating: "[", count: 300_000))?.parseError?.code == .nestingTooDeep)
        }

        @Test func aliasesCannotNestDeeperThanTheLimit() throws {
            var options = YAMLPropertyLoader.Options()
            options.limits.maxDepth = 8
            var lines = ["a0: &a0 [1]"]
            for level in 1..<10 { lines.append("a\(level): &a\(level) [*a\(level - 1)]") }
            let error = try #require(loadError(lines.joined(separator: "\n"), options: options))
            #expect(error.parseError?.code == .nestingTooDeep)
            #expect(error.message.hasSuffix("through alias *a6"))
        }

        @Test func limitsOnKeysAndStrings() throws {
            var options = YAMLPropertyLoader.Options()
            options.limits.maxKeys = 3
            #expect(loadError("a: 1\nb: 2\nc: {d: 1}\n", options: options)?.parseError?.code == .tooManyKeys)
            options = .init()
            options.limits.maxStringBytes = 4
            #expect(loadError("a: hello\n", options: options)?.parseError?.code == .stringTooLong)
            options = .init()
            options.limits.maxInputBytes = 4
            #expect(loadError("a: hello\n", options: options)?.code == .malformedContent)
        }

        @Test func topLevelMustBeAMapping() throws {
            let error = try #require(loadError("- a\n- b\n"))
            #expect(error.code == .invalidTopLevel)
            #expect(error.description == "config.yaml:1:1: top level is array, expected a mapping")
            #expect(try YAMLPropertyLoader(string: "# only a comment\n").loadBatch().operationCount == 0)
            #expect(try YAMLPropertyLoader(string: "").loadBatch().operationCount == 0)
        }

        @Test func unsupportedTagsAndBadTaggedValuesAreErrors() throws {
            #expect(loadError("a: !custom x\n")?.message == "unsupported tag !custom on a scalar")
            #expect(loadError("a: !!int abc\n")?.parseError?.code == .invalidNumber)
            #expect(loadError("a: !!int 0x1FFFFFFFFFFFFFFFF\n")?.parseError?.code == .invalidNumber)
            #expect(loadError("a: *nowhere\n")?.message == "alias *nowhere names no anchor defined before it")
            #expect(
                loadError("a: {<<: 1}\n")?.message
                    == "a merge key \"<<\" takes a mapping or a sequence of mappings, not integer")
        }

        @Test func aHexKeyTooLargeForAnIntegerStaysText() throws {
            let key = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
            let container = try load("wallet:\n  private_key: \(key)\n  pin: 0o777777777777777777777777\n")
            #expect(container.property("wallet.private_key") == key)
            #expect(container.property("wallet.pin") == "0o777777777777777777777777")
        }

        /// A scalar its tag cannot read names the position and the tag, never the text, which may
        /// be a secret.
        @Test(arguments: [
            ("!!int", "scalar is not a valid !!int"), ("!!float", "scalar is not a valid !!float"),
            ("!!bool", "scalar is not a valid !!bool"), ("!!null", "scalar is not a valid !!null"),
        ])
        func taggedScalarErrorsNameTheTagNotTheText(tag: String, message: String) throws {
            let error = try #require(loadError("api:\n  token: \(tag) s3cr3t-T0ken-Value\n"))
            #expect(error.description == "config.yaml:2:10: \(message)")
            for rendering in [error.description, error.localizedDescription, "\(error.parseError as Any)"] {
                #expect(!rendering.contains("s3cr3t"), "\(rendering)")
            }
        }

        @Test func aTaggedIntegerTooLargeNamesOnlyItsPosition() throws {
            let error = try #require(
                loadError("private_key: !!int 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318\n"))
            #expect(error.description == "config.yaml:1:14: !!int scalar does not fit in a 64-bit integer")
            #expect(!error.description.contains("4c0883a6"))
        }

        @Test func mappingsMergeLeafByLeafOverEarlierLoaders() throws {
            let container = Container()
            try container.applyPropertyLoader(
                JsonPropertyLoader(string: #"{"database": {"host": "a", "port": 1}}"#, name: "defaults.json"))
            try container.applyPropertyLoader(YAMLPropertyLoader(string: "database:\n  port: 2\n", name: "app.yaml"))
            #expect(container.property("database.host") == "a")
            #expect(container.property("database.port") == 2)
            #expect(container.propertySource(for: "database.port")?.name == "app.yaml")
        }

        @Test func ymlFilesLoadByURLAndYamlByBundleName() throws {
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = directory.appendingPathComponent("settings.yml")
            try Data("mode: demo\n".utf8).write(to: url)
            let container = Container()
            try container.applyPropertyLoader(YAMLPropertyLoader(url: url))
            #expect(container.property("mode") == "demo")
            #expect(YAMLPropertyLoader.fileExtension == "yaml")
            #expect(throws: PropertyLoaderError.missingResource) {
                try container.applyPropertyLoader(YAMLPropertyLoader(bundle: Fixtures.bundle, name: "absent"))
            }
        }
    }
#endif
