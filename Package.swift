// swift-tools-version:6.1
import PackageDescription

/// Strictness for every target (STYLE.md): Swift 6 language mode (complete concurrency checking),
/// `any` spelled out for existentials, and imports that must name every module whose members are used.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "GhostVault",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ghostvault", targets: ["ghostvault"]),
        .executable(name: "simplefin-bridge", targets: ["simplefin-bridge"]),
        .library(name: "VaultCore", targets: ["VaultCore"]),
        .library(name: "VaultStore", targets: ["VaultStore"]),
        .library(name: "VaultServices", targets: ["VaultServices"]),
        .library(name: "VaultWeb", targets: ["VaultWeb"]),
        .library(name: "SimpleFIN", targets: ["SimpleFIN"]),
        .library(name: "SimpleFINBridge", targets: ["SimpleFINBridge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
    ],
    targets: [
        .target(
            name: "VaultCore",
            swiftSettings: strictness
        ),
        .target(
            name: "VaultStore",
            dependencies: [
                "VaultCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "SimpleFIN",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "SimpleFINBridge",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "VaultServices",
            dependencies: [
                "VaultCore", "VaultStore", "SimpleFIN",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "VaultWeb",
            dependencies: [
                "VaultCore", "VaultStore", "VaultServices", "SimpleFIN",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "simplefin-bridge",
            dependencies: [
                "SimpleFINBridge",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "ghostvault",
            dependencies: [
                "VaultCore",
                "VaultServices",
                "VaultWeb",
                "SimpleFIN",
                "SimpleFINBridge",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "VaultTestSupport",
            dependencies: [
                "VaultCore", "VaultStore", "VaultServices", "SimpleFIN", "SimpleFINBridge",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/VaultTestSupport",
            swiftSettings: strictness
        ),
        .testTarget(
            name: "SimpleFINTests",
            dependencies: [
                "SimpleFIN", "SimpleFINBridge", "VaultTestSupport",
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "VaultCoreTests",
            dependencies: ["VaultCore"],
            exclude: ["BankFiles/Fixtures"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "VaultStoreTests",
            dependencies: [
                "VaultCore", "VaultStore", "VaultTestSupport", .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "VaultServicesTests",
            dependencies: [
                "VaultCore", "VaultStore", "VaultServices", "SimpleFIN", "SimpleFINBridge", "VaultTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Golden"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "VaultWebTests",
            dependencies: [
                "VaultCore", "VaultStore", "VaultServices", "VaultWeb", "SimpleFIN", "SimpleFINBridge",
                "VaultTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "GhostVaultCLITests",
            dependencies: ["ghostvault", "VaultCore", "VaultServices", "SimpleFINBridge", "VaultTestSupport"],
            exclude: ["Golden"],
            swiftSettings: strictness
        ),
    ]
)
