import LifecycleSwiftUI
import LifecycleTesting
import Testing

// Joe Heck's "Using Combine" ("Making a network request with dataTaskPublisher"): a `dataTaskPublisher` mapped to its
// data and decoded with `JSONDecoder`, here in an `ObservableObject` a SwiftUI view starts on appearing, as its
// chapter on SwiftUI view models does, receiving on the main queue before it writes a `@Published` property.

struct PostmanEchoTimeStampCheckResponse: Decodable, Hashable {
    let valid: Bool
}

@MainActor
enum TimestampLog {
    static var shown: [String] = []
}

final class TimestampChecker: ObservableObject {
    @Published var status = "checking"
    private var cancellables = Set<AnyCancellable>()

    func check() {
        let myURL = URL(string: "https://postman-echo.com/time/valid?timestamp=2016-10-10")
        URLSession.shared.dataTaskPublisher(for: myURL!)
            .map { $0.data }
            .decode(type: PostmanEchoTimeStampCheckResponse.self, decoder: JSONDecoder())
            .receive(on: DispatchQueue.main)
            .sink(
                receiveCompletion: { completion in
                    if case .failure(let error) = completion {
                        self.status = "failed: \((error as? URLError)?.code.rawValue ?? 0)"
                    }
                },
                receiveValue: { response in
                    self.status = response.valid ? "valid" : "invalid"
                }
            )
            .store(in: &cancellables)
    }
}

struct TimestampView: View {
    @StateObject private var checker = TimestampChecker()

    var body: some View {
        let _ = TimestampLog.shown.append(checker.status)
        Text(checker.status)
            .onAppear { checker.check() }
    }
}

struct TimestampApp: App {
    var body: some Scene {
        WindowGroup { TimestampView() }
    }
}

@Suite(.serialized) @MainActor struct TimestampCheckTests {
    static let url = "https://postman-echo.com/time/valid?timestamp=2016-10-10"

    init() { TimestampLog.shown = [] }

    /// The decoded answer reaches the view once it comes, by the main queue.
    @Test func theAnswerIsDecodedAndShown() async throws {
        let device = try SimulatedDevice(app: TimestampApp.self, id: "stamps")
        device.network.respond(to: Self.url, body: #"{"valid": true}"#)
        try device.perform("tap stamps")
        await device.settle()
        #expect(TimestampLog.shown.last == "checking")
        await device.waitAndSettle(.seconds(1))
        #expect(TimestampLog.shown.last == "valid")
    }

    /// A body that does not decode fails the publisher; a suspension before the answer loses the connection.
    @Test func failuresEndThePublisher() async throws {
        let garbled = try SimulatedDevice(app: TimestampApp.self, id: "stamps")
        garbled.network.respond(to: Self.url, body: "<html>")
        try garbled.perform("tap stamps")
        await garbled.waitAndSettle(.seconds(1))
        #expect(TimestampLog.shown.last == "failed: 0")

        let interrupted = try SimulatedDevice(app: TimestampApp.self, id: "stamps")
        interrupted.network.respond(to: Self.url, body: #"{"valid": true}"#)
        try interrupted.perform("tap stamps")
        await interrupted.settle()
        try interrupted.perform("home")
        try interrupted.perform("tap stamps")
        await interrupted.waitAndSettle(.seconds(1))
        #expect(TimestampLog.shown.last == "failed: \(URLError.Code.networkConnectionLost.rawValue)")
    }
}
