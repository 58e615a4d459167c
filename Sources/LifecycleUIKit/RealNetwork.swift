import Foundation
import LifecycleKit

/// The real network, for the requests of code no simulated device runs: a test's own, a real process's
/// (docs/lifecycle.md §19), by way of the `curl` command.
///
/// Not FoundationNetworking: linking it loads libcurl and its dependencies into every program that uses LifecycleUIKit
/// (the `lifecycle` command among them) before its first line runs, and cancelling one of its tasks as its answer
/// comes can deadlock (swift-corelibs-foundation issue 5412). A task cancelled meanwhile ends at once, and its request
/// runs to its end unheeded.
enum RealNetwork {
    static func send(_ request: NetworkRequest, answered: @escaping @Sendable (NetworkOutcome) -> Void) {
        let files = Foundation.FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifecycle-request-\(UUID().uuidString)")
        let bodyOut = files.appendingPathExtension("response")
        let bodyIn = files.appendingPathExtension("request")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [
            "curl", "--silent", "--show-error", "--location", "--request", request.method, "--dump-header", "-",
            "--output", bodyOut.path, "--max-time", "\(max(1, Int(request.timeout.inSeconds.rounded(.up))))",
        ]
        for (field, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            arguments += ["--header", "\(field): \(value)"]
        }
        if let body = request.body {
            guard (try? body.write(to: bodyIn)) != nil else { return answered(.failure(.cannotCreateFile)) }
            arguments += ["--data-binary", "@\(bodyIn.path)"]
        }
        process.arguments = arguments + [request.url.absoluteString]
        let headers = Pipe()
        let errors = Pipe()
        process.standardOutput = headers
        process.standardError = errors
        process.terminationHandler = { process in
            let head = String(decoding: headers.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let body = (try? Data(contentsOf: bodyOut)) ?? Data()
            try? Foundation.FileManager.default.removeItem(at: bodyOut)
            try? Foundation.FileManager.default.removeItem(at: bodyIn)
            answered(outcome(exitCode: process.terminationStatus, head: head, body: body, message: message))
        }
        do {
            try process.run()
        } catch {
            try? Foundation.FileManager.default.removeItem(at: bodyIn)
            tell("the real network needs the curl command, which could not be run: \(error)")
            answered(.failure(.cannotConnectToHost))
        }
    }

    /// How curl's run ended, as `URLSession` reports it: the last response's status and header fields (after the
    /// redirects it followed), or the `URLError` of curl's exit code.
    static func outcome(exitCode: Int32, head: String, body: Data, message: String) -> NetworkOutcome {
        switch exitCode {
        case 0:
            let blocks = head.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }
            let lines = (blocks.last ?? "").components(separatedBy: "\r\n")
            let statusLine = lines.first?.split(separator: " ") ?? []
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return .failure(.badServerResponse) }
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return .reply(NetworkReply(status: status, headers: fields, body: body))
        case 6: return .failure(.cannotFindHost)
        case 7: return .failure(.cannotConnectToHost)
        case 28: return .failure(.timedOut)
        case 35, 51, 58, 60: return .failure(.secureConnectionFailed)
        case 52, 56: return .failure(.networkConnectionLost)
        case 127:
            tell("the real network needs the curl command, which is not installed")
            return .failure(.cannotConnectToHost)
        default:
            tell("curl failed (exit code \(exitCode)): \(message)")
            return .failure(.unknown)
        }
    }

    private static func tell(_ message: String) {
        FileHandle.standardError.write(Data("LifecycleUIKit's URLSession: \(message)\n".utf8))
    }
}
