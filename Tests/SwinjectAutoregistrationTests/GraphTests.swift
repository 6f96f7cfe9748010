import Swinject
import SwinjectAutoregistration
import Testing

@Suite("Dependency graph export")
struct GraphTests {
    private func container() -> Container {
        let container = Container()
        container.autoregister(Leaf.self, initializer: Leaf.init).inObjectScope(.container)
        container.autoregister(App.self, initializer: App.init)
        container.autoregister(APIClient.self, name: "main", initializer: APIClient.init)
        container.autoregister(APIClient.self, initializer: APIClient.init)
        container.autoregister(Session.self, initializer: Session.init).inObjectScope(.transient)
        container.autoregister(OptionalOwner.self, initializer: OptionalOwner.init)
        return container
    }

    @Test func nodesAndEdges() throws {
        let graph = container().dependencyGraph()
        let leaf = try #require(graph.nodes.first { $0.service == "Leaf" })
        #expect(leaf.scope == "container")
        #expect(graph.nodes.contains { $0.service == "APIClient" && $0.name == "main" && $0.scope == "graph" })
        let missing = graph.nodes.filter(\.isMissing).map(\.service).sorted()
        #expect(missing == ["Cat", "URLSessionConfiguration"])
        let app = try #require(graph.nodes.first { $0.service == "App" })
        #expect(graph.edges.filter { $0.from == app.id }.count == 2)
    }

    @Test func mermaid() {
        let text = container().dependencyGraph().mermaid
        #expect(text.hasPrefix("flowchart LR\n"))
        #expect(text.contains("[\"Leaf<br/>scope: container\"]"))
        #expect(text.contains("[\"APIClient<br/>name: main<br/>scope: graph\"]"))
        #expect(text.contains("[\"URLSessionConfiguration<br/>not registered\"]:::missing"))
        #expect(text.contains("classDef missing"))
        #expect(text.contains(" --> "))
    }

    @Test func dot() {
        let text = container().dependencyGraph().dot
        #expect(text.hasPrefix("digraph Dependencies {"))
        #expect(text.contains("[label=\"Session\\nscope: transient\"];"))
        #expect(text.contains("[label=\"URLSessionConfiguration\\nnot registered\", style=dashed, color=red"))
        #expect(text.contains(" -> "))
        #expect(text.hasSuffix("}\n"))
    }
}

enum Backend {
    final class Config {}
}

enum Frontend {
    final class Config {}
    final class Screen {
        init(backend: Backend.Config, frontend: Config) {}
    }
}

@Suite("Type names")
struct TypeNameTests {
    @Test func clashingShortNamesAreQualified() throws {
        let container = Container()
        container.autoregister(Frontend.Screen.self, initializer: Frontend.Screen.init)
        container.autoregister(Frontend.Config.self, initializer: Frontend.Config.init)
        let services = container.dependencyGraph().nodes.map(\.service)
        #expect(services.contains("Screen"))
        #expect(services.contains("SwinjectAutoregistrationTests.Frontend.Config"))
        #expect(services.contains("SwinjectAutoregistrationTests.Backend.Config"))
        let issues = try #require(#expect(throws: VerificationError.self) { try container.verify() }?.issues)
        #expect(issues.first?.chain == ["Screen", "SwinjectAutoregistrationTests.Backend.Config (not registered)"])
    }
}
