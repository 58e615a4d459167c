// swift-tools-version: 6.1
// libFuzzer targets, in a package of their own so that `swift build` and `swift test` never build them: they
// need the fuzzer runtime (`-sanitize=fuzzer`). Run them with scripts/fuzz.
import PackageDescription

let package = Package(
    name: "LifecycleFuzz",
    dependencies: [.package(name: "lifecycle", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzScenario",
            dependencies: ["FuzzDriver", .product(name: "LifecycleFuzzing", package: "lifecycle")]),
        .executableTarget(
            name: "FuzzLogCheck",
            dependencies: ["FuzzDriver", .product(name: "LifecycleFuzzing", package: "lifecycle")]),
    ],
    swiftLanguageModes: [.v6]
)
