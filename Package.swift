// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "SwinjectKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SwinjectPropertyLoader", targets: ["SwinjectPropertyLoader"]),
        .library(name: "PropertyFormats", targets: ["PropertyFormats"]),
        .library(name: "SwinjectInjection", targets: ["SwinjectInjection"]),
        .library(name: "SwinjectAutoregistration", targets: ["SwinjectAutoregistration"]),
    ],
    dependencies: [
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Internal: locks and helpers shared by the products through `package` access.
        .target(name: "SwinjectKitSupport", dependencies: [.product(name: "Swinject", package: "Swinject")]),
        .target(name: "PropertyFormats"),
        .target(
            name: "SwinjectPropertyLoader",
            dependencies: [
                "PropertyFormats", "SwinjectKitSupport", .product(name: "Swinject", package: "Swinject"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SwinjectInjection",
            dependencies: ["SwinjectKitSupport", .product(name: "Swinject", package: "Swinject")]
        ),
        .target(
            name: "SwinjectAutoregistration",
            dependencies: ["SwinjectKitSupport", .product(name: "Swinject", package: "Swinject")]
        ),
        // The demo the README runs first (`swift run swinjectkit-demo`); a target, not a product,
        // so depending on the package never builds it.
        .executableTarget(
            name: "swinjectkit-demo",
            dependencies: [
                "SwinjectPropertyLoader", "SwinjectAutoregistration", "SwinjectInjection",
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Examples/Demo",
            resources: [.process("Resources")]
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
                "SwinjectInjection", "SwinjectPropertyLoader", "SwinjectAutoregistration",
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .testTarget(
            name: "SwinjectAutoregistrationTests",
            dependencies: ["SwinjectAutoregistration", .product(name: "Swinject", package: "Swinject")]
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "SwinjectPropertyLoader", "PropertyFormats", "SwinjectInjection", "SwinjectAutoregistration",
                .product(name: "Swinject", package: "Swinject"),
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
