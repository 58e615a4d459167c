import Foundation

/// A view with content shown on demand (a sheet, a popover, a full-screen cover): the content is evaluated while it is
/// presented.
struct PresentingView<Content: View, Presented: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let isPresented: Bool
    let presented: () -> Presented

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(content, at: path.child(">"))
        if isPresented { pass.evaluate(presented(), at: path.child("presented")) }
    }
}

/// A view with a toolbar or an overlay, whose views are evaluated with it.
struct AccessoryView<Content: View, Accessory: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let accessory: Accessory

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(content, at: path.child(">"))
        pass.evaluate(accessory, at: path.child("accessory"))
    }
}

// The modifiers of appearance and layout: nothing is drawn, so each gives back the view it modifies, and those that
// hold views (sheets, toolbars, overlays) evaluate them, so that their lifecycle modifiers attach.
extension View {
    public func padding(_ length: CGFloat? = nil) -> Self { self }
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> Self { self }
    public func font(_ font: Font?) -> Self { self }
    public func fontWeight(_ weight: Font.Weight?) -> Self { self }
    public func bold(_ isActive: Bool = true) -> Self { self }
    public func italic(_ isActive: Bool = true) -> Self { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Self { self }
    public func foregroundColor(_ color: Color?) -> Self { self }
    public func tint(_ tint: Color?) -> Self { self }
    public func background<S: ShapeStyle>(_ style: S) -> Self { self }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        AccessoryView(content: self, accessory: content())
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        AccessoryView(content: self, accessory: content())
    }
    public func imageScale(_ scale: Image.Scale) -> Self { self }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> Self { self }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> Self { self }
    public func opacity(_ opacity: Double) -> Self { self }
    public func cornerRadius(_ radius: CGFloat) -> Self { self }
    public func shadow(radius: CGFloat) -> Self { self }
    public func disabled(_ disabled: Bool) -> Self { self }
    public func hidden() -> Self { self }
    public func lineLimit(_ number: Int?) -> Self { self }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Self { self }
    public func navigationTitle(_ title: String) -> Self { self }
    public func navigationTitle(_ title: Text) -> Self { self }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> Self { self }
    public func listStyle<S: ListStyle>(_ style: S) -> Self { self }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> Self { self }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> Self { self }
    public func accessibilityLabel(_ label: String) -> Self { self }
    public func accessibilityIdentifier(_ identifier: String) -> Self { self }
    public func id<ID: Hashable>(_ id: ID) -> Self { self }
    /// Tags the view with a value: a `TabView` shows the tab whose tag its selection holds.
    public func tag<V: Hashable>(_ tag: V) -> some View { TaggedView(content: self, tag: AnyHashable(tag)) }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }
    public func ignoresSafeArea() -> Self { self }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> Self { self }
    public func onSubmit(_ action: @escaping () -> Void) -> Self { self }
    public func refreshable(action: @escaping @Sendable () async -> Void) -> Self { self }
    public func searchable(text: Binding<String>, prompt: String? = nil) -> Self { self }
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Self { self }

    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        AccessoryView(content: self, accessory: content())
    }

    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: content)
    }

    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: content)
    }

    public func alert<Actions: View>(
        _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: actions)
    }

    public func alert<Actions: View, Message: View>(
        _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: () -> Message
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: actions)
    }
}

/// How text lines up, ignored.
public enum TextAlignment: Sendable { case leading, center, trailing }

/// An animation, ignored.
public struct Animation: Sendable {
    public static let `default` = Animation(), easeInOut = Animation(), spring = Animation(), linear = Animation()
}

/// The navigation bar's title display, ignored.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}

/// Toolbar content: views placed in the bar.
public struct ToolbarItem<Content: View>: View, ContainerView {
    public typealias Body = Never
    let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// Where a toolbar item goes, ignored.
public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement(), primaryAction = ToolbarItemPlacement()
    public static let navigationBarTrailing = ToolbarItemPlacement(), navigationBarLeading = ToolbarItemPlacement()
    public static let topBarTrailing = ToolbarItemPlacement(), topBarLeading = ToolbarItemPlacement()
    public static let bottomBar = ToolbarItemPlacement(), confirmationAction = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement()
}

/// A list's style, ignored.
public protocol ListStyle {}
public struct PlainListStyle: ListStyle { public init() {} }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
public struct GroupedListStyle: ListStyle { public init() {} }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { PlainListStyle() } }
extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == GroupedListStyle {
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}

/// A button's style, ignored.
public protocol PrimitiveButtonStyle {}
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

/// A text field's style, ignored.
public protocol TextFieldStyle {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}
