import Foundation

// More of the views a typical `ContentView` is made of: controls, grids, tabs and readers. Nothing is drawn; a view
// that holds views evaluates them, so that their lifecycle modifiers attach.

public struct Stepper<Label: View>: View, ContainerView {
    public typealias Body = Never
    let content: Label

    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        @ViewBuilder label: () -> Label
    ) { content = label() }
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        content = label()
    }
}

extension Stepper where Label == Text {
    public init<V: Strideable>(_ title: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        content = Text(title)
    }
    public init<V: Strideable>(_ title: String, value: Binding<V>, step: V.Stride = 1) { content = Text(title) }
}

public struct Slider: View, PrimitiveView {
    public typealias Body = Never
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) {}
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride) {}
}

/// What a date picker shows, ignored.
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let date = DatePickerComponents(rawValue: 1), hourAndMinute = DatePickerComponents(rawValue: 2)
}

public struct DatePicker<Label: View>: View, ContainerView {
    public typealias Body = Never
    let content: Label

    public init(
        selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute],
        @ViewBuilder label: () -> Label
    ) { content = label() }
}

extension DatePicker where Label == Text {
    public init(
        _ title: String, selection: Binding<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) { content = Text(title) }
    public init(
        _ title: String, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) { content = Text(title) }
}

/// A menu: its items are evaluated with its label, as a toolbar's are.
public struct Menu<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        AccessoryView(content: label, accessory: content).evaluate(in: pass, at: path)
    }
}

extension Menu where Label == Text {
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

public struct ShareLink: View, PrimitiveView {
    public typealias Body = Never
    public init(item: URL) {}
    public init(item: String) {}
    public init(_ title: String, item: URL) {}
    public init(_ title: String, item: String) {}
}

public struct Link<Label: View>: View, ContainerView {
    public typealias Body = Never
    let content: Label
    public init(destination: URL, @ViewBuilder label: () -> Label) { content = label() }
}

extension Link where Label == Text {
    public init(_ title: String, destination: URL) { content = Text(title) }
}

public struct EditButton: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
}

public struct LabeledContent<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        AccessoryView(content: label, accessory: content).evaluate(in: pass, at: path)
    }
}

extension LabeledContent where Label == Text, Content == Text {
    public init(_ title: String, value: String) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }
}

extension LabeledContent where Label == Text {
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// What a view shows when it has nothing (iOS 17's `ContentUnavailableView`), ignored.
public struct ContentUnavailableView: View, PrimitiveView {
    public typealias Body = Never
    public init(_ title: String, systemImage: String, description: Text? = nil) {}
    public static let search = ContentUnavailableView("No Results", systemImage: "magnifyingglass")
}

/// An image loaded from a URL: never loaded here, so its placeholder is what is evaluated.
public struct AsyncImage<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content

    public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: () -> P
    ) where Content == _ConditionalContent<I, P> {
        self.content = _ConditionalContent(storage: .falseContent(placeholder()))
    }
}

extension AsyncImage where Content == Image {
    public init(url: URL?, scale: CGFloat = 1) { content = Image("") }
}

/// A view's size, as a `GeometryReader` gives it: the size of an iPhone's screen in points.
public struct GeometryProxy {
    public let size: CGSize
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// Insets from each edge, ignored.
public struct EdgeInsets: Sendable, Hashable {
    public var top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0
    public init() {}
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

public struct GeometryReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(content(GeometryProxy(size: CGSize(width: 393, height: 852))), at: path.child("content"))
    }
}

/// Scrolls a scroll view to a view, ignored (nothing scrolls).
public struct ScrollViewProxy {
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(content(ScrollViewProxy()), at: path.child("content"))
    }
}

/// Tabs: the selected tab's views are in the tree — the one whose `tag` the selection holds, else the first — as
/// SwiftUI makes a tab's views when the tab shows. No user picks another tab here; the app's code can, through the
/// selection.
public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let selection: AnyHashable?

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { AnyHashable($0.wrappedValue) }
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        let base = path.child("content")
        guard let tabs = (content as? any ViewList)?.childViews else {
            pass.evaluate(content, at: base)
            return
        }
        let chosen = tabs.indices.first { selection != nil && Self.tag(of: tabs[$0]) == selection } ?? 0
        guard chosen < tabs.count else { return }
        pass.evaluate(tabs[chosen], at: base.child(String(chosen)))
    }

    /// The tag of a tab, through the modifiers around it.
    static func tag(of view: any View) -> AnyHashable? { (view as? any TagCarrying)?.carriedTag }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        selection = nil
    }
}

/// A view and its tag (`.tag(_:)`).
struct TaggedView<Content: View>: View, PrimitiveView, TagCarrying {
    typealias Body = Never
    let content: Content
    let tag: AnyHashable

    var carriedTag: AnyHashable? { tag }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) { pass.evaluate(content, at: path) }
}

/// A view that carries a tag, its own or that of the view it modifies.
@MainActor
protocol TagCarrying {
    var carriedTag: AnyHashable? { get }
}

extension AccessoryView: TagCarrying {
    var carriedTag: AnyHashable? { (content as? any TagCarrying)?.carriedTag }
}

extension HookedView: TagCarrying {
    var carriedTag: AnyHashable? { (content as? any TagCarrying)?.carriedTag }
}

/// A builder's views, one by one.
@MainActor
protocol ViewList {
    var childViews: [any View] { get }
}

extension TupleView: ViewList {
    var childViews: [any View] { children }
}

public struct LazyHStack<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// A column or row of a lazy grid, ignored.
public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat), flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {}
}

public struct LazyVGrid<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct LazyHGrid<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct Grid<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct GridRow<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { self.content = content() }
}

/// Several toolbar items at one place.
public struct ToolbarItemGroup<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// A gauge: its labels are evaluated, nothing is drawn.
public struct Gauge<Label: View, CurrentValueLabel: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let currentValueLabel: CurrentValueLabel

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        AccessoryView(content: label, accessory: currentValueLabel).evaluate(in: pass, at: path)
    }
}

extension Gauge where CurrentValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: { EmptyView() })
    }
}

/// A canvas: nothing is drawn, so its renderer is never called.
public struct Canvas: View, PrimitiveView {
    public typealias Body = Never

    public init(
        opaque: Bool = false, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {}
}

/// What a canvas draws with: never given, as nothing is drawn.
public struct GraphicsContext {
    private init() {}
}
