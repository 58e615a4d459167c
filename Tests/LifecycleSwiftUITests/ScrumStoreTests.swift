import LifecycleSwiftUI
import LifecycleTesting
import Testing

// Files in the app's Documents directory, as Apple's Scrumdinger tutorial keeps its meetings ("Persisting data",
// the `async` version of `ScrumStore`): loaded in the view's `task`, saved in a Swift task when the scene becomes
// inactive. The store and the app's structure are kept as written, the meeting cut to a title; one `onOpenURL` adds a
// meeting, as no one types here, and one line logs the titles each time the list's view is evaluated.

struct DailyScrum: Identifiable, Codable {
    var id = UUID()
    var title: String
}

@MainActor
class ScrumStore: ObservableObject {
    @Published var scrums: [DailyScrum] = []

    private static func fileURL() throws -> URL {
        try FileManager.default.url(
            for: .documentDirectory,
            in: .userDomainMask,
            appropriateFor: nil,
            create: false
        )
        .appendingPathComponent("scrums.data")
    }

    func load() async throws {
        let task = Task<[DailyScrum], Error> {
            let fileURL = try Self.fileURL()
            guard let data = try? Data(contentsOf: fileURL) else {
                return []
            }
            let dailyScrums = try JSONDecoder().decode([DailyScrum].self, from: data)
            return dailyScrums
        }
        let scrums = try await task.value
        self.scrums = scrums
    }

    func save(scrums: [DailyScrum]) async throws {
        let task = Task {
            let data = try JSONEncoder().encode(scrums)
            let outfile = try Self.fileURL()
            try data.write(to: outfile)
        }
        _ = try await task.value
    }
}

@MainActor
enum ScrumLog {
    static var titles: [[String]] = []
}

struct ScrumsView: View {
    @Binding var scrums: [DailyScrum]
    @Environment(\.scenePhase) private var scenePhase
    let saveAction: () -> Void

    var body: some View {
        let _ = ScrumLog.titles.append(scrums.map(\.title))
        NavigationStack {
            List($scrums) { $scrum in
                Text(scrum.title)
            }
            .navigationTitle("Daily Scrums")
        }
        .onChange(of: scenePhase) { phase in
            if phase == .inactive { saveAction() }
        }
    }
}

struct ScrumdingerApp: App {
    @StateObject private var store = ScrumStore()

    var body: some Scene {
        WindowGroup {
            ScrumsView(scrums: $store.scrums) {
                Task {
                    do {
                        try await store.save(scrums: store.scrums)
                    } catch {
                        fatalError(error.localizedDescription)
                    }
                }
            }
            .task {
                do {
                    try await store.load()
                } catch {
                    fatalError(error.localizedDescription)
                }
            }
            .onOpenURL { url in store.scrums.append(DailyScrum(title: url.lastPathComponent)) }
        }
    }
}

@Suite(.serialized) @MainActor struct ScrumStoreTests {
    init() { ScrumLog.titles = [] }

    /// The meetings saved as the scene became inactive are in the app's Documents after a purge.
    @Test func theMeetingsOutliveThePurge() async throws {
        let device = try SimulatedDevice.linking(ScrumdingerApp.self, as: "scrums")
        for line in ["tap scrums", "open-url scrums scrums://new/Design", "home", "wait 10s", "memory-pressure"] {
            try device.perform(line)
            await device.settle()
        }
        ScrumLog.titles = []
        try device.perform("tap scrums")
        await device.settle()
        #expect(ScrumLog.titles.last == ["Design"], "\(ScrumLog.titles)")
    }

    /// A new device is a new install: its Documents are a folder of their own, empty.
    @Test func aNewDeviceStartsWithEmptyDocuments() async throws {
        var folders: [URL] = []
        for _ in 1...2 {
            ScrumLog.titles = []
            let device = try SimulatedDevice.linking(ScrumdingerApp.self, as: "scrums")
            for line in ["tap scrums", "open-url scrums scrums://new/Design", "home"] {
                try device.perform(line)
                await device.settle()
            }
            #expect(ScrumLog.titles.first == [], "\(ScrumLog.titles)")
            #expect(ScrumLog.titles.last == ["Design"], "\(ScrumLog.titles)")
            let application = try #require(device.applications["scrums"])
            application.runAsItsCode { folders.append(URL.documentsDirectory) }
        }
        #expect(folders.count == 2 && folders[0] != folders[1])
        #expect(folders.allSatisfy { $0.path.hasPrefix(Foundation.FileManager.default.temporaryDirectory.path) })
    }

    /// The explorer finds nothing lost: the tutorial saves before the app can be suspended.
    @Test func theExplorerFindsNothing() async throws {
        let report = try await LifecycleExplorer.report(exploring: ScrumdingerApp.self, as: "scrums", seed: 9)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
