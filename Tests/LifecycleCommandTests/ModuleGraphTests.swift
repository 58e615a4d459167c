import Foundation
import Testing

/// The graph of docs/architecture.md is the package's: the modules of `Sources/` and whom each imports, as
/// `Package.swift` declares them, with the arrows a longer path implies left out.
@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The arrows of the document's `mermaid` block, as "from --> to".
    static func documentedArrows() throws -> Set<String> {
        let page = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let block =
            try #require(page.components(separatedBy: "```mermaid\n").dropFirst().first)
            .components(separatedBy: "\n```").first ?? ""
        return Set(
            block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("-->") })
    }

    /// Each module of `Sources/` (a target without a `path:` of its own) and the modules of this package it
    /// depends on.
    static func declaredDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var modules: [String: [String]] = [:]
        for call in [".target(", ".executableTarget("] {
            for piece in manifest.components(separatedBy: call).dropFirst() {
                let arguments = balanced(piece, open: "(", close: ")")
                guard !arguments.contains("path:"), let name = quotedStrings(in: arguments).first else { continue }
                var dependencies: [String] = []
                if let start = arguments.range(of: "dependencies: [") {
                    var list = balanced(String(arguments[start.upperBound...]), open: "[", close: "]")
                    // Products of other packages are not modules of this one.
                    while let product = list.range(of: ".product(") {
                        let call = balanced(String(list[product.upperBound...]), open: "(", close: ")")
                        list.replaceSubrange(
                            product.lowerBound..<list.index(product.upperBound, offsetBy: call.count + 1),
                            with: "")
                    }
                    dependencies = quotedStrings(in: list)
                }
                modules[name] = dependencies
            }
        }
        return modules.mapValues { Set($0.filter { modules[$0] != nil }) }
    }

    /// The text up to the bracket that closes the one opened just before it.
    static func balanced(_ text: String, open: Character, close: Character) -> String {
        var depth = 1
        for index in text.indices {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return String(text[..<index]) }
            }
        }
        return text
    }

    static func quotedStrings(in text: String) -> [String] {
        text.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test func theArchitecturePagesGraphIsThePackages() throws {
        let dependencies = try Self.declaredDependencies()
        #expect(dependencies["LifecycleCore"] == [], "the core depends on nothing")
        #expect(dependencies.count >= 15)
        // Everything a module reaches through its dependencies.
        func reachable(from module: String) -> Set<String> {
            var seen: Set<String> = []
            var pending = Array(dependencies[module] ?? [])
            while let next = pending.popLast() {
                if seen.insert(next).inserted { pending += dependencies[next] ?? [] }
            }
            return seen
        }
        var arrows: Set<String> = []
        for (module, direct) in dependencies {
            for dependency in direct
            where !direct.contains(where: { $0 != dependency && reachable(from: $0).contains(dependency) }) {
                arrows.insert("\(module) --> \(dependency)")
            }
        }
        let documented = try Self.documentedArrows()
        #expect(
            documented.subtracting(arrows).isEmpty,
            "in the page, not in Package.swift: \(documented.subtracting(arrows).sorted())")
        #expect(
            arrows.subtracting(documented).isEmpty,
            "in Package.swift, not in the page: \(arrows.subtracting(documented).sorted())")
    }
}
