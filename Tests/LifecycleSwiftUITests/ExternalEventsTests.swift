import Foundation
import LifecycleCore
import LifecycleSwiftUI
import LifecycleTesting
import Testing

import class LifecycleKit.Application

// Links on an iPad with several windows, routed as SwiftUI routes them (docs/lifecycle.md §16, §22): to the window
// whose views prefer the link, else one that accepts it, else a new window of the group whose
// `handlesExternalEvents(matching:)` matches it.

/// The links each device's views opened. By device: the golden traces run the mail app beside these tests.
@MainActor
enum LinkLog {
    private final class Entry {
        weak var device: AnyObject?
        var lines: [String] = []
        init(device: AnyObject) { self.device = device }
    }

    /// By the device's identity, which a device made after another has gone may take again: an entry holds its
    /// device weakly, to tell.
    private static var entries: [ObjectIdentifier: Entry] = [:]

    /// Adds a line to the log of the device whose app's code runs.
    static func append(_ line: String) {
        guard let device = Application.current?.host as AnyObject? else { return }
        let key = ObjectIdentifier(device)
        if entries[key]?.device !== device { entries[key] = Entry(device: device) }
        entries[key]?.lines.append(line)
    }

    static func lines(of device: SimulatedDevice) -> [String] {
        guard let entry = entries[ObjectIdentifier(device)], entry.device === device else { return [] }
        return entry.lines
    }
}

// A mail app with a compose window, WWDC19's example of a scene of its own ("Introducing Multiple Windows on
// iPad"): the inbox takes the links of messages, and a `mailto`-style compose link opens a compose window.

struct InboxView: View {
    var body: some View {
        List {
            Text("Inbox")
        }
        .handlesExternalEvents(preferring: ["message"], allowing: ["message"])
        .onOpenURL { url in LinkLog.append("inbox opens \(url.absoluteString)") }
    }
}

struct ComposeView: View {
    @State private var recipient = ""

    var body: some View {
        TextField("To", text: $recipient)
            .handlesExternalEvents(preferring: ["compose"], allowing: ["compose"])
            .onOpenURL { url in LinkLog.append("compose opens \(url.absoluteString)") }
            .onContinueUserActivity("com.example.mail.compose") { activity in
                LinkLog.append("compose continues \(activity.targetContentIdentifier ?? "-")")
            }
    }
}

struct ComposingMailApp: App {
    var body: some Scene {
        WindowGroup {
            InboxView()
        }
        WindowGroup(id: "compose") {
            ComposeView()
        }
        .handlesExternalEvents(matching: ["compose"])
    }
}

// The main window of a recipe app, as RMoRobert/salty's SaltyApp.swift writes it: its links' scheme is
// `salty-recipe`, the main window's views prefer them and accept any link, the main group opens a new window for
// them, and the body's other windows (here its tags editor) say nothing, so take no link.

struct RecipeListView: View {
    @Environment(\.openWindow) private var openWindow
    @AppStorage("tagsEditorShown") private var tagsEditorShown = false

    var body: some View {
        NavigationStack {
            Text("Recipes")
        }
        .onAppear {
            // The first run shows the tags editor, once.
            if !tagsEditorShown {
                tagsEditorShown = true
                openWindow(id: "edit-tags-window")
            }
        }
        .onOpenURL { url in LinkLog.append("recipes open \(url.absoluteString)") }
    }
}

struct TagsEditView: View {
    var body: some View {
        Text("Tags")
    }
}

struct RecipeBoxApp: App {
    var body: some Scene {
        WindowGroup(id: "main-window") {
            RecipeListView()
                .handlesExternalEvents(preferring: ["salty-recipe"], allowing: ["*"])
        }
        .handlesExternalEvents(matching: ["salty-recipe"])
        WindowGroup(id: "edit-tags-window") {
            TagsEditView()
        }
    }
}

// Its hasty twin gives each recipe a window of its own (`WindowGroup(for:)`, opened with `openWindow(value:)`), and
// sends recipe links there too, with `handlesExternalEvents(matching:)`. The recipe window reads its recipe from the
// value it presents and has no `onOpenURL`: on an iPhone the one window's list opens every link, but on an iPad a
// link opens a recipe window that never reads it.

struct RecipeWindowView: View {
    let recipeID: Int?

    var body: some View {
        Text(recipeID.map { "Recipe \($0)" } ?? "No recipe")
    }
}

struct RecipeWindowsApp: App {
    var body: some Scene {
        WindowGroup(id: "main-window") {
            RecipeListView()
        }
        WindowGroup(for: Int.self) { $recipeID in
            RecipeWindowView(recipeID: recipeID)
        }
        .handlesExternalEvents(matching: ["salty-recipe"])
        WindowGroup(id: "edit-tags-window") {
            TagsEditView()
        }
    }
}

@Suite(.serialized) @MainActor struct ExternalEventsTests {
    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    static func explore(_ app: any App.Type, as id: String, scheme: String) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\ndevice ipad\napp \(id) scenes multiple-windows url-schemes=\(scheme)\n")
        try explorer.run(AppID(id), app: app)
        return await explorer.explore(sessions: sessions, actions: 40, seed: 2026)
    }

    /// A compose link while only the inbox is open: the inbox does not take it, so a new window opens, of the group
    /// whose `matching:` strings match the link, and its views get the link once they exist.
    @Test func aLinkNoWindowTakesOpensANewWindowOfTheMatchingGroup() throws {
        let device = try SimulatedDevice(app: ComposingMailApp.self, id: "mail", device: .ipad)
        try device.perform("tap mail")
        try device.perform("open-url mail mail://compose?to=ann")
        #expect(LinkLog.lines(of: device) == ["compose opens mail://compose?to=ann"], "\(device.printedTrace())")
        try device.perform("expect mail#2 foregroundActive")
        try device.perform("expect mail#1 background")
        #expect(device.printedTrace().contains("no window's scene takes the URL: it opens in a new window"))
    }

    /// With a compose window open, the next compose link goes to it rather than to a new one; a message link goes
    /// to the inbox, which comes forward, full screen, and gets it while still in the background.
    @Test func eachLinkGoesToTheWindowThatPrefersIt() throws {
        let device = try SimulatedDevice(app: ComposingMailApp.self, id: "mail", device: .ipad)
        for line in ["tap mail", "open-url mail mail://compose?to=ann", "open-url mail mail://compose?to=bob"] {
            try device.perform(line)
        }
        #expect(device.simulator.phone.sessions(of: "mail").count == 2)
        try device.perform("open-url mail mail://message/7")
        #expect(
            LinkLog.lines(of: device) == [
                "compose opens mail://compose?to=ann", "compose opens mail://compose?to=bob",
                "inbox opens mail://message/7",
            ], "\(device.printedTrace())")
        try device.perform("expect mail#1 foregroundActive")
        try device.perform("expect mail#2 background")
    }

    /// After a purge the windows' conditions stay with their sessions: a compose link brings the compose window back
    /// (its group kept with its session), not the inbox the app showed first.
    @Test func theConditionsOutliveAPurge() throws {
        let device = try SimulatedDevice(app: ComposingMailApp.self, id: "mail", device: .ipad)
        for line in [
            "tap mail", "open-url mail mail://compose?to=ann", "open-url mail mail://message/7", "home",
            "memory-pressure", "open-url mail mail://compose?to=bob",
        ] {
            try device.perform(line)
        }
        #expect(LinkLog.lines(of: device).last == "compose opens mail://compose?to=bob", "\(device.printedTrace())")
        try device.perform("expect mail#2 foregroundActive")
        #expect(device.simulator.phone.sessions(of: "mail").count == 2)
    }

    /// The recipe app's link goes to its main window, which prefers it, though the tags editor is in front and, saying
    /// nothing, accepts any link.
    @Test func aLinkSkipsTheWindowInFrontForTheOneThatPrefersIt() throws {
        let device = try SimulatedDevice(app: RecipeBoxApp.self, id: "salty", device: .ipad)
        try device.perform("tap salty")
        try device.perform("expect salty#2 foregroundActive")
        try device.perform("open-url salty salty-recipe://recipe/7")
        #expect(LinkLog.lines(of: device) == ["recipes open salty-recipe://recipe/7"], "\(device.printedTrace())")
        try device.perform("expect salty#1 foregroundActive")
    }

    /// In the hasty twin no open window takes the link, so it opens a recipe window, whose views never read it.
    @Test func aLinkOpensAWindowWhoseViewsNeverReadIt() throws {
        let device = try SimulatedDevice(app: RecipeWindowsApp.self, id: "salty", device: .ipad)
        try device.perform("tap salty")
        try device.perform("open-url salty salty-recipe://recipe/7")
        #expect(LinkLog.lines(of: device).isEmpty)
        #expect(device.printedTrace().contains("no view of salty#3 has onOpenURL"), "\(device.printedTrace())")
    }

    /// On an iPhone the twin's list gets every link, in the one window, the link that launches the app too: the
    /// window shows the body's first group.
    @Test func onAnIPhoneTheListGetsTheLink() throws {
        let device = try SimulatedDevice(app: RecipeWindowsApp.self, id: "salty", device: .iphone)
        try device.perform("open-url salty salty-recipe://recipe/7")
        try device.perform("open-url salty salty-recipe://recipe/8")
        #expect(
            LinkLog.lines(of: device) == [
                "recipes open salty-recipe://recipe/7", "recipes open salty-recipe://recipe/8",
            ],
            "\(device.printedTrace())")
    }

    /// The explorer finds the hasty twin's lost link: a recipe link while the app is running.
    @Test func theExplorerFindsTheLinkTheRecipeWindowLoses() async throws {
        let report = try await Self.explore(RecipeWindowsApp.self, as: "salty", scheme: "salty-recipe")
        let dropped = try #require(report.findings.first { $0.kind == .launchItemDropped }, "\(report)")
        #expect(dropped.scenario.contains("open-url salty salty-recipe://item/1\n"), "\(dropped)")
    }

    /// The recipe app as its authors wrote it, and the mail app, send every link to a window that handles it, in
    /// every session.
    @Test func theExplorerFindsNothingInTheCarefulApps() async throws {
        let recipes = try await Self.explore(RecipeBoxApp.self, as: "salty", scheme: "salty-recipe")
        #expect(recipes.findings.isEmpty, "\(recipes)")
        let mail = try await Self.explore(ComposingMailApp.self, as: "mail", scheme: "mail")
        #expect(mail.findings.isEmpty, "\(mail)")
    }

    /// A Handoff activity goes by its target content identifier as a link goes by its text: with only the inbox
    /// open, a compose activity opens a compose window, whose views continue it, and the next goes to that window.
    @Test func anActivityGoesToTheWindowItsTargetChooses() throws {
        let device = try SimulatedDevice(app: ComposingMailApp.self, id: "mail", device: .ipad)
        for line in [
            "tap mail", "continue mail com.example.mail.compose target=compose-ann",
            "continue mail com.example.mail.compose target=compose-bob",
        ] {
            try device.perform(line)
        }
        #expect(
            LinkLog.lines(of: device) == ["compose continues compose-ann", "compose continues compose-bob"],
            "\(device.printedTrace())")
        #expect(device.simulator.phone.sessions(of: "mail").count == 2)
        try device.perform("expect mail#2 foregroundActive")
    }

    /// On an iPhone every link goes to the one window, whatever its views prefer.
    @Test func anIPhoneSendsEveryLinkToItsWindow() throws {
        let device = try SimulatedDevice(app: ComposingMailApp.self, id: "mail", device: .iphone)
        try device.perform("tap mail")
        try device.perform("open-url mail mail://compose?to=ann")
        #expect(LinkLog.lines(of: device) == ["inbox opens mail://compose?to=ann"], "\(device.printedTrace())")
        #expect(device.simulator.phone.sessions(of: "mail").count == 1)
    }
}
