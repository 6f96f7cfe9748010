import Foundation
import PropertyFormats
import Testing

/// Plain decimals take a one-pass path in the TOML reader; it must give exactly what the
/// general path (`Double(String)`, checked integers) gives, and leave everything else to it.
@Suite struct TOMLNumberTests {
    private func value(_ text: String) throws -> PropertyValue? {
        try TOMLParser.parse("x = \(text)")["x"]?.value
    }

    @Test func plainFloatsAreTheNearestDouble() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0.1", "0.5", "1.0", "12.375", "999999999999999.0", "0.000000000000001", "3.141592653589793"]
        for _ in 0..<5_000 {
            let integerDigits = Int.random(in: 1...8, using: &generator)
            let fractionDigits = Int.random(in: 1...(15 - integerDigits), using: &generator)
            var text = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            text += "."
            for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            texts.append(text)
        }
        for text in texts {
            #expect(try value(text) == .float(Double(text)!), "\(text)")
        }
    }

    @Test func plainIntegersUpToTheLimitOfTheFastPath() throws {
        for text in ["0", "7", "42", "123456789012345678", "999999999999999999", "1000000000000000000"] {
            #expect(try value(text) == .integer(Int64(text)!), "\(text)")
        }
        #expect(try value("9223372036854775807") == .integer(.max))
        #expect(throws: ParseError.self) { try value("9223372036854775808") }
    }

    @Test(arguments: ["01", "00", "01.5", "1.", "1._5", "1__0", "1.5.", "0.1.2"])
    func malformedNumbersAreStillRejected(_ text: String) {
        #expect(throws: ParseError.self) { try value(text) }
    }

    @Test func numbersOutsideThePlainShapeUseTheGeneralPath() throws {
        #expect(try value("1_000") == .integer(1_000))
        #expect(try value("+5") == .integer(5))
        #expect(try value("-0.5") == .float(-0.5))
        #expect(try value("1.5e3") == .float(1_500))
        #expect(try value("0x1F") == .integer(31))
        #expect(try value("1234567890.1234567") == .float(Double("1234567890.1234567")!))
    }
}
