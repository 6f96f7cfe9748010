import Foundation
import PropertyFormats
import Swinject
import SwinjectPropertyLoader
import Testing

/// Every input a fuzz target crashed on, replayed through the same entry point. Each case says
/// which target found it and what was wrong.
@Suite struct FuzzRegressionTests {
    /// Found by the `plist` target: a binary plist holding a set object (marker 0xC1) parsed,
    /// then crashed the process (SIGSEGV in Foundation's bridging of NSSet on Linux). The loader
    /// now refuses binary plists with a set before Foundation sees them.
    static let binaryPlistWithSet =
        "YnBsaXN0MDDaAQIDBAUGBwgJCgsMDQ4TFBUSGhtTYmlnVGJsb2JVY291bnRUbGlzdFRuYW1lU25lZ1ZuZXN0ZWRSb25VcmF0aW9Ud2hlbhQAIAAAAAAAAIAAAAAAAAIAQgABEGSjDxAQEQFReKESCVRNaWtlE//////////7wRYXUWHRGBlRYggjP+AAAAAAAAAzQcXIA5//+QAIHSEmLDE2OkFESk9gY2Vpa21vcHV+gYOGiImSAAAAAAAAAQEAAAAAAAAAHAAAAAAAAAAAAAAAAAAAAJs="

    /// Found by the `plist` target in its 30-minute run: the same set, behind the header
    /// `bplist0?` instead of `bplist00`. Foundation accepts any version digits, so the check
    /// now looks at `bplist` alone.
    static let binaryPlistWithSetAndOddVersion =
        "YnBsaXN0MD/aAQIDBAUGBwgJCgsMDQ4TFBUSGhtTYmlnVGJsb2JVY291bnRUbGlzdFRuYW1lU25lZ1ZuZXN0ZWRSb25VcndUaXRhb2hlbhQAIAAAAAAAAIAAAAAAAAIAQgABEGSjDxAQEQFReKESCVRNaWtlE//////////7wRYXUWHRGBlRYggjP+AAAAAAAAAzQcXIA5//+QAIHSEmLDE2OkFESk9gY2Vpa21vcHV+gYOGiImSAAAAAAAAAQEAAAAAAAAAHAAAAAAAAAAAAAAAAAAAAJs="

    /// Found by the differential `plist` target in its first minute: a binary plist whose
    /// `when`-like date holds NaN. A NaN or infinite date names no point in time (and
    /// Foundation's `Date.description` traps on NaN), so the loader refuses it, naming the key.
    static let binaryPlistWithNaNDate =
        "YnBsaXN0MDDaAQIDBAUGBwgJCgsMDQ4TFA0SGhtTYmlnVGJsb2JVY+91bnRUbGlzdFRuYW1lU/dlZ1ZuZXN0ZWRSb25VcmF0aW9Ud2hlbhQAAAAAAAAAADoAAAQAAAAAQgABEGSjDxAREAFReKESCVRNaWtlM/////8D///70RYXUWFhdGFiYXNlLm5hbWUAAAAzQcXI/WAAAAAIHSEmLDE2OkFESk87IG5pa21vcHWIhoGDQImSAAAAAAAAAQEAAAAAAAAAHAAAAAAAAAAAAAAAAAAAAJs="

    @Test func aNaNDateIsRefusedWithItsKey() throws {
        let data = try #require(Data(base64Encoded: Self.binaryPlistWithNaNDate))
        let error = try #require(loaderError(PlistPropertyLoader(data: data, name: "nan-date.plist")))
        #expect(error.code == .unsupportedValue)
        #expect(error.description.hasPrefix("nan-date.plist: property \""))
        #expect(error.description.contains("is a date of -nan"))
        #expect(error.description.hasSuffix("seconds from 2001-01-01, which is not a point in time"))
        let container = Container()
        #expect(throws: PropertyLoaderError.unsupportedValue) {
            try container.applyPropertyLoader(PlistPropertyLoader(data: data, name: "nan-date.plist"))
        }
    }

    /// The variant: infinite dates, nested in an array, from a binary plist written by hand.
    @Test func anInfiniteDateInAnArrayIsRefusedWithItsPath() throws {
        for seconds in [Double.infinity, -.infinity] {
            var plist = FormatsBinaryPlist()
            let date = plist.add(.date(seconds))
            let list = plist.add(.array([date, date]))
            let key = plist.add(.string("dates"))
            let top = plist.add(.dictionary([(key, list)]))
            let data = plist.bytes(top: top)
            let error = try #require(loaderError(PlistPropertyLoader(data: data, name: "inf.plist")))
            #expect(
                error.description
                    == "inf.plist: property \"dates.0\" is a date of \(seconds) seconds from 2001-01-01, "
                    + "which is not a point in time")
        }
    }

    @Test func binaryPlistWithASetAndAnyVersionIsAnErrorNotACrash() throws {
        let data = try #require(Data(base64Encoded: Self.binaryPlistWithSetAndOddVersion))
        let error = try #require(loaderError(PlistPropertyLoader(data: data, name: "set.plist")))
        #expect(error.code == .malformedContent)
        #expect(error.description.contains("is a set, which property lists do not allow"))
    }

    @Test func binaryPlistWithASetIsAnErrorNotACrash() throws {
        let data = try #require(Data(base64Encoded: Self.binaryPlistWithSet))
        let error = try #require(loaderError(PlistPropertyLoader(data: data, name: "set.plist")))
        #expect(error.code == .malformedContent)
        #expect(
            error.description
                == "set.plist: not a valid property list: binary property list object 21 is a set, "
                + "which property lists do not allow")
    }

    @Test func binaryPlistsWithoutSetsStillLoad() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/plist/binary.plist")
        let data = try Data(contentsOf: directory)
        let properties = try PlistPropertyLoader(data: data, name: "binary.plist").loadBatch().properties
        #expect(
            properties.map(\.key) == ["big", "blob", "count", "list", "name", "neg", "nested", "on", "ratio", "when"])
    }
}
