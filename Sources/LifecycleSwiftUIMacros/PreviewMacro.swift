import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview { ContentView() }`, as Xcode's SwiftUI template writes it: a canvas preview, which has nothing to show on
/// Linux, so it expands to nothing. The closure is not compiled either, as on iOS outside Xcode's canvas.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

@main
struct LifecycleSwiftUIMacros: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PreviewMacro.self]
}
