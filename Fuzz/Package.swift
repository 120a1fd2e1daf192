// swift-tools-version:6.1
import Foundation
import PackageDescription

// GhostVault's fuzz targets, in their own package so the sanitizer build never slows the main one
// (DESIGN section 2). Build and run them with `scripts/fuzz`: the program links only with
// `-Xswiftc -sanitize=fuzzer,address`, which brings libFuzzer.

// A path dependency is named after its folder, so the main package's name is read from where this file is:
// the same Package.swift works in any clone or worktree (`main`, `ghostvault`, `wt-fuzz`, ...).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

/// As in the main package: Swift 6 mode, `any` spelled out, imports that name every module used.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "GhostVaultFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // libFuzzer's `LLVMFuzzerRunDriver`, declared for Swift (see FuzzMain.swift for why it is called).
        .target(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        // SimpleFIN's wire format alone: its files are symbolic links to Sources/SimpleFIN. The SimpleFIN
        // product would bring AsyncHTTPClient, SwiftNIO and BoringSSL, which the parsers never call but
        // the sanitizer build would compile and instrument (most of its time): see scripts/fuzz.
        .target(
            name: "SimpleFINWire",
            path: "Sources/SimpleFINWire",
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "ghostvault-fuzz",
            dependencies: [
                "CLibFuzzer", "SimpleFINWire",
                .product(name: "VaultCore", package: mainPackage),
            ],
            path: "Sources/ghostvault-fuzz",
            swiftSettings: strictness
        ),
    ]
)
