// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "SwinjectKit",
    // The floor of the core products; API newer than it sits behind `#available` or `@available`
    // (Scripts/check-availability.sh).
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        // The core products depend on Swinject, swift-log and swift-atomics only.
        .library(name: "SwinjectPropertyLoader", targets: ["SwinjectPropertyLoader"]),
        .library(name: "PropertyFormats", targets: ["PropertyFormats"]),
        .library(name: "SwinjectInjection", targets: ["SwinjectInjection"]),
        // Also holds async DI on a Swinject `Container` (`registerAsync`, `resolveAsync`) and the
        // request scope: they extend the same registrations and resolution chain, so a project that
        // migrates from SwinjectAutoregistration gets them with no second import.
        .library(name: "SwinjectAutoregistration", targets: ["SwinjectAutoregistration"]),
        // Per-test overrides as Swift Testing traits, XCTest helpers and a conformance check for
        // custom loaders; for test targets only (it links the toolchain's Testing and XCTest).
        .library(name: "SwinjectKitTesting", targets: ["SwinjectKitTesting"]),
        // `show`, `get`, `explain` and `check` of merged properties, on swift-argument-parser.
        .executable(name: "swinjectkit", targets: ["swinjectkit"]),
        // Our formats for swift-configuration users and their providers for ours; the only
        // product that builds apple/swift-configuration.
        .library(name: "SwinjectKitConfiguration", targets: ["SwinjectKitConfiguration"]),
        // `Service`s for swift-service-lifecycle (startup warm-up and ordered shutdown); the only
        // product that builds swift-service-lifecycle.
        .library(name: "SwinjectKitLifecycle", targets: ["SwinjectKitLifecycle"]),
    ],
    traits: [
        // YAMLPropertyLoader, on jpsim/Yams; off by default so no one builds Yams unasked.
        .trait(name: "YAML", description: "Adds YAMLPropertyLoader, built on jpsim/Yams."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/Swinject/Swinject", .upToNextMinor(from: "2.10.0")),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Atomics the floor's systems have (`Synchronization` needs macOS 15 / iOS 18).
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Internal: locks and helpers shared by the products through `package` access.
        .target(
            name: "SwinjectKitSupport",
            dependencies: [
                .product(name: "Swinject", package: "Swinject"), .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        .target(name: "PropertyFormats"),
        // Internal: `fstat` and `fstatat` for the file loaders, in a target that imports only the
        // C library (see its one file for why).
        .target(name: "SwinjectKitFileStatus"),
        .target(
            name: "SwinjectPropertyLoader",
            dependencies: [
                "PropertyFormats", "SwinjectKitSupport", "SwinjectKitFileStatus",
                .product(name: "Swinject", package: "Swinject"), .product(name: "Logging", package: "swift-log"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["YAML"])),
            ]
        ),
        .target(
            name: "SwinjectInjection",
            dependencies: [
                "SwinjectKitSupport", .product(name: "Swinject", package: "Swinject"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        .target(
            name: "SwinjectAutoregistration",
            dependencies: [
                "SwinjectKitSupport", .product(name: "Swinject", package: "Swinject"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        .target(
            name: "SwinjectKitTesting",
            dependencies: [
                "SwinjectInjection", "SwinjectPropertyLoader", "SwinjectAutoregistration", "SwinjectKitSupport",
                "PropertyFormats", .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // The demo the README runs first (`swift run swinjectkit-demo`); a target, not a product,
        // so depending on the package never builds it.
        .executableTarget(
            name: "swinjectkit-demo",
            dependencies: [
                "SwinjectPropertyLoader", "SwinjectAutoregistration",
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Examples/Demo",
            resources: [.process("Resources"), .copy("Secrets")]
        ),
        .executableTarget(
            name: "swinjectkit",
            dependencies: [
                "SwinjectPropertyLoader", "PropertyFormats", .product(name: "Swinject", package: "Swinject"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PropertyFormatsTests", dependencies: ["PropertyFormats"]),
        .testTarget(
            name: "SwinjectPropertyLoaderTests",
            dependencies: [
                "SwinjectPropertyLoader", "PropertyFormats", .product(name: "Swinject", package: "Swinject"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.process("Fixtures")]
        ),
        .testTarget(
            name: "SwinjectInjectionTests",
            dependencies: [
                "SwinjectInjection", "SwinjectPropertyLoader", "SwinjectAutoregistration", "SwinjectKitTesting",
                "SwinjectKitSupport",
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .testTarget(
            name: "SwinjectAutoregistrationTests",
            dependencies: ["SwinjectAutoregistration", .product(name: "Swinject", package: "Swinject")]
        ),
        // Runs the built `swinjectkit` executable on fixture files; `swift test` builds it.
        .testTarget(
            name: "SwinjectKitCommandTests",
            dependencies: ["SwinjectPropertyLoader", .product(name: "Swinject", package: "Swinject")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SwinjectKitTestingTests",
            dependencies: [
                "SwinjectKitTesting", "SwinjectInjection", "SwinjectPropertyLoader", "SwinjectAutoregistration",
                "PropertyFormats", .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "SwinjectPropertyLoader", "PropertyFormats", "SwinjectInjection", "SwinjectAutoregistration",
                "SwinjectKitTesting",
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .target(
            name: "SwinjectKitConfiguration",
            dependencies: [
                "SwinjectPropertyLoader", "PropertyFormats",
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .target(
            name: "SwinjectKitLifecycle",
            dependencies: [
                "SwinjectInjection", "SwinjectPropertyLoader", "SwinjectKitSupport",
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SwinjectKitLifecycleTests",
            dependencies: [
                "SwinjectKitLifecycle", "SwinjectInjection", "SwinjectPropertyLoader",
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SwinjectKitConfigurationTests",
            dependencies: [
                "SwinjectKitConfiguration", "SwinjectPropertyLoader", "PropertyFormats",
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ConfigurationTesting", package: "swift-configuration"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}

// swift-docc-plugin only when building the documentation (`SWINJECTKIT_DOCS=1`, as
// Scripts/check-docs.sh sets it), so a package that depends on SwinjectKit never resolves it.
if Context.environment["SWINJECTKIT_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
