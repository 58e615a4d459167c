import Hummingbird
import HummingbirdTesting
import LifecycleUIKit
import Testing

/// LifecycleUIKit's `URLSession` outside a simulated device — a test's own code, a real process — goes over the real
/// network, by way of `curl` (docs/lifecycle.md §19): here to a server on this machine.
@Suite struct RealNetworkTests {
    @Test func aRequestOutsideAnyDeviceReachesARealServer() async throws {
        let router = Router()
        router.get("hello") { _, _ in "hello from a real server" }
        router.post("echo") { request, _ in
            String(buffer: try await request.body.collect(upTo: 1024))
        }
        try await Application(router: router).test(.live) { client in
            let port = try #require(client.port)
            let (data, response) = try await URLSession.shared.data(
                from: URL(string: "http://127.0.0.1:\(port)/hello")!)
            #expect(String(decoding: data, as: UTF8.self) == "hello from a real server")
            #expect((response as? HTTPURLResponse)?.statusCode == 200)

            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/echo")!)
            request.httpMethod = "POST"
            let (echoed, _) = try await URLSession.shared.upload(for: request, from: Data("Dear diary".utf8))
            #expect(String(decoding: echoed, as: UTF8.self) == "Dear diary")

            let missingURL = URL(string: "http://127.0.0.1:\(port)/missing")!
            let missing: Int = try await withCheckedThrowingContinuation { continuation in
                URLSession.shared.dataTask(with: missingURL) { _, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
                    }
                }.resume()
            }
            #expect(missing == 404)
        }
        // Nothing listens on port 1: the connection is refused.
        let refused = await #expect(throws: URLError.self) {
            try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:1/")!)
        }
        #expect(refused?.code == .cannotConnectToHost)
    }
}
