import Foundation
import Testing

/// docs/testing.md's "Testing your own app", followed word for word as a library user follows it (issue 55): a
/// package of its own beside this one, named `lifecycle` as the guide names it, with the guide's manifest, Xcode's
/// template files and the guide's test, built and tested by `swift test` as a separate package.
///
/// The package lives in `.build/guide-package/` (outside what git tracks), so that a second run builds only what
/// changed; its first build takes a few minutes.
@Suite struct GuidePackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The page's Swift blocks of the section, in order.
    static func swiftBlocks(of page: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        guard let section = text.components(separatedBy: "## Testing your own app").dropFirst().first else {
            return []
        }
        let body = section.components(separatedBy: "\n## ").first ?? section
        return body.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
    }

    @Test(.timeLimit(.minutes(30))) func theGuidesPackageBuildsAndItsTestPasses() throws {
        let blocks = try Self.swiftBlocks(of: "docs/testing.md")
        #expect(blocks.count >= 3)
        guard blocks.count >= 3 else { return }
        let (manifest, device, test) = (blocks[0], blocks[1], blocks[2])
        #expect(manifest.hasPrefix("// swift-tools-version: 6.1"), "\(manifest)")

        let place = Self.root.appendingPathComponent(".build/guide-package")
        let package = place.appendingPathComponent("MyApp")
        let files = FileManager.default
        try files.createDirectory(at: place, withIntermediateDirectories: true)
        // `../lifecycle`, as the guide writes it.
        let link = place.appendingPathComponent("lifecycle")
        if (try? files.destinationOfSymbolicLink(atPath: link.path)) != Self.root.path {
            try? files.removeItem(at: link)
            try files.createSymbolicLink(at: link, withDestinationURL: Self.root)
        }
        for folder in ["Sources/MyApp/Resources", "Tests/MyAppTests"] {
            try files.createDirectory(at: package.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func write(_ text: String, _ path: String) throws {
            let url = package.appendingPathComponent(path)
            // Unchanged files keep their dates: the next build compiles only what changed.
            if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write(manifest + "\n", "Package.swift")
        let template = Self.root.appendingPathComponent("XcodeTemplates/SceneApp")
        for (source, target) in [
            ("AppDelegate.swift", "Sources/MyApp/AppDelegate.swift"),
            ("SceneDelegate.swift", "Sources/MyApp/SceneDelegate.swift"),
            ("Resources/Info.plist", "Sources/MyApp/Resources/Info.plist"),
        ] {
            try write(String(contentsOf: template.appendingPathComponent(source), encoding: .utf8), target)
        }
        let imports = """
            import Foundation
            import LifecycleKit
            import LifecycleTesting
            import LifecycleUIKit
            import Testing

            @testable import MyApp

            """
        try write(imports + "\n" + device + "\n\n" + test + "\n", "Tests/MyAppTests/MyAppTests.swift")
        // SwiftPM's incremental build of a package misses a source file added to a dependency at a path: when the
        // repository's list of sources changed, the package's build starts over.
        let sources = (files.enumerator(atPath: Self.root.appendingPathComponent("Sources").path)?.allObjects ?? [])
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().joined(separator: "\n")
        let stamp = place.appendingPathComponent("sources.list")
        if (try? String(contentsOf: stamp, encoding: .utf8)) != sources {
            try? files.removeItem(at: package.appendingPathComponent(".build"))
            try sources.write(to: stamp, atomically: true, encoding: .utf8)
        }

        let process = Process()
        // At the lowest priority: the build is minutes of both cores, and the suites that time real processes run
        // beside it (a suspended process must end within a second of its signal).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nice", "-n", "19", "swift", "test", "--package-path", package.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text.suffix(3_000))")
        #expect(text.contains("theSceneGoesToTheBackgroundAndIsSuspended"), "\(text.suffix(3_000))")
    }
}
