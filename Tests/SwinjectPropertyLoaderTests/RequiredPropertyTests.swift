import Foundation
import Swinject
import SwinjectPropertyLoader
import Testing

@Suite struct RequiredPropertyTests {
    private func container() throws -> Container {
        let container = Container()
        try container.applyPropertyLoader(
            ValuesLoader(
                [("timeout", .string("30")), ("port", .integer(5432)), ("gone", .null)], sourceName: "app.json"))
        return container
    }

    @Test func threeTiers() throws {
        let container = try container()
        let optional: Int? = container.property("port")
        #expect(optional == 5432)
        #expect(container.property("missing", default: 7) == 7)
        #expect(container.property("port", default: 7) == 5432)
        let required: Int = try container.requiredProperty("port")
        #expect(required == 5432)
        #expect(try container.requiredProperty("port", as: Int.self) == 5432)
    }

    /// A section of one member says `1 property`; of more, `N properties`.
    @Test func sectionReadAsTheWrongTypeCountsItsMembers() throws {
        let container = Container()
        try container.applyPropertyLoader(
            DotEnvPropertyLoader(
                string: "notifications.smtpHost.name=mail\nnotifications.sms.a=1\nnotifications.sms.b=2\n",
                name: ".env"))
        let error = try #require(throws: PropertyError.self) {
            let _: Int = try container.requiredProperty("notifications.smtpHost")
        }
        #expect(error.code == .typeMismatch)
        #expect(
            error.description.hasSuffix(
                #"expected Int, found table {name: "mail"} (section "notifications.smtpHost" (1 property, "#
                    + "first from .env:1:29))"))
        #expect(
            container.propertySource(for: "notifications.smtpHost")?.name
                == #"section "notifications.smtpHost" (1 property, first from .env:1:29)"#)
        #expect(
            container.propertySource(for: "notifications.sms")?.name
                == #"section "notifications.sms" (2 properties, first from .env:2:21)"#)
    }

    @Test func typeMismatchNamesKeyTypeValueSourceAndCallSite() throws {
        let container = try container()
        let line = #line + 1
        let error = try #require(throws: PropertyError.self) {
            let _: Int = try container.requiredProperty("timeout")
        }
        #expect(error.code == .typeMismatch)
        #expect(
            error.description
                == "SwinjectPropertyLoaderTests/RequiredPropertyTests.swift:\(line): property \"timeout\" is a string "
                + "(\"30\") from app.json:1:1, not convertible to Swift.Int")
    }

    @Test func missingKeyNamesKeyTypeAndCallSite() throws {
        let container = try container()
        let error = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("database.host", as: String.self, fileID: "App/Setup.swift", line: 12)
        }
        #expect(error.code == .missingKey)
        #expect(
            error.description
                == "App/Setup.swift:12: property \"database.host\" (Swift.String) is not set by any property loader")
    }

    @Test func nullIsMissingAndSaysWhere() throws {
        let container = try container()
        let error = try #require(throws: PropertyError.self) {
            _ = try container.requiredProperty("gone", as: String.self, fileID: "App/Setup.swift", line: 3)
        }
        #expect(error.code == .missingKey)
        #expect(error.description == "App/Setup.swift:3: property \"gone\" (Swift.String) is null in app.json:3:1")
    }

    @Test func insideFactoriesWithPropertyKeys() throws {
        let container = try container()
        container.register(String.self) { r in
            (try? r.requiredProperty(PropertyKey("port"), as: Int.self)).map(String.init) ?? "none"
        }
        #expect(container.resolve(String.self) == "5432")
    }
}
