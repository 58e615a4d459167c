import Foundation

/// A piece of an app's user interface (SwiftUI's `View`): a value whose `body` describes what it shows.
///
/// Nothing is drawn. A scene's views are evaluated when the scene connects and again when state they read changes,
/// as SwiftUI does, so that the lifecycle's modifiers (`onChange(of:)`, `onOpenURL`, `onAppear`, `task`, …) attach
/// their handlers and the property wrappers (`@State`, `@SceneStorage`, `@Environment`, …) find their storage.
@MainActor @preconcurrency
public protocol View {
    /// The type of view the body is.
    associatedtype Body: View
    /// What the view is made of.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// A view the evaluation takes apart itself has no body.
    public var body: Never { fatalError("\(Self.self) has no body") }
}

/// A view that the evaluation takes apart itself (containers, modifiers, text): it has no body.
@MainActor
protocol PrimitiveView {
    /// Evaluates what the view contains, at `path` of its scene's tree.
    func evaluate(in pass: EvaluationPass, at path: ViewPath)
}

extension PrimitiveView {
    /// A leaf: nothing inside to evaluate.
    func evaluate(in pass: EvaluationPass, at path: ViewPath) {}
}

/// Builds views from the statements of a `body` or a container's closure (SwiftUI's `ViewBuilder`).
@MainActor @resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        return TupleView((repeat each content), children: children)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > { _ConditionalContent(storage: .trueContent(first)) }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .falseContent(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views side by side in a builder.
public struct TupleView<T>: View, PrimitiveView {
    public typealias Body = Never
    public var value: T
    let children: [any View]

    public init(_ value: T) {
        self.value = value
        children = []
    }

    init(_ value: T, children: [any View]) {
        self.value = value
        self.children = children
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        for (index, child) in children.enumerated() { pass.evaluate(child, at: path.child(String(index))) }
    }
}

/// One of two views, as an `if`–`else` in a builder chose it: each branch has an identity of its own, so state kept
/// in one is lost when the other shows.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    public typealias Body = Never
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        switch storage {
        case .trueContent(let content): pass.evaluate(content, at: path.child("if"))
        case .falseContent(let content): pass.evaluate(content, at: path.child("else"))
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        if let view = self { pass.evaluate(view, at: path.child("some")) }
    }
}

/// Nothing.
public struct EmptyView: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
}

/// A view of any type: its identity changes with the type it holds.
public struct AnyView: View, PrimitiveView {
    public typealias Body = Never
    let view: any View

    public init<V: View>(_ view: V) { self.view = view }
    public init<V: View>(erasing view: V) { self.view = view }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(view, at: path.child(String(describing: type(of: view))))
    }
}

/// Views grouped without a container of their own.
public struct Group<Content>: PrimitiveView {
    let content: Content

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        if let view = content as? any View { pass.evaluate(view, at: path.child("group")) }
    }
}

extension Group: View where Content: View {
    public typealias Body = Never
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// A view for each element of a collection, each with the identity of its element's `id`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    let id: KeyPath<Data.Element, ID>

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        for element in data {
            if let view = content(element) as? any View {
                pass.evaluate(view, at: path.child("[\(element[keyPath: id])]"))
            }
        }
    }
}

extension ForEach: View where Content: View {
    public typealias Body = Never

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.id = id
        self.content = content
    }

    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable, ID == Data.Element.ID {
        self.init(data, id: \.id, content: content)
    }

    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int {
        self.init(data, id: \.self, content: content)
    }

    /// A view for each element of a collection a binding holds, given a binding to the element
    /// (`ForEach($items) { $item in TextField("Name", text: $item.name) }`).
    public init<Elements: MutableCollection & RandomAccessCollection>(
        _ data: Binding<Elements>, @ViewBuilder content: @escaping (Binding<Elements.Element>) -> Content
    ) where Data == [Binding<Elements.Element>], Elements.Element: Identifiable, ID == Elements.Element.ID {
        let bindings = data.wrappedValue.indices.map { index in
            Binding(get: { data.wrappedValue[index] }, set: { data.wrappedValue[index] = $0 })
        }
        self.init(bindings, id: \.wrappedValue.id, content: content)
    }
}
