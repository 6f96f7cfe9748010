import Foundation
import PropertyFormats
import Testing

@Suite struct TOMLParserTests {
    @Test func scalarValuesAndPositions() throws {
        let table = try TOMLParser.parse(
            """
            title = "TOML"
            literal = 'C:\\path'
            count = -42
            hex = 0xDEAD_beef
            octal = 0o755
            binary = 0b1101
            ratio = 6.626e-34
            big = 1_000.5
            yes = true
            no = false
            """)
        #expect(table.keys == ["title", "literal", "count", "hex", "octal", "binary", "ratio", "big", "yes", "no"])
        #expect(table["title"]?.value == .string("TOML"))
        #expect(table["title"]?.position == TOMLTest.position(1, 9))
        #expect(TOMLTest.entry(table, "title")?.keyPosition == TOMLTest.position(1, 1))
        #expect(table["literal"]?.value == .string("C:\\path"))
        #expect(table["count"]?.value == .integer(-42))
        #expect(table["count"]?.position == TOMLTest.position(3, 9))
        #expect(table["hex"]?.value == .integer(0xDEAD_BEEF))
        #expect(table["octal"]?.value == .integer(0o755))
        #expect(table["binary"]?.value == .integer(13))
        #expect(table["ratio"]?.value == .float(6.626e-34))
        #expect(table["big"]?.value == .float(1000.5))
        #expect(table["yes"]?.value == .bool(true))
        #expect(table["no"]?.value == .bool(false))
    }

    @Test func integerLimits() throws {
        let table = try TOMLParser.parse(
            "max = 9223372036854775807\nmin = -9223372036854775808\nhex = 0x7FFFFFFFFFFFFFFF")
        #expect(table["max"]?.value == .integer(.max))
        #expect(table["min"]?.value == .integer(.min))
        #expect(table["hex"]?.value == .integer(.max))
    }

    @Test func specialFloats() throws {
        let table = try TOMLParser.parse("a = inf\nb = -inf\nc = +inf\nd = nan\ne = -nan\nf = +nan\ng = -0.0")
        #expect(table["a"]?.value == .float(.infinity))
        #expect(table["b"]?.value == .float(-.infinity))
        #expect(table["c"]?.value == .float(.infinity))
        for key in ["d", "e", "f"] {
            guard case .float(let value) = table[key]?.value else {
                Issue.record("\(key) is not a float")
                continue
            }
            #expect(value.isNaN)
        }
        guard case .float(let zero) = table["g"]?.value else { return }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test func stringsAndEscapes() throws {
        let table = try TOMLParser.parse(
            #"""
            basic = "tab\there \"quoted\" \\ \u00E9 \U0001F600"
            multi = """
            Roses are red
            Violets are blue"""
            folded = """\
                   The quick \
                   brown fox."""
            quotes = """Here are two quotation marks: "". Simple enough."""
            edge = """""x"""""
            raw = '''
            first line
            \n stays'''
            """#)
        #expect(table["basic"]?.value == .string("tab\there \"quoted\" \\ é 😀"))
        #expect(table["multi"]?.value == .string("Roses are red\nViolets are blue"))
        #expect(table["folded"]?.value == .string("The quick brown fox."))
        #expect(table["quotes"]?.value == .string("Here are two quotation marks: \"\". Simple enough."))
        #expect(table["edge"]?.value == .string("\"\"x\"\""))
        #expect(table["raw"]?.value == .string("first line\n\\n stays"))
        #expect(table["folded"]?.position == TOMLTest.position(5, 10))
        #expect(table["quotes"]?.position == TOMLTest.position(8, 10))
    }

    @Test func dateTimesKeepTheirKindAndComponents() throws {
        let table = try TOMLParser.parse(
            """
            odt = 1979-05-27T07:32:00.999999999999-07:00
            utc = 1979-05-27 07:32:00Z
            ldt = 1979-05-27T07:32:00.5
            ld = 2024-02-29
            lt = 07:32:00.25
            """)
        let odt = DateTimeValue(
            date: .init(year: 1979, month: 5, day: 27),
            time: .init(hour: 7, minute: 32, second: 0, nanosecond: 999_999_999), utcOffsetSeconds: -25_200)
        #expect(table["odt"]?.value == .dateTime(odt))
        #expect(table["odt"]?.position == TOMLTest.position(1, 7))
        guard case .dateTime(let utc) = table["utc"]?.value else {
            Issue.record("utc is not a date-time")
            return
        }
        #expect(utc.kind == .offsetDateTime && utc.utcOffsetSeconds == 0)
        #expect(utc.absoluteDate == Date(timeIntervalSince1970: 296_638_320))
        let ldt = DateTimeValue(
            date: .init(year: 1979, month: 5, day: 27),
            time: .init(hour: 7, minute: 32, second: 0, nanosecond: 500_000_000))
        #expect(table["ldt"]?.value == .dateTime(ldt))
        #expect(table["ld"]?.value == .dateTime(DateTimeValue(date: .init(year: 2024, month: 2, day: 29), time: nil)))
    }

    @Test func localTimeStaysLocal() throws {
        let table = try TOMLParser.parse("alarm = 07:32:00")
        guard case .dateTime(let value) = table["alarm"]?.value else {
            Issue.record("alarm is not a time")
            return
        }
        #expect(value.kind == .localTime)
        #expect(value.date == nil && value.utcOffsetSeconds == nil && value.absoluteDate == nil)
        #expect(value.time == DateTimeValue.LocalTime(hour: 7, minute: 32, second: 0))
        #expect(value.description == "07:32:00")
    }

    @Test func seedReadmeExample() throws {
        let table = try TOMLParser.parse(
            """
            [api]
            base_url = "https://api.example.com"

            [packages.unlimited]
            cost = 99.99
            features = ["Unlimited calls", "Priority support"]
            """)
        #expect(table.keys == ["api", "packages"])
        #expect(TOMLTest.node(table, "api.base_url")?.value == .string("https://api.example.com"))
        #expect(TOMLTest.node(table, "api")?.position == TOMLTest.position(1, 1))
        #expect(TOMLTest.node(table, "packages.unlimited.cost")?.value == .float(99.99))
        #expect(TOMLTest.node(table, "packages.unlimited")?.position == TOMLTest.position(4, 1))
        let features = TOMLTest.node(table, "packages.unlimited.features")
        #expect(
            features?.value
                == .array([
                    PropertyNode(.string("Unlimited calls")), PropertyNode(.string("Priority support")),
                ]))
        guard case .array(let elements) = features?.value else { return }
        #expect(elements.map(\.position) == [TOMLTest.position(6, 13), TOMLTest.position(6, 32)])
        let flat = table.flattened().map(\.key)
        #expect(flat == ["api.base_url", "packages.unlimited.cost", "packages.unlimited.features"])
    }

    @Test func arraysOfTables() throws {
        let table = try TOMLParser.parse(
            """
            [[products]]
            name = "Hammer"

            [[products]]

            [[products]]
            name = "Nail"
            [products.size]
            length = 3
            """)
        guard case .array(let products) = table["products"]?.value else {
            Issue.record("products is not an array")
            return
        }
        #expect(products.count == 3)
        #expect(
            products.map(\.position) == [TOMLTest.position(1, 1), TOMLTest.position(4, 1), TOMLTest.position(6, 1)])
        #expect(products[1].value == .table(PropertyTable()))
        guard case .table(let last) = products[2].value else { return }
        #expect(TOMLTest.node(last, "size.length")?.value == .integer(3))
        #expect(TOMLTest.entry(table, "products")?.keyPosition == TOMLTest.position(1, 3))
    }

    @Test func inlineTablesAndDottedKeys() throws {
        let table = try TOMLParser.parse(
            """
            point = { x = 1, y.z = 2 }
            site."google.com" = true
            a.b.c = 1
            a.b.d = 2
            [fruit]
            apple.color = "red"
            [fruit.apple.texture]
            smooth = true
            """)
        #expect(TOMLTest.node(table, "point.x")?.value == .integer(1))
        #expect(TOMLTest.node(table, "point.y.z")?.value == .integer(2))
        #expect(TOMLTest.node(table, "point")?.position == TOMLTest.position(1, 9))
        guard case .table(let site) = table["site"]?.value else { return }
        #expect(site["google.com"]?.value == .bool(true))
        #expect(TOMLTest.entry(site, "google.com")?.keyPosition == TOMLTest.position(2, 6))
        #expect(
            TOMLTest.node(table, "a.b")?.value
                == .table(
                    PropertyTable([
                        .init(key: "c", node: PropertyNode(.integer(1))),
                        .init(key: "d", node: PropertyNode(.integer(2))),
                    ])))
        #expect(TOMLTest.node(table, "fruit.apple.texture.smooth")?.value == .bool(true))
        #expect(TOMLTest.node(table, "fruit.apple.color")?.value == .string("red"))
    }

    @Test func superTableMayBeDefinedAfterSubTable() throws {
        let table = try TOMLParser.parse("[x.y.z.w]\na = 1\n[x]\nb = 2")
        #expect(TOMLTest.node(table, "x.y.z.w.a")?.value == .integer(1))
        #expect(TOMLTest.node(table, "x.b")?.value == .integer(2))
        #expect(TOMLTest.node(table, "x")?.position == TOMLTest.position(3, 1))
    }

    @Test func mixedArraysAndComments() throws {
        let table = try TOMLParser.parse(
            """
            mixed = [ # comment
              1, "two", 3.0, [4], { five = 5 }, # another
            ]
            """)
        guard case .array(let elements) = table["mixed"]?.value else { return }
        #expect(elements.count == 5)
        #expect(elements[3].value == .array([PropertyNode(.integer(4))]))
        #expect(elements[4].position == TOMLTest.position(2, 23))
    }

    @Test func inputKinds() throws {
        let text = "a = 1\r\nb = \"é\"\r\n"
        let fromString = try TOMLParser.parse(text)
        let fromData = try TOMLParser.parse(Data(text.utf8))
        #expect(fromString == fromData)
        #expect(fromString["b"]?.position == TOMLTest.position(2, 5))
        let withBOM = try TOMLParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("x = 1".utf8)))
        #expect(TOMLTest.entry(withBOM, "x")?.keyPosition == TOMLTest.position(1, 1))
    }

    @Test func columnsCountUnicodeScalars() throws {
        let table = try TOMLParser.parse("\"ключ\" = \"😀\"\nnext = 1")
        #expect(table["ключ"]?.position == TOMLTest.position(1, 10))
    }

    @Test func version11Features() throws {
        let options = TOMLParser.Options(version: .v1_1)
        let table = try TOMLParser.parse(
            """
            esc = "\\e[0m \\x41"
            t = 13:37
            dt = 1979-05-27 07:32Z
            inline = {
              a = 1, # comment
              b = 2,
            }
            """, options: options)
        #expect(table["esc"]?.value == .string("\u{1B}[0m A"))
        #expect(table["t"]?.value == .dateTime(DateTimeValue(date: nil, time: .init(hour: 13, minute: 37, second: 0))))
        #expect(TOMLTest.node(table, "inline.b")?.value == .integer(2))
        #expect(TOMLTest.error("esc = \"\\e\"")?.code == .invalidEscape)
        #expect(TOMLTest.error("t = 13:37")?.code == .invalidDateTime)
        #expect(TOMLTest.error("i = {\n a = 1 }")?.code == .syntax)
        #expect(TOMLTest.error("i = { a = 1, }")?.code == .syntax)
    }
}
