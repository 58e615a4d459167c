import Foundation
import Testing

/// A package that uses only the libraries depends on this one with `traits: []` and fetches no more than the
/// libraries need: neither SwiftNIO nor Hummingbird (28 packages and 188 MB before the `Tools` trait; 2 and 18 MB
/// now, docs/testing.md).
@Suite struct LibraryUserTests {
    @Test func aLibraryUserFetchesOnlyWhatTheLibrariesNeed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-library-user-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "MyApp",
                dependencies: [.package(path: "\(root.path)", traits: [])],
                targets: [
                    .target(
                        name: "MyApp",
                        dependencies: [
                            .product(name: "LifecycleUIKit", package: "\(root.lastPathComponent)"),
                            .product(name: "LifecycleTesting", package: "\(root.lastPathComponent)"),
                        ])
                ]
            )
            """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "".write(
            to: folder.appendingPathComponent("Sources/MyApp/MyApp.swift"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", folder.path, "show-dependencies", "--format", "json",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        // Every package of the graph, by the last part of its URL.
        func names(in package: Any) -> [String] {
            guard let package = package as? [String: Any] else { return [] }
            let own = (package["url"] as? String).flatMap { $0.split(separator: "/").last.map(String.init) }
            let dependencies = package["dependencies"] as? [Any] ?? []
            return (own.map { [$0] } ?? []) + dependencies.flatMap(names)
        }
        let urls = Set(names(in: try JSONSerialization.jsonObject(with: Data(text.utf8))))
        #expect(urls.contains("swift-collections"), "\(text)")
        #expect(!urls.contains { $0.contains("nio") || $0.contains("hummingbird") }, "\(urls)")
        #expect(urls.count <= 5, "\(urls)")
    }
}
