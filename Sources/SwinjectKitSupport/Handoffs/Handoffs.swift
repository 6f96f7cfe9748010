// What the sibling products hand each other without a parameter. The products do not import
// each other (Package.swift), yet a service resolved through Swinject passes through several of
// them in one call: Swinject's `resolve` has no parameter to carry our state, so these values
// ride on the thread or the task. Every such hand-off is declared in this folder, or named here
// when its type belongs to one product; nothing else crosses between products this way.
//
// | Hand-off | Kind | Posted by | Read by | When |
// |---|---|---|---|---|
// | `ExplainedFailures` | thread | SwinjectAutoregistration, when an autoregistered factory misses a dependency | SwinjectInjection, when its Swinject registration produced nil | within one synchronous resolve |
// | `FactoryErrors` | thread | `checkProperties()` (SwinjectPropertyLoader) and `verify(.resolvingEach)` collect; throwing factories post | the `~>` operators, which cannot throw | while a start-up check runs |
// | `ContainerOverrideScopes` | task | SwinjectKitTesting's `withTestOverrides` | Swinject's resolve through usage tracking's storage (SwinjectPropertyLoader), `resolveOrThrow` (SwinjectAutoregistration), the `Injector` | for the body of an override scope |
// | `OverrideScopes` (SwinjectInjection) | task | SwinjectKitTesting | the `Injector`'s resolve | for the body of an override scope |
// | `PropertyOverrideLayer.current` (SwinjectPropertyLoader) | task | SwinjectKitTesting's property overrides | property reads | for the body of an override scope |
// | `ResolutionFailureMarker` | value | SwinjectAutoregistration's factories, instead of a service they cannot build | usage tracking's storage, which never keeps it | each resolve that fails |
// | `UnitOfWorkStorage` | type | SwinjectAutoregistration's request-scope storage conforms | usage tracking's storage passes its calls through | each resolve of a request-scoped entry |
//
// State kept per thread or task inside one product (resolution stacks, read caches, usage
// frames) is not a hand-off and lives beside the code that uses it.
