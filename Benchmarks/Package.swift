// swift-tools-version:6.1
import PackageDescription

// GhostVault's benchmarks, in their own package so they never slow the main build (DESIGN section 2).
// Run with `swift package --package-path Benchmarks benchmark` (see docs/performance.md).
let package = Package(
    name: "GhostVaultBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "ClassificationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "VaultCore", package: "main"),
            ],
            path: "Benchmarks/ClassificationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "InsightBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "VaultCore", package: "main"),
                .product(name: "VaultStore", package: "main"),
                .product(name: "VaultServices", package: "main"),
                .product(name: "SimpleFIN", package: "main"),
                .product(name: "SimpleFINBridge", package: "main"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Benchmarks/InsightBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WebBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "VaultCore", package: "main"),
                .product(name: "VaultStore", package: "main"),
                .product(name: "VaultServices", package: "main"),
                .product(name: "VaultWeb", package: "main"),
                .product(name: "SimpleFIN", package: "main"),
                .product(name: "SimpleFINBridge", package: "main"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Benchmarks/WebBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
