// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "lifecycle",
    products: [
        .library(name: "LifecycleCore", targets: ["LifecycleCore"]),
        .library(name: "LifecycleSimulator", targets: ["LifecycleSimulator"]),
        .library(name: "LifecycleKit", targets: ["LifecycleKit"]),
        .library(name: "LifecycleTesting", targets: ["LifecycleTesting"]),
        .library(name: "LifecycleTerminal", targets: ["LifecycleTerminal"]),
        .library(name: "LifecycleFuzzing", targets: ["LifecycleFuzzing"]),
        .library(name: "LifecycleSupervisor", targets: ["LifecycleSupervisor"]),
        .library(name: "LifecycleWire", targets: ["LifecycleWire"]),
        .library(name: "LifecycleWeb", targets: ["LifecycleWeb"]),
        .executable(name: "lifecycle", targets: ["lifecycle"]),
        .executable(name: "logging-app", targets: ["LoggingApp"]),
        .executable(name: "logging-scene-app", targets: ["LoggingSceneApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    ],
    targets: [
        // The pure model of docs/lifecycle.md: no dependencies, no I/O, no clock.
        .target(name: "LifecycleCore"),
        // The deterministic host: virtual clock, scenario language, traces.
        .target(
            name: "LifecycleSimulator",
            dependencies: [
                "LifecycleCore",
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            resources: [.copy("Scenarios")]
        ),
        // The app-facing API: Application and ApplicationDelegate, with UIKit's names.
        .target(name: "LifecycleKit", dependencies: ["LifecycleCore"]),
        // The messages between a supervisor and the app processes it runs (docs/supervisor.md).
        .target(name: "LifecycleWire", dependencies: ["LifecycleCore", "CLifecycleShims"]),
        // Linux calls Swift cannot make directly (prctl, SO_PEERCRED).
        .target(name: "CLifecycleShims"),
        // Real processes: the lifecycle from the terminal session's signals, with a real watchdog, or from a
        // supervisor.
        .target(
            name: "LifecycleTerminal",
            dependencies: ["LifecycleKit", "LifecycleSimulator", "LifecycleWire", "CLifecycleShims"]),
        // What the fuzzers run: the scenario language and the log checker, on any bytes (Fuzz/, and the tests).
        .target(name: "LifecycleFuzzing", dependencies: ["LifecycleSimulator"]),
        // Real delegates under the simulator, in virtual time, for tests.
        .target(name: "LifecycleTesting", dependencies: ["LifecycleKit", "LifecycleSimulator"]),
        // A host of real processes: the supervisor (docs/supervisor.md).
        .target(
            name: "LifecycleSupervisor",
            dependencies: [
                "LifecycleSimulator", "LifecycleKit", "LifecycleWire", "CLifecycleShims",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The playground in the browser: a session of the simulator per page, over a WebSocket (docs/playground.md).
        .target(
            name: "LifecycleWeb",
            dependencies: [
                "LifecycleSimulator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Page")]),
        .executableTarget(
            name: "lifecycle",
            dependencies: [
                "LifecycleSimulator", "LifecycleSupervisor", "LifecycleKit", "LifecycleWire", "LifecycleWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "LifecycleCoreTests", dependencies: ["LifecycleCore"]),
        .testTarget(
            name: "LifecycleWebTests",
            dependencies: [
                "LifecycleWeb", "LifecycleFuzzing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
            ]),
        .testTarget(
            name: "LifecycleSupervisorTests",
            dependencies: ["LifecycleSimulator", "LifecycleSupervisor", "LifecycleWire"]),
        .testTarget(
            name: "LifecycleKitTests", dependencies: ["LifecycleTesting", "LoggingExample", "LifecycleTerminal"]),
        // The example: LonelyShadow's logging AppDelegate, ported, as a library (for tests) and a terminal app.
        .target(name: "LoggingExample", dependencies: ["LifecycleKit"], path: "Examples/LoggingExample"),
        .executableTarget(
            name: "LoggingApp",
            dependencies: [
                "LoggingExample", "LifecycleTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/LoggingApp",
            resources: [.copy("Resources")]),
        .executableTarget(
            name: "LoggingSceneApp",
            dependencies: [
                "LoggingExample", "LifecycleTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/LoggingSceneApp",
            resources: [.copy("Resources")]),
        // A real process for the terminal-host tests: slow callbacks, background tasks.
        .executableTarget(name: "HostFixture", dependencies: ["LifecycleTerminal"], path: "Tests/HostFixture"),
        // A process for the tests to kill at random instants while it writes restoration archives.
        .executableTarget(name: "ArchiveWriter", dependencies: ["LifecycleKit"], path: "Tests/ArchiveWriter"),
        .testTarget(
            name: "LifecycleSimulatorTests",
            dependencies: [
                "LifecycleSimulator", "LifecycleFuzzing",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Golden", "Logs"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
