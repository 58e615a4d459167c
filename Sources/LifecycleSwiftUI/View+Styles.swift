import Foundation

// Styles and the older presentation API (`Alert`, `actionSheet`, `navigationBarItems`), and a few containers: nothing
// is drawn, so each style is ignored; a container evaluates what it holds, and a presentation what it presents while
// presented, so that their lifecycle modifiers attach.
extension View {
    public func pickerStyle<S: PickerStyle>(_ style: S) -> Self { self }
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> Self { self }
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> Self { self }
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> Self { self }
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> Self { self }
    public func formStyle<S: FormStyle>(_ style: S) -> Self { self }
    public func accentColor(_ color: Color?) -> Self { self }
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement, prompt: String? = nil) -> Self {
        self
    }
    public func listRowSpacing(_ spacing: CGFloat?) -> Self { self }

    /// iOS 13's alert: its `Alert` while `isPresented`.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> Self { self }

    /// An alert for an item, while it is there.
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> Self { self }

    /// iOS 13's action sheet, ignored.
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> Self { self }

    /// iOS 13's bar items: evaluated with the view, as a toolbar's are.
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
        AccessoryView(content: self, accessory: AccessoryView(content: leading, accessory: trailing))
    }

    public func navigationBarItems<T: View>(trailing: T) -> some View {
        AccessoryView(content: self, accessory: trailing)
    }

    public func navigationBarItems<L: View>(leading: L) -> some View {
        AccessoryView(content: self, accessory: leading)
    }

    /// Advertises an activity for a value while the value is there (Handoff, Spotlight): nothing the lifecycle sees.
    public func userActivity<P>(_ activityType: String, element: P?, _ update: @escaping (P, NSUserActivity) -> Void)
        -> Self
    { self }
}

/// iOS 13's alert, ignored.
public struct Alert {
    /// One of an alert's buttons, ignored.
    public struct Button {
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button() }
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button { Button() }
        public static func cancel(_ action: (() -> Void)? = {}) -> Button { Button() }
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button { Button() }
    }

    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {}
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {}
}

/// iOS 13's action sheet, ignored.
public struct ActionSheet {
    public init(title: Text, message: Text? = nil, buttons: [Alert.Button] = []) {}
}

/// Where a search field goes, ignored.
public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement(), toolbar = SearchFieldPlacement()
    public static let sidebar = SearchFieldPlacement()
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
        SearchFieldPlacement()
    }
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}

/// A picker's style, ignored.
public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
public struct MenuPickerStyle: PickerStyle { public init() {} }
public struct WheelPickerStyle: PickerStyle { public init() {} }
public struct InlinePickerStyle: PickerStyle { public init() {} }
public struct NavigationLinkPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: Self { .init() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: Self { .init() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: Self { .init() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: Self { .init() } }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: Self { .init() } }

/// A toggle's style, ignored.
public protocol ToggleStyle {}
public struct SwitchToggleStyle: ToggleStyle { public init(tint: Color? = nil) {} }
public struct ButtonToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: Self { .init() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: Self { .init() } }

/// A date picker's style, ignored.
public protocol DatePickerStyle {}
public struct CompactDatePickerStyle: DatePickerStyle { public init() {} }
public struct GraphicalDatePickerStyle: DatePickerStyle { public init() {} }
public struct WheelDatePickerStyle: DatePickerStyle { public init() {} }
extension DatePickerStyle where Self == CompactDatePickerStyle { public static var compact: Self { .init() } }
extension DatePickerStyle where Self == GraphicalDatePickerStyle { public static var graphical: Self { .init() } }
extension DatePickerStyle where Self == WheelDatePickerStyle { public static var wheel: Self { .init() } }

/// A progress view's style, ignored.
public protocol ProgressViewStyle {}
public struct LinearProgressViewStyle: ProgressViewStyle { public init() {} }
public struct CircularProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: Self { .init() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: Self { .init() } }

/// A tab view's style, ignored.
public protocol TabViewStyle {}
public struct PageTabViewStyle: TabViewStyle {
    public enum IndexDisplayMode: Sendable { case automatic, always, never }
    public init(indexDisplayMode: IndexDisplayMode = .automatic) {}
}
public struct DefaultTabViewStyle: TabViewStyle { public init() {} }
extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: Self { .init() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> Self { .init() }
}
extension TabViewStyle where Self == DefaultTabViewStyle { public static var automatic: Self { .init() } }

/// A form's style, ignored.
public protocol FormStyle {}
public struct GroupedFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == GroupedFormStyle { public static var grouped: Self { .init() } }

/// Views shown and hidden by a disclosure arrow: the content is in the tree while expanded.
public struct DisclosureGroup<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let content: Content
    let isExpanded: Bool

    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        self.isExpanded = isExpanded.wrappedValue
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        isExpanded = false
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(label, at: path.child("label"))
        if isExpanded { pass.evaluate(content, at: path.child("content")) }
    }
}

extension DisclosureGroup where Label == Text {
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }

    public init(_ title: String, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}

/// Controls grouped together.
public struct ControlGroup<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}
