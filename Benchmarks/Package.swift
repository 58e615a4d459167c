// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that `swift test` at the root never builds them.
// Run from this folder: swift package benchmark
let package = Package(
    name: "lifecycle-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "lifecycle", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LifecycleBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LifecycleCore", package: "lifecycle"),
                .product(name: "LifecycleScenario", package: "lifecycle"),
                .product(name: "LifecycleSimulator", package: "lifecycle"),
                .product(name: "LifecycleTrace", package: "lifecycle"),
                .product(name: "LifecycleCheck", package: "lifecycle"),
                .product(name: "LifecycleText", package: "lifecycle"),
                .product(name: "LifecycleSupervisor", package: "lifecycle"),
                .product(name: "LifecycleWire", package: "lifecycle"),
                .product(name: "LifecycleKit", package: "lifecycle"),
                .product(name: "LifecycleTesting", package: "lifecycle"),
                "CoreWorkloads",
                "ExplorerWorkloads",
                "SupervisedApp",
            ],
            path: "Benchmarks/LifecycleBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "CoreWorkloads",
            dependencies: [.product(name: "LifecycleCore", package: "lifecycle")],
            path: "Workloads/CoreWorkloads"
        ),
        .target(
            name: "ExplorerWorkloads",
            dependencies: [
                .product(name: "LifecycleKit", package: "lifecycle"),
                .product(name: "LifecycleScenario", package: "lifecycle"),
                .product(name: "LifecycleSimulator", package: "lifecycle"),
                .product(name: "LifecycleTesting", package: "lifecycle"),
                .product(name: "LifecycleTrace", package: "lifecycle"),
            ],
            path: "Workloads/ExplorerWorkloads"
        ),
        // The explorer's benchmark alone, for callgrind: swift build -c release --product ExplorerLoop
        .executableTarget(name: "ExplorerLoop", dependencies: ["ExplorerWorkloads"], path: "Tools/ExplorerLoop"),
        // The `Phone` benchmark's loop alone, for callgrind: swift build -c release --product PhoneLoop
        .executableTarget(
            name: "PhoneLoop",
            dependencies: ["CoreWorkloads", .product(name: "LifecycleCore", package: "lifecycle")],
            path: "Tools/PhoneLoop"
        ),
        .executableTarget(
            name: "SupervisedApp",
            dependencies: [
                .product(name: "LifecycleCore", package: "lifecycle"),
                .product(name: "LifecycleKit", package: "lifecycle"),
                .product(name: "LifecycleTerminal", package: "lifecycle"),
            ],
            path: "Apps/SupervisedApp"
        ),
    ],
    swiftLanguageModes: [.v6]
)
