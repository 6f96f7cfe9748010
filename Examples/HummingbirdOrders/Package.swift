// swift-tools-version: 6.2
import PackageDescription

// An orders API on Hummingbird whose handlers get their services from SwinjectKit. Its own
// package, so that depending on SwinjectKit never resolves Hummingbird.
let package = Package(
    name: "HummingbirdOrders",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "orders", targets: ["orders"])],
    dependencies: [
        .package(name: "SwinjectKit", path: "../.."),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "OrdersApp",
            dependencies: [
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "SwinjectAutoregistration", package: "SwinjectKit"),
                .product(name: "SwinjectKitLifecycle", package: "SwinjectKit"),
                .product(name: "SwinjectInjection", package: "SwinjectKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(name: "orders", dependencies: ["OrdersApp"]),
        // The server side of Scripts/bench-hummingbird.sh (a benchmark, never run by the tests).
        .executableTarget(
            name: "orders-benchmark",
            dependencies: [
                "OrdersApp",
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "SwinjectAutoregistration", package: "SwinjectKit"),
                .product(name: "SwinjectKitLifecycle", package: "SwinjectKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Sources/OrdersBenchmark"
        ),
        .testTarget(
            name: "OrdersAppTests",
            dependencies: [
                "OrdersApp",
                .product(name: "SwinjectKitTesting", package: "SwinjectKit"),
                .product(name: "SwinjectAutoregistration", package: "SwinjectKit"),
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
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
