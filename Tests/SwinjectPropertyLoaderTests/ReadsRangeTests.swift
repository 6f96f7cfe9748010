import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

/// Values outside what a requested type can hold are not convertible, instead of being clamped
/// to the nearest value the type or the ISO 8601 style can express.
@Suite struct ReadsRangeTests {
    private struct DatesLoader: PropertyLoader {
        func load() throws -> [String: Any] {
            [
                "far": Date(timeIntervalSinceReferenceDate: 1e300),
                "early": Date(timeIntervalSinceReferenceDate: -1e300),
                "near": Date(timeIntervalSinceReferenceDate: 0),
            ]
        }
    }

    private struct EventLoader: PropertyLoader {
        func load() throws -> [String: Any] {
            ["event": ["at": Date(timeIntervalSinceReferenceDate: 1e300)]]
        }
    }

    private struct Event: Decodable {
        let at: Date
    }

    @Test func aFloatTooLargeForFloatIsNotConvertible() throws {
        let container = Container()
        try container.applyPropertyLoader(
            JsonPropertyLoader(string: #"{"huge": 1e300, "small": 0.1, "big": 1e30}"#, name: "floats.json"))
        let huge: Float? = container.property("huge")
        #expect(huge == nil)
        let small: Float? = container.property("small")
        #expect(small == Float(0.1))
        let big: Float? = container.property("big")
        #expect(big == Float(1e30))
        let asDouble: Double? = container.property("huge")
        #expect(asDouble == 1e300)
        #expect(throws: PropertyError.typeMismatch) {
            _ = try container.requiredProperty("huge", as: Float.self)
        }
    }

    @Test func aTimestampBeyondYear9999IsNotTextOrComponents() throws {
        let container = Container()
        try container.applyPropertyLoader(DatesLoader())
        let far: String? = container.property("far")
        #expect(far == nil)
        let early: String? = container.property("early")
        #expect(early == nil)
        let farComponents: DateComponents? = container.property("far")
        #expect(farComponents == nil)
        let near: String? = container.property("near")
        #expect(near == "2001-01-01T00:00:00Z")
        let nearComponents: DateComponents? = container.property("near")
        #expect(nearComponents?.year == 2001)
        let farDate: Date? = container.property("far")
        #expect(farDate == Date(timeIntervalSinceReferenceDate: 1e300))
    }

    @Test func aSectionWithAFarTimestampDoesNotDecodeAClampedDate() throws {
        let container = Container()
        try container.applyPropertyLoader(EventLoader())
        let description = container.propertyRecord(for: "event.at")?.description ?? ""
        #expect(description.contains("s from 2001-01-01"))
        #expect(!description.contains("506713"))
        let event: Event? = container.property("event")
        #expect(event == nil)
        #expect(throws: PropertyError.self) {
            _ = try container.requiredProperty("event", as: Event.self)
        }
    }
}
