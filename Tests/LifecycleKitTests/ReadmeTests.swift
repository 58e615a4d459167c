import Foundation
import Testing

/// The README's Swift examples are code that compiles: each block of its "Writing an app" section, and of
/// docs/writing-an-app.md, stands word for word in a compiled file.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func swiftBlocks(ofSection heading: String) throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## \(heading)\n") else { return [] }
        return swiftBlocks(in: readme[start.upperBound...].components(separatedBy: "\n## ").first ?? "")
    }

    static func swiftBlocks(in text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func everySwiftExampleCompiles() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/writing-an-app.md"), encoding: .utf8)
        let blocks = try Self.swiftBlocks(ofSection: "Writing an app") + Self.swiftBlocks(in: page)
        #expect(blocks.count >= 7)
        let compiled = try [
            "Tests/LifecycleKitTests/ReadmeUploadingDelegate.swift", "Tests/LifecycleKitTests/ReadmeUploadTest.swift",
            "Tests/LifecycleKitTests/ReadmeScenarioTest.swift", "Examples/LoggingApp/LoggingApp.swift",
            "Examples/LoggingSceneApp/LoggingSceneApp.swift",
            "Examples/LoggingExample/AppDelegate.swift", "XcodeTemplates/LoggingApp/AppDelegate.swift",
            "Tests/LifecycleUIKitTests/ClockedAppDelegate.swift",
        ].map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }
        for block in blocks {
            #expect(compiled.contains { $0.contains(block) }, "not in a compiled file:\n\(block)")
        }
    }
}
