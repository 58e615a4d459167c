import Foundation
internal import FoundationNetworking
import LifecycleKit

/// The real network, for the requests of code no simulated device runs: a test's own, a real process's.
///
/// A task cancelled meanwhile ends at once, and the real request runs to its end unheeded: cancelling
/// FoundationNetworking's task while its answer comes can deadlock (swift-corelibs-foundation issue 5412).
enum RealNetwork {
    static func send(_ request: NetworkRequest, answered: @escaping @Sendable (NetworkOutcome) -> Void) {
        var real = FoundationNetworking.URLRequest(url: request.url, timeoutInterval: request.timeout.inSeconds)
        real.httpMethod = request.method
        real.allHTTPHeaderFields = request.headers
        real.httpBody = request.body
        FoundationNetworking.URLSession.shared.dataTask(with: real) { data, response, error in
            if let error {
                answered(.failure((error as? URLError)?.code ?? .unknown))
                return
            }
            guard let response = response as? FoundationNetworking.HTTPURLResponse else {
                answered(.failure(.badServerResponse))
                return
            }
            var headers: [String: String] = [:]
            for case (let field as String, let value as String) in response.allHeaderFields { headers[field] = value }
            answered(.reply(NetworkReply(status: response.statusCode, headers: headers, body: data ?? Data())))
        }.resume()
    }
}
