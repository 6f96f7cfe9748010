import SwinjectInjection
import Testing

enum WrapperInjectors {
    static let empty = Injector(label: "empty")
    static let named: Injector = {
        let injector = Injector(label: "named")
        _ = try? injector.register(as: (any PGreeter).self, name: "formal", injection: .factory { Greeter("good day") })
        _ = try? injector.register(as: (any PGreeter).self, injection: .factory { Greeter("hi") })
        return injector
    }()
    static let lazyCount = Counter()
    static let lazy: Injector = {
        let injector = Injector(label: "lazy")
        _ = try? injector.register(
            as: (any PGreeter).self,
            injection: .factory {
                lazyCount.increment()
                return Greeter("lazy")
            })
        return injector
    }()
}

struct NamedModel {
    @Injected(injector: WrapperInjectors.named, name: "formal") var formal: any PGreeter
    @Injected(injector: WrapperInjectors.named) var casual: any PGreeter
    @OptionalInjected(injector: WrapperInjectors.named, name: "absent") var absent: (any PGreeter)?
    @OptionalInjected(injector: WrapperInjectors.named) var present: (any PGreeter)?
}

struct BrokenModel {
    static let declarationLine = #line + 1
    @Injected(injector: WrapperInjectors.empty) var missing: any PMissing
    @LazyInjected(injector: WrapperInjectors.empty) var lazyMissing: any PMissing
}

struct LazyModel: Sendable {
    @LazyInjected(injector: WrapperInjectors.lazy) var greeter: any PGreeter
}

struct Settings: Sendable {
    var region = "eu"
}

/// Compiles only because the wrappers are `Sendable` when their service is.
struct SendableModel: Sendable {
    @Injected(injector: WrapperInjectors.empty) var settings: Settings
    @OptionalInjected(injector: WrapperInjectors.empty) var optionalSettings: Settings?
    @LazyInjected(injector: WrapperInjectors.empty) var lazySettings: Settings
}

@Suite struct PropertyWrapperTests {
    @Test func wrappersOfSendableServicesAreSendable() async {
        let model = SendableModel()
        let error = await Task { model.$optionalSettings }.value
        #expect(error == .notRegistered)
        #expect(capture { _ = try model.$settings.get() } == .notRegistered)
    }

    @Test func injectedResolvesAtInitWithNames() {
        let model = NamedModel()
        #expect(model.formal.greeting == "good day")
        #expect(model.casual.greeting == "hi")
        #expect(model.absent == nil)
        #expect(model.$absent == .notRegistered)
        #expect(model.present?.greeting == "hi")
        #expect(model.$present == nil)
    }

    @Test func missingServiceReportsTheDeclarationSite() throws {
        let model = BrokenModel()
        let error = try #require(capture { _ = try model.$missing.get() })
        #expect(error == .notRegistered)
        #expect(error.serviceType == "SwinjectInjectionTests.PMissing")
        #expect(error.injectorLabel == "empty")
        #expect(error.fileID == #fileID)
        #expect(error.line == BrokenModel.declarationLine)
        let lazyError = try #require(capture { _ = try model.$lazyMissing.get() })
        #expect(lazyError.line == BrokenModel.declarationLine + 1)
    }

    @Test func readingAFailedInjectedPropertyStopsWithTheSite() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BrokenModel().missing
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("@Injected: no registration for SwinjectInjectionTests.PMissing"))
        #expect(message.contains("PropertyWrapperTests.swift:\(BrokenModel.declarationLine)"))
    }

    @Test func readingAFailedLazyInjectedPropertyStopsWithTheSite() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = BrokenModel().lazyMissing
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("@LazyInjected: no registration for SwinjectInjectionTests.PMissing"))
        #expect(message.contains("PropertyWrapperTests.swift:\(BrokenModel.declarationLine + 1)"))
    }

    @Test func lazyInjectedResolvesOnceAcrossConcurrentReaders() async {
        let model = LazyModel()
        #expect(WrapperInjectors.lazyCount.count == 0)
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { (model.greeter as? Greeter).map(ObjectIdentifier.init) }
            }
            return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
        }
        #expect(WrapperInjectors.lazyCount.count == 1)
        #expect(Set(identities).count == 1)
        let copy = model
        #expect((copy.greeter as? Greeter).map(ObjectIdentifier.init) == identities.first ?? nil)
        #expect(WrapperInjectors.lazyCount.count == 1)
    }
}
