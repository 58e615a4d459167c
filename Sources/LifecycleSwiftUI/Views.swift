import Foundation

// The views a typical `ContentView` is made of. Nothing is drawn: each evaluates what it contains, so that the
// modifiers inside attach their handlers, and keeps nothing else.

/// A container that evaluates its content and has no body of its own.
@MainActor
protocol ContainerView: PrimitiveView {
    associatedtype Content
    var content: Content { get }
}

extension ContainerView {
    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        if let view = content as? any View { pass.evaluate(view, at: path.child("content")) }
    }
}

/// Alignment of a stack's views, ignored.
public enum HorizontalAlignment: Sendable { case leading, center, trailing }
public enum VerticalAlignment: Sendable { case top, center, bottom, firstTextBaseline, lastTextBaseline }
public struct Alignment: Sendable {
    public static let center = Alignment(), leading = Alignment(), trailing = Alignment(), top = Alignment()
    public static let bottom = Alignment(), topLeading = Alignment(), topTrailing = Alignment()
    public static let bottomLeading = Alignment(), bottomTrailing = Alignment()
}

public struct VStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    { self.content = content() }
}

public struct HStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct ZStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
}

public struct LazyVStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    { self.content = content() }
}

public struct ScrollView<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// Directions a scroll view scrolls in, ignored.
public enum Axis: Sendable {
    case horizontal, vertical
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

public struct List<SelectionValue: Hashable, Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// A row for each element of a collection a binding holds, given a binding to the element.
    public init<Elements: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<Elements>, @ViewBuilder rowContent: @escaping (Binding<Elements.Element>) -> RowContent
    )
    where
        Content == ForEach<[Binding<Elements.Element>], Elements.Element.ID, RowContent>,
        Elements.Element: Identifiable
    {
        content = ForEach(data, content: rowContent)
    }
}

extension List {
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct Form<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct Section<Parent, Content: View, Footer>: View, ContainerView {
    public typealias Body = Never
    let content: Content
}

extension Section where Parent == Text, Footer == EmptyView {
    public init(_ title: String, @ViewBuilder content: () -> Content) { self.content = content() }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension Section where Parent: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { self.content = content() }
}

public struct NavigationStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder root: () -> Content) { content = root() }
    public init<Path>(path: Binding<Path>, @ViewBuilder root: () -> Content) { content = root() }
}

public struct NavigationView<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View, PrimitiveView {
    public typealias Body = Never
    let sidebar: Sidebar
    let content: Content
    let detail: Detail

    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>? = nil, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
    ) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(sidebar, at: path.child("sidebar"))
        pass.evaluate(content, at: path.child("content"))
        pass.evaluate(detail, at: path.child("detail"))
    }
}

extension NavigationSplitView where Content == EmptyView {
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>? = nil, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder detail: () -> Detail
    ) {
        self.init(columnVisibility: columnVisibility, sidebar: sidebar, content: { EmptyView() }, detail: detail)
    }
}

/// Which columns of a split view show (`.automatic`, `.all`, `.doubleColumn`, `.detailOnly`): kept by the app (in
/// its navigation state, often encoded), never changed by a user here.
public struct NavigationSplitViewVisibility: Sendable, Hashable, Codable {
    private let name: String

    public static let automatic = NavigationSplitViewVisibility(name: "automatic")
    public static let all = NavigationSplitViewVisibility(name: "all")
    public static let doubleColumn = NavigationSplitViewVisibility(name: "doubleColumn")
    public static let detailOnly = NavigationSplitViewVisibility(name: "detailOnly")
}

/// A link whose destination is evaluated only once the user follows it: never, here.
public struct NavigationLink<Label: View, Destination: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { self.label = label() }

    public init(_ title: String, @ViewBuilder destination: () -> Destination) where Label == Text {
        label = Text(title)
    }

    public init<Value: Hashable>(value: Value?, @ViewBuilder label: () -> Label) where Destination == Never {
        self.label = label()
    }

    public init<Value: Hashable>(_ title: String, value: Value?) where Label == Text, Destination == Never {
        label = Text(title)
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) { pass.evaluate(label, at: path.child("label")) }
}

public struct Text: View, PrimitiveView {
    public typealias Body = Never
    let content: String

    public init(_ content: String) { self.content = content }
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }
    public init(_ date: Date, style: DateStyle) { content = "\(date)" }
    /// A value written in a format (`Text(price, format: .currency(code: "EUR"))`), as Foundation formats it.
    public init<Format: FormatStyle>(_ input: Format.FormatInput, format: Format) where Format.FormatOutput == String {
        content = format.format(input)
    }

    /// How a date is written, ignored.
    public enum DateStyle: Sendable { case time, date, relative, offset, timer }

    public func bold() -> Text { self }
    public func italic() -> Text { self }
    public func font(_ font: Font?) -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }
    public static func + (lhs: Text, rhs: Text) -> Text { Text(lhs.content + rhs.content) }
}

public struct Image: View, PrimitiveView {
    public typealias Body = Never
    public init(_ name: String) {}
    public init(systemName: String) {}

    /// The size of a symbol, ignored.
    public enum Scale: Sendable { case small, medium, large }

    public func resizable() -> Image { self }
}

public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    public typealias Body = Never
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

extension Label where Title == Text, Icon == Image {
    public init(_ title: String, systemImage: String) {}
    public init(_ title: String, image: String) {}
}

public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    /// What the button does when tapped: the explorer does not tap buttons.
    let action: @MainActor () -> Void

    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) { pass.evaluate(label, at: path.child("label")) }
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }

    public init(_ title: String, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button where Label == LifecycleSwiftUI.Label<Text, Image> {
    /// iOS 17's button of a title and a symbol (`Button("Add", systemImage: "plus") { … }`).
    public init(
        _ title: String, systemImage: String, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void
    ) {
        self.init(action: action) { LifecycleSwiftUI.Label(title, systemImage: systemImage) }
    }
}

/// What a button does, ignored.
public struct ButtonRole: Sendable, Equatable {
    public static let destructive = ButtonRole(), cancel = ButtonRole()
}

public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == Text {
    public init(_ title: String, isOn: Binding<Bool>) {}
}

public struct TextField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
}

extension TextField where Label == Text {
    public init(_ title: String, text: Binding<String>) {}
    public init(_ title: String, text: Binding<String>, axis: Axis) {}
    public init(_ title: String, text: Binding<String>, prompt: Text?) {}
}

public struct SecureField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
}

extension SecureField where Label == Text {
    public init(_ title: String, text: Binding<String>) {}
}

public struct TextEditor: View, PrimitiveView {
    public typealias Body = Never
    public init(text: Binding<String>) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
}

extension Picker where Label == Text {
    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct ProgressView: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    public init(_ title: String) {}
    public init(value: Double?, total: Double = 1) {}
}

public struct Spacer: View, PrimitiveView {
    public typealias Body = Never
    public init(minLength: CGFloat? = nil) {}
}

public struct Divider: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
}

/// A colour, as a view and as a style; ignored.
nonisolated public struct Color: View, PrimitiveView, ShapeStyle, Sendable, Hashable {
    public typealias Body = Never
    let name: String

    public init(_ name: String) { self.name = name }
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "rgb" }

    public static let red = Color("red"), green = Color("green"), blue = Color("blue"), orange = Color("orange")
    public static let yellow = Color("yellow"), pink = Color("pink"), purple = Color("purple"), gray = Color("gray")
    public static let black = Color("black"), white = Color("white"), clear = Color("clear")
    public static let primary = Color("primary"), secondary = Color("secondary"), accentColor = Color("accent")

    public func opacity(_ opacity: Double) -> Color { self }
}

/// A way to fill text and shapes, ignored (`.foregroundStyle(.tint)`).
public protocol ShapeStyle {}

/// The app's tint.
public struct TintShapeStyle: ShapeStyle, Sendable { public init() {} }

/// The primary to quaternary levels of the foreground.
public struct HierarchicalShapeStyle: ShapeStyle, Sendable {
    public static let primary = HierarchicalShapeStyle(), secondary = HierarchicalShapeStyle()
    public static let tertiary = HierarchicalShapeStyle(), quaternary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var blue: Color { Color.blue }
    public static var green: Color { Color.green }
    public static var gray: Color { Color.gray }
    public static var orange: Color { Color.orange }
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var accentColor: Color { Color.accentColor }
}

/// A font, ignored.
public struct Font: Sendable, Hashable {
    let name: String
    public static let largeTitle = Font(name: "largeTitle"), title = Font(name: "title"), title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3"), headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline"), body = Font(name: "body")
    public static let callout = Font(name: "callout"), footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption"), caption2 = Font(name: "caption2")

    public static func system(size: CGFloat) -> Font { Font(name: "system") }
    public func bold() -> Font { self }
    public func weight(_ weight: Weight) -> Font { self }

    /// A font's weight, ignored.
    public struct Weight: Sendable, Hashable {
        public static let regular = Weight(), medium = Weight(), semibold = Weight(), bold = Weight()
        public static let light = Weight(), heavy = Weight()
    }
}

/// Edges, for padding, ignored.
public enum Edge: Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8), horizontal = Set(rawValue: 10), vertical = Set(rawValue: 5)
        public static let all = Set(rawValue: 15)
    }
}
