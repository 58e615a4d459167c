import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A `NavigationPath` kept across a purge as Apple's `NavigationPath.codable` documentation describes (its
// `CodableRepresentation` encoded into `@SceneStorage` on each change, decoded when the view appears), and the same
// app keeping it in `@State` alone, which a purge loses. Links push screens, as the user cannot tap here; one line logs
// the path each time the view appears.

@MainActor
enum PathLog {
    static var counts: [Int] = []
}

struct StoredPathView: View {
    @SceneStorage("path") private var pathData: Data?
    @State private var path = NavigationPath()

    var body: some View {
        NavigationStack(path: $path) {
            List(1..<10, id: \.self) { number in
                NavigationLink("Item \(number)", value: number)
            }
            .navigationDestination(for: Int.self) { number in
                Text("Item \(number)")
            }
        }
        .onOpenURL { url in
            if let number = Int(url.lastPathComponent) { path.append(number) }
        }
        .onChange(of: path) {
            pathData = path.codable.flatMap { try? JSONEncoder().encode($0) }
        }
        .onAppear {
            if let pathData,
                let representation = try? JSONDecoder().decode(
                    NavigationPath.CodableRepresentation.self, from: pathData)
            {
                path = NavigationPath(representation)
            }
            PathLog.counts.append(path.count)
        }
    }
}

struct StoredPathApp: App {
    var body: some Scene {
        WindowGroup { StoredPathView() }
    }
}

struct ForgottenPathView: View {
    @State private var path = NavigationPath()

    var body: some View {
        NavigationStack(path: $path) {
            Text("Items")
                .navigationDestination(for: Int.self) { number in Text("Item \(number)") }
        }
        .onOpenURL { url in
            if let number = Int(url.lastPathComponent) { path.append(number) }
        }
    }
}

struct ForgottenPathApp: App {
    var body: some Scene {
        WindowGroup { ForgottenPathView() }
    }
}

@Suite(.serialized) @MainActor struct NavigationPathTests {
    init() { PathLog.counts = [] }

    /// The path is the values pushed, in order, and its representation gives the same path back.
    @Test func thePathEncodesAndDecodesItsValues() throws {
        var path = NavigationPath()
        path.append(3)
        path.append("details")
        path.append(5)
        path.removeLast()
        let data = try JSONEncoder().encode(try #require(path.codable))
        let decoded = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data))
        #expect(decoded == path)
        #expect(decoded.count == 2)
        var unencodable = NavigationPath()
        unencodable.append(NotCodable())
        #expect(unencodable.codable == nil)
    }

    /// Two links push two screens; after a purge the view appears with both again.
    @Test func thePathComesBackAfterAPurge() throws {
        let device = try SimulatedDevice.linking(StoredPathApp.self, as: "items")
        for line in [
            "tap items", "open-url items items://item/3", "open-url items items://item/5", "home", "wait 10s",
            "memory-pressure", "tap items",
        ] {
            try device.perform(line)
        }
        #expect(PathLog.counts == [0, 2])
    }

    /// The explorer finds the path kept in `@State` alone lost across a purge, and nothing in the stored one.
    @Test func theExplorerFindsThePathKeptInStateAlone() async throws {
        let report = try await LifecycleExplorer.report(
            exploring: ForgottenPathApp.self, as: "items", sessions: 200, seed: 5)
        let lost = try #require(report.findings.first { $0.kind == .stateLostAcrossPurge }, "\(report)")
        #expect(lost.detail.contains("#path"), "\(lost)")

        let stored = try await LifecycleExplorer.report(exploring: StoredPathApp.self, as: "items", seed: 5)
        #expect(stored.findings.isEmpty, "\(stored)")
    }
}

private struct NotCodable: Hashable {}
