/// A change to a view that the app's code writes once and applies with `.modifier(_:)` (SwiftUI's `ViewModifier`):
/// `struct OnBackground: ViewModifier { @Environment(\.scenePhase) var phase; func body(content: Content) -> some View
/// { content.onChange(of: phase) { … } } }`.
///
/// The modifier's properties (`@Environment`, `@State`, …) are those of the view it makes: installed with it, and a
/// change to them evaluates its `body(content:)` again, whose modifiers attach as a view's do.
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view the modifier makes.
    associatedtype Body: View
    /// The view the modifier is applied to, as its `body(content:)` receives it.
    typealias Content = _ViewModifier_Content<Self>
    /// The view the modifier makes of `content`.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The view a ``ViewModifier`` is applied to, standing in its `body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    let content: any View

    func evaluate(in pass: EvaluationPass, at path: ViewPath) { pass.evaluate(content, at: path.child("content")) }
}

/// A view with a modifier applied (`view.modifier(m)`): a view whose body is the modifier's `body(content:)`.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(content: content)) }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<Modifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
