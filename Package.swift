// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// The condition of the products only the command, the examples and the playground's server use.
let tools: TargetDependencyCondition? = .when(traits: ["Tools"])

let package = Package(
    name: "lifecycle",
    products: [
        .library(name: "LifecycleCore", targets: ["LifecycleCore"]),
        .library(name: "LifecycleText", targets: ["LifecycleText"]),
        .library(name: "LifecycleTrace", targets: ["LifecycleTrace"]),
        .library(name: "LifecycleTimeline", targets: ["LifecycleTimeline"]),
        .library(name: "LifecycleScenario", targets: ["LifecycleScenario"]),
        .library(name: "LifecycleSimulator", targets: ["LifecycleSimulator"]),
        .library(name: "LifecycleCheck", targets: ["LifecycleCheck"]),
        .library(name: "LifecycleDiagram", targets: ["LifecycleDiagram"]),
        .library(name: "LifecycleKit", targets: ["LifecycleKit"]),
        .library(name: "LifecycleUIKit", targets: ["LifecycleUIKit"]),
        .library(name: "LifecycleCombine", targets: ["LifecycleCombine"]),
        .library(name: "LifecycleSwiftUI", targets: ["LifecycleSwiftUI"]),
        .library(name: "LifecycleTesting", targets: ["LifecycleTesting"]),
        .library(name: "LifecycleTerminal", targets: ["LifecycleTerminal"]),
        .library(name: "LifecycleFuzzing", targets: ["LifecycleFuzzing"]),
        .library(name: "LifecycleSupervisor", targets: ["LifecycleSupervisor"]),
        .library(name: "LifecycleWire", targets: ["LifecycleWire"]),
        .library(name: "LifecycleWeb", targets: ["LifecycleWeb"]),
        .executable(name: "lifecycle", targets: ["lifecycle"]),
        .executable(name: "logging-app", targets: ["LoggingApp"]),
        .executable(name: "logging-scene-app", targets: ["LoggingSceneApp"]),
        .executable(name: "uikit-scene-app", targets: ["UIKitSceneApp"]),
        .executable(name: "uikit-classic-app", targets: ["UIKitClassicApp"]),
        .executable(name: "uikit-logging-app", targets: ["UIKitLoggingApp"]),
        .executable(name: "swiftui-app", targets: ["SwiftUIApp"]),
    ],
    // The command line's and the playground's server's packages (SwiftNIO, Hummingbird: most of a build) come with
    // the default trait `Tools`; a package that uses only the libraries depends on this one with `traits: []` and
    // neither fetches nor builds them (docs/testing.md).
    traits: [
        .trait(name: "Tools", description: "The lifecycle command, the examples and the playground's server."),
        .default(enabledTraits: ["Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // Only for `#Preview`, which Xcode's SwiftUI template writes: a macro needs its plugin (docs/writing-an-app.md).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // The pure model of docs/lifecycle.md: no dependencies, no I/O, no clock.
        .target(name: "LifecycleCore"),
        // Text input at the byte level: a file's lines, ASCII tests, the excerpt that shows where input is wrong.
        .target(name: "LifecycleText"),
        // What a run leaves: trace records, their text and jsonl formats, and the spool that holds them back.
        .target(name: "LifecycleTrace", dependencies: ["LifecycleCore"]),
        // A trace as lanes over time, drawn as SVG (docs/trace-format.md): for `lifecycle timeline` and the playground.
        .target(name: "LifecycleTimeline", dependencies: ["LifecycleCore", "LifecycleTrace"]),
        // The scenario language: its parser and errors, the built-in and load scenarios, the device description.
        .target(
            name: "LifecycleScenario", dependencies: ["LifecycleCore", "LifecycleText"], resources: [.copy("Scenarios")]
        ),
        // The deterministic host: a scenario run on the core's phone in virtual time, its trace written as it goes.
        .target(
            name: "LifecycleSimulator",
            dependencies: [
                "LifecycleCore", "LifecycleScenario", "LifecycleTrace",
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // `lifecycle check`: logs of real devices, and traces, held to the core's model.
        .target(name: "LifecycleCheck", dependencies: ["LifecycleCore", "LifecycleText", "LifecycleTrace"]),
        // The state diagram, in Graphviz's language, drawn from the core's tables.
        .target(name: "LifecycleDiagram", dependencies: ["LifecycleCore"]),
        // The app-facing API: Application and ApplicationDelegate, with UIKit's names.
        .target(name: "LifecycleKit", dependencies: ["LifecycleCore"]),
        // UIKit's own names over LifecycleKit, so that a delegate written for iOS builds unchanged.
        .target(name: "LifecycleUIKit", dependencies: ["LifecycleKit", "LifecycleTerminal", "CLifecycleShims"]),
        // SwiftUI's app lifecycle over the UIKit names (docs/lifecycle.md §22): `App`, `WindowGroup`, scene phase,
        // state and the lifecycle's modifiers, so that a SwiftUI app's files build unchanged and run under every host.
        .target(
            name: "LifecycleSwiftUI",
            dependencies: ["LifecycleKit", "LifecycleUIKit", "LifecycleCombine", "LifecycleSwiftUIMacros"]),
        // The part of Combine an app's lifecycle code uses (`NotificationCenter.publisher(for:)`, `sink`,
        // `receive(on:)`, `@Published`), over the UIKit names, which SwiftUI brings with it as on iOS.
        .target(name: "LifecycleCombine", dependencies: ["LifecycleKit", "LifecycleUIKit"]),
        // `#Preview`, which expands to nothing.
        .macro(
            name: "LifecycleSwiftUIMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        // The messages between a supervisor and the app processes it runs (docs/supervisor.md).
        .target(name: "LifecycleWire", dependencies: ["LifecycleCore", "CLifecycleShims"]),
        // Linux calls Swift cannot make directly (prctl, SO_PEERCRED).
        .target(
            name: "CLifecycleShims",
            // dlsym, in the C library itself since glibc 2.34, in libdl before.
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Real processes: the lifecycle from the terminal session's signals, with a real watchdog, or from a
        // supervisor.
        .target(
            name: "LifecycleTerminal",
            dependencies: ["LifecycleKit", "LifecycleTrace", "LifecycleWire", "CLifecycleShims"]),
        // What the fuzzers run: the scenario language and the log checker, on any bytes (Fuzz/, and the tests).
        .target(
            name: "LifecycleFuzzing",
            dependencies: [
                "LifecycleScenario", "LifecycleSimulator", "LifecycleCheck", "LifecycleTrace", "LifecycleTimeline",
                "LifecycleText",
            ]),
        // Real delegates under the simulator, in virtual time, for tests; the explorer, also of real processes.
        .target(
            name: "LifecycleTesting",
            dependencies: [
                "LifecycleKit", "LifecycleUIKit", "LifecycleScenario", "LifecycleSimulator", "LifecycleTrace",
                "LifecycleSupervisor", .product(name: "Logging", package: "swift-log"),
            ]),
        // A host of real processes: the supervisor (docs/supervisor.md).
        .target(
            name: "LifecycleSupervisor",
            dependencies: [
                "LifecycleScenario", "LifecycleTrace", "LifecycleKit", "LifecycleWire", "CLifecycleShims",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The playground in the browser: a session of the simulator per page, over a WebSocket (docs/playground.md).
        .target(
            name: "LifecycleWeb",
            dependencies: [
                "LifecycleScenario", "LifecycleSimulator", "LifecycleTrace", "LifecycleDiagram", "LifecycleTimeline",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: tools),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Page")]),
        .executableTarget(
            name: "lifecycle",
            dependencies: [
                "LifecycleText", "LifecycleScenario", "LifecycleSimulator", "LifecycleTrace", "LifecycleCheck",
                "LifecycleDiagram", "LifecycleSupervisor", "LifecycleKit", "LifecycleWire", "LifecycleWeb",
                "LifecycleTesting", "LifecycleTimeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
            ]
        ),
        .testTarget(name: "LifecycleCoreTests", dependencies: ["LifecycleCore"]),
        .testTarget(
            name: "LifecycleWebTests",
            dependencies: [
                "LifecycleWeb", "LifecycleFuzzing", "LifecycleScenario", "LifecycleSimulator", "LifecycleTimeline",
                "LifecycleUIKit", .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket", condition: tools),
            ]),
        .testTarget(
            name: "LifecycleSupervisorTests",
            dependencies: [
                "LifecycleSimulator", "LifecycleTrace", "LifecycleSupervisor", "LifecycleWire", "TestSupport",
            ]),
        .testTarget(
            name: "LifecycleUIKitTests",
            dependencies: [
                "LifecycleUIKit", "LifecycleCombine", "LifecycleTesting", "LoggingExample", "LifecycleScenario",
                "UIKitSceneApp",
                "UIKitClassicApp", "UIKitLoggingApp", "ExploredNotes", "ExploredSignIn",
            ]),
        .testTarget(
            name: "LifecycleKitTests",
            dependencies: [
                "LifecycleTesting", "LoggingExample", "LifecycleTerminal", "LifecycleScenario", "LifecycleSimulator",
                "LifecycleTrace", "LifecycleCheck", "TestSupport",
            ]),
        // The example: LonelyShadow's logging AppDelegate, ported, as a library (for tests) and a terminal app.
        .target(name: "LoggingExample", dependencies: ["LifecycleKit"], path: "Examples/LoggingExample"),
        // The explorer's worked example: a notes app in UIKit's names, done right and with two bugs.
        .target(name: "ExploredNotes", dependencies: ["LifecycleUIKit"], path: "Examples/ExploredNotes"),
        // The locked phone's worked example: a sign-in app whose hasty variant signs the user out after a locked wake.
        .target(name: "ExploredSignIn", dependencies: ["LifecycleUIKit"], path: "Examples/ExploredSignIn"),
        .executableTarget(
            name: "LoggingApp",
            dependencies: [
                "LoggingExample", "LifecycleTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
            ],
            path: "Examples/LoggingApp",
            resources: [.copy("Resources")]),
        .executableTarget(
            name: "LoggingSceneApp",
            dependencies: [
                "LoggingExample", "LifecycleTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
            ],
            path: "Examples/LoggingSceneApp",
            resources: [.copy("Resources")]),
        // A real process for the terminal-host tests: slow callbacks, background tasks.
        // Xcode's app templates, and the logging example in UIKit's names, behind the three lines that choose UIKit or
        // LifecycleUIKit: files as they build for iOS (outside Examples/, which keeps this project's style).
        .executableTarget(
            name: "UIKitSceneApp", dependencies: ["LifecycleUIKit"], path: "XcodeTemplates/SceneApp",
            resources: [.copy("Resources")]),
        .executableTarget(
            name: "UIKitClassicApp", dependencies: ["LifecycleUIKit"], path: "XcodeTemplates/ClassicApp",
            resources: [.copy("Resources")]),
        .executableTarget(
            name: "UIKitLoggingApp", dependencies: ["LifecycleUIKit"], path: "XcodeTemplates/LoggingApp",
            resources: [.copy("Resources")]),
        // Xcode's SwiftUI template: no Info.plist, as Xcode generates it.
        .executableTarget(name: "SwiftUIApp", dependencies: ["LifecycleSwiftUI"], path: "XcodeTemplates/SwiftUIApp"),
        .executableTarget(name: "HostFixture", dependencies: ["LifecycleTerminal"], path: "Tests/HostFixture"),
        // A process for the tests to kill at random instants while it writes restoration archives.
        .executableTarget(name: "ArchiveWriter", dependencies: ["LifecycleKit"], path: "Tests/ArchiveWriter"),
        // What several test targets use: a temporary file to read scenarios from.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "LifecycleSwiftUITests",
            dependencies: ["LifecycleSwiftUI", "LifecycleTesting", "LifecycleScenario", "SwiftUIApp", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "LifecycleTextTests", dependencies: ["LifecycleText", "LifecycleCore"]),
        .testTarget(name: "LifecycleTraceTests", dependencies: ["LifecycleTrace"]),
        .testTarget(
            name: "LifecycleTimelineTests",
            dependencies: ["LifecycleTimeline", "LifecycleScenario", "LifecycleSimulator", "LifecycleTrace"]),
        .testTarget(
            name: "LifecycleScenarioTests", dependencies: ["LifecycleScenario", "LifecycleSimulator", "TestSupport"]),
        .testTarget(
            name: "LifecycleSimulatorTests",
            dependencies: [
                "LifecycleSimulator", "LifecycleScenario", "LifecycleTrace", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "LifecycleCheckTests",
            dependencies: ["LifecycleCheck", "LifecycleScenario", "LifecycleSimulator", "LifecycleTrace"],
            exclude: ["Logs"]),
        .testTarget(name: "LifecycleDiagramTests", dependencies: ["LifecycleDiagram"]),
        .testTarget(
            name: "LifecycleFuzzingTests", dependencies: ["LifecycleFuzzing", "LifecycleScenario"], exclude: ["Corpus"]),
        // The `lifecycle` command itself, run as a process.
        .testTarget(name: "LifecycleCommandTests", dependencies: ["LifecycleScenario", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
