import LifecycleSwiftUI
import LifecycleTesting
import Testing

// Lifecycle code in a `ViewModifier`, as SwiftUI apps factor it out: MBTA's iOS app (github.com/mbta/mobile_app,
// `ScenePhaseChangeModifier.swift`) kept as written. A game saves its score through it when the scene goes to the
// background, in a Swift task, to an actor that takes two seconds and writes `UserDefaults`; the score is read back
// when the view appears. The hasty game holds no background task for the save, so the phone suspends it before the
// save ends and a purge loses the score; the held one holds a background task until the save returns, which keeps it
// running those two seconds, unless memory pressure ends it within them; the careful one writes the score the moment
// it changes. A link sets the score, as no one plays here.

struct ScenePhaseChangeModifier: ViewModifier {
    @Environment(\.scenePhase) var scenePhase
    let onActive: () -> Void
    let onInactive: () -> Void
    let onBackground: () -> Void

    func body(content: Content) -> some View {
        content.onChange(of: scenePhase) { @MainActor newPhase in
            if newPhase == .active {
                onActive()
            } else if newPhase == .inactive {
                onInactive()
            } else if newPhase == .background {
                onBackground()
            }
        }
    }
}

public extension View {
    func withScenePhaseHandlers(
        onActive: @escaping () -> Void = {},
        onInactive: @escaping () -> Void = {},
        onBackground: @escaping () -> Void = {}
    ) -> some View {
        modifier(ScenePhaseChangeModifier(onActive: onActive, onInactive: onInactive, onBackground: onBackground))
    }
}

@MainActor
enum GameLog {
    static var lines: [String] = []
}

/// Where the score is kept: a slow write, as a game's save file is.
actor ScoreStore {
    static let shared = ScoreStore()

    func save(_ score: Int) async {
        try? await Task.sleep(for: .seconds(2))
        UserDefaults.standard.set(score, forKey: "score")
    }
}

/// How a game keeps its score.
enum Saving {
    case hasty, held, careful
}

struct GameView: View {
    let saving: Saving
    @State private var score = 0

    var body: some View {
        Text("Score: \(score)")
            .onAppear {
                score = UserDefaults.standard.integer(forKey: "score")
                GameLog.lines.append("appeared with \(score)")
            }
            .onOpenURL { url in score = Int(url.lastPathComponent) ?? score }
            .onChange(of: score) { _, newScore in
                if saving == .careful { UserDefaults.standard.set(newScore, forKey: "score") }
            }
            .withScenePhaseHandlers(
                onActive: { GameLog.lines.append("active") },
                onBackground: {
                    GameLog.lines.append("background")
                    guard saving != .careful else { return }
                    let task = saving == .held ? UIApplication.shared.beginBackgroundTask() : .invalid
                    let score = score
                    Task {
                        await ScoreStore.shared.save(score)
                        GameLog.lines.append("saved \(score)")
                        if task != .invalid { UIApplication.shared.endBackgroundTask(task) }
                    }
                })
    }
}

struct HastyGameApp: App {
    var body: some Scene {
        WindowGroup { GameView(saving: .hasty) }
    }
}

struct HeldGameApp: App {
    var body: some Scene {
        WindowGroup { GameView(saving: .held) }
    }
}

struct CarefulGameApp: App {
    var body: some Scene {
        WindowGroup { GameView(saving: .careful) }
    }
}

@Suite(.serialized) @MainActor struct ViewModifierTests {
    static let lines = [
        "tap game", "open-url game game://score/7", "home", "wait 10s", "memory-pressure", "tap game",
    ]

    init() { GameLog.lines = [] }

    static func play(_ app: any App.Type) async throws {
        let device = try SimulatedDevice.linking(app, as: "game")
        for line in lines {
            if line.hasPrefix("wait") { await device.waitAndSettle(.seconds(10)) } else { try device.perform(line) }
            await device.settle()
        }
    }

    /// The modifier hears the scene's phases; the save it starts is suspended with the app, which a purge ends.
    @Test func theHastySaveIsLostWithThePurge() async throws {
        try await Self.play(HastyGameApp.self)
        #expect(
            GameLog.lines == ["appeared with 0", "active", "background", "appeared with 0", "active"],
            "\(GameLog.lines)")
    }

    /// Holding a background task until the save returns keeps the app running for the two seconds it takes.
    @Test func theHeldSaveEndsBeforeTheSuspension() async throws {
        try await Self.play(HeldGameApp.self)
        #expect(
            GameLog.lines == ["appeared with 0", "active", "background", "saved 7", "appeared with 7", "active"],
            "\(GameLog.lines)")
    }

    /// The explorer finds the hasty game's score lost across a purge; the held game's too, but only when memory
    /// pressure comes within the two seconds of its save, which a background task does not prevent; nothing in the
    /// careful one.
    @Test func theExplorerFindsTheSavesThatCanBeLost() async throws {
        let report = try await LifecycleExplorer.report(
            exploring: HastyGameApp.self, as: "game", sessions: 200, seed: 3)
        let lost = try #require(report.findings.first { $0.kind == .stateLostAcrossPurge }, "\(report)")
        #expect(lost.detail.contains("#score"), "\(lost)")

        let heldReport = try await LifecycleExplorer.report(
            exploring: HeldGameApp.self, as: "game", sessions: 200, seed: 3)
        let heldLost = try #require(heldReport.findings.first { $0.kind == .stateLostAcrossPurge }, "\(heldReport)")
        #expect(heldLost.scenario.contains("home\nmemory-pressure"), "\(heldLost)")

        let carefulReport = try await LifecycleExplorer.report(exploring: CarefulGameApp.self, as: "game", seed: 3)
        #expect(carefulReport.findings.isEmpty, "\(carefulReport)")
    }
}
