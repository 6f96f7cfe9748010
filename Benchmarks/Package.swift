// swift-tools-version: 6.2
import PackageDescription

// The benchmarks live in their own package so the main package never depends on the benchmark
// harness or on the baseline libraries (TOMLKit, swift-configuration, Yams) they are compared with.
let package = Package(
    name: "SwinjectKitBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // The trait YAML builds YamlPropertyLoader for the yaml.load row.
        .package(name: "SwinjectKit", path: "..", traits: ["YAML"]),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/apple/swift-configuration", exact: "1.4.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // Deterministic generators for the large inputs; nothing big is committed.
        .target(name: "BenchmarkInputs"),
        // Registers a results row as alternating rounds of ours and its baseline.
        .target(name: "BenchmarkPairs", dependencies: [.product(name: "Benchmark", package: "benchmark")]),
        // One workload at a time, outside the harness, for valgrind --tool=callgrind.
        .executableTarget(
            name: "ProfileLoad",
            dependencies: [
                "BenchmarkInputs",
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "PropertyFormats", package: "SwinjectKit"),
                .product(name: "SwinjectAutoregistration", package: "SwinjectKit"),
                .product(name: "SwinjectInjection", package: "SwinjectKit"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .executableTarget(
            name: "Loading",
            dependencies: [
                "BenchmarkPairs",
                "BenchmarkInputs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "PropertyFormats", package: "SwinjectKit"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Benchmarks/Loading",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Resolution",
            dependencies: [
                "BenchmarkPairs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwinjectPropertyLoader", package: "SwinjectKit"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/Resolution",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Autoregistration",
            dependencies: [
                "BenchmarkPairs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwinjectAutoregistration", package: "SwinjectKit"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/Autoregistration",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Injection",
            dependencies: [
                "BenchmarkPairs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwinjectInjection", package: "SwinjectKit"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/Injection",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
