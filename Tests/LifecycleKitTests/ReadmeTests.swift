import Foundation
import Testing

/// The README's Swift examples are code that compiles: each block of its "Writing an app" section, and of
/// docs/writing-an-app.md, stands word for word in a compiled file.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift blocks of a section of a page (the README unless told).
    static func swiftBlocks(ofSection heading: String, in page: String = "README.md") throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        guard let start = text.range(of: "\n## \(heading)\n") else { return [] }
        return swiftBlocks(in: text[start.upperBound...].components(separatedBy: "\n## ").first ?? "")
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
            "Tests/LifecycleUIKitTests/ClockedAppDelegate.swift", "Tests/LifecycleUIKitTests/NotifiedAppDelegate.swift",
            "Tests/LifecycleUIKitTests/SaveTaskExample.swift", "XcodeTemplates/SwiftUIApp/MyAppApp.swift",
        ].map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }
        for block in blocks {
            #expect(compiled.contains { $0.contains(block) }, "not in a compiled file:\n\(block)")
        }
    }

    /// docs/testing.md's explorer examples stand in `Tests/LifecycleUIKitTests/ExplorerGuideTests.swift`, word for
    /// word (indented as in the suite: a test, or lines of a test's body).
    @Test func theExplorerGuidesExampleCompiles() throws {
        try Self.expectBlocks(
            ofSection: "Exploring your app for lifecycle bugs", count: 4,
            standIn: "Tests/LifecycleUIKitTests/ExplorerGuideTests.swift", indentedBy: ["    ", "        "])
    }

    /// docs/testing.md's locked-phone example stands in Examples/ExploredSignIn, word for word (indented as there: the
    /// import lines at the top, the methods in the careful delegate).
    @Test func theLockedPhonesExampleCompiles() throws {
        try Self.expectBlocks(
            ofSection: "The locked phone", count: 3, standIn: "Examples/ExploredSignIn/SignInAppDelegate.swift",
            indentedBy: ["", "    "])
    }

    /// Expects `count` Swift blocks in a section of docs/testing.md, each standing word for word in `file` at one of
    /// the indents.
    static func expectBlocks(ofSection heading: String, count: Int, standIn file: String, indentedBy indents: [String])
        throws
    {
        let blocks = try Self.swiftBlocks(ofSection: heading, in: "docs/testing.md")
        #expect(blocks.count == count)
        let compiled = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            let standsThere = indents.contains { indent in
                compiled.contains(lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n"))
            }
            #expect(standsThere, "not in \(file):\n\(block)")
        }
    }

    /// docs/testing.md's worked example is `Tests/LifecycleUIKitTests/TestingGuideTests.swift`, word for word, once
    /// the page's names (MyApp, Sources/MyApp) are read as the repository's template's (UIKitSceneApp,
    /// XcodeTemplates/SceneApp); the package manifest is the one block no test can compile.
    @Test func theTestingGuidesExampleCompiles() throws {
        let blocks = try Self.swiftBlocks(ofSection: "Testing your own app", in: "docs/testing.md").filter {
            !$0.hasPrefix("// swift-tools-version")
        }
        #expect(blocks.count == 2)
        let compiled = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/LifecycleUIKitTests/TestingGuideTests.swift"),
            encoding: .utf8)
        for block in blocks {
            let asCompiled = block.replacingOccurrences(of: "Sources/MyApp", with: "XcodeTemplates/SceneApp")
                .replacingOccurrences(of: "MyApp", with: "UIKitSceneApp")
            #expect(compiled.contains(asCompiled), "not in TestingGuideTests.swift:\n\(asCompiled)")
        }
    }
}
