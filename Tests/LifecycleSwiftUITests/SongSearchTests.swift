import LifecycleSwiftUI
import LifecycleTesting
import Testing

// Hacking with Swift's "Sending and receiving Codable data with URLSession and SwiftUI" (the Cupcake Corner project):
// a list that loads songs from iTunes' search in its `.task`, with `URLSession.shared.data(from:)`, and decodes them
// with `JSONDecoder`. Ported as written; its `Response`/`Result` types are renamed (`Result` would hide Swift's in
// this test module), and what it printed goes to a log.

struct SongSearchResponse: Codable {
    var results: [SongResult]
}

struct SongResult: Codable {
    var trackId: Int
    var trackName: String
    var collectionName: String
}

@MainActor
enum SongSearchLog {
    static var shown: [[String]] = []
    static var printed: [String] = []
}

struct SongListView: View {
    @State private var results = [SongResult]()

    var body: some View {
        let _ = SongSearchLog.shown.append(results.map(\.trackName))
        List(results, id: \.trackId) { item in
            VStack(alignment: .leading) {
                Text(item.trackName)
                    .font(.headline)
                Text(item.collectionName)
            }
        }
        .task {
            await loadData()
        }
    }

    func loadData() async {
        guard let url = URL(string: "https://itunes.apple.com/search?term=taylor+swift&entity=song") else {
            SongSearchLog.printed.append("Invalid URL")
            return
        }
        do {
            let (data, _) = try await URLSession.shared.data(from: url)
            if let decodedResponse = try? JSONDecoder().decode(SongSearchResponse.self, from: data) {
                results = decodedResponse.results
            }
        } catch {
            SongSearchLog.printed.append("Invalid data: \((error as? URLError)?.code.rawValue ?? 0)")
        }
    }
}

struct SongSearchApp: App {
    var body: some Scene {
        WindowGroup { SongListView() }
    }
}

@Suite(.serialized) @MainActor struct SongSearchTests {
    static let url = "https://itunes.apple.com/search?term=taylor+swift&entity=song"
    static let songs = #"""
        {"results": [{"trackId": 1, "trackName": "Love Story", "collectionName": "Fearless"},
                     {"trackId": 2, "trackName": "Shake It Off", "collectionName": "1989"}]}
        """#

    init() {
        SongSearchLog.shown = []
        SongSearchLog.printed = []
    }

    private func device() throws -> SimulatedDevice {
        let device = try SimulatedDevice(app: SongSearchApp.self, id: "songs", profile: .ios17)
        device.network.respond(to: Self.url, body: Self.songs, after: .seconds(1))
        return device
    }

    /// The list is empty until the answer comes, a second later on the phone's clock; then it shows the songs.
    @Test func theSongsComeWithTheAnswer() async throws {
        let device = try device()
        try device.perform("tap songs")
        await device.settle()
        #expect(SongSearchLog.shown.last == [])
        await device.waitAndSettle(.seconds(1))
        #expect(SongSearchLog.shown.last == ["Love Story", "Shake It Off"])
        #expect(SongSearchLog.printed == [])
    }

    /// Leaving the app before the answer comes loses the connection: the task's `catch` gets it when the user comes
    /// back, and the list stays empty, as on a phone, until something loads again.
    @Test func leavingBeforeTheAnswerLosesIt() async throws {
        let device = try device()
        try device.perform("tap songs")
        await device.settle()
        try device.perform("home")
        await device.waitAndSettle(.seconds(5))
        #expect(SongSearchLog.printed == [])
        try device.perform("tap songs")
        await device.settle()
        #expect(SongSearchLog.printed == ["Invalid data: \(URLError.Code.networkConnectionLost.rawValue)"])
        #expect(SongSearchLog.shown.last == [])
    }
}
