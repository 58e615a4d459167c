import Foundation

// More modifiers of appearance, layout, input and presentation. Nothing is drawn and no gesture comes, so each gives
// back the view it modifies; those that hold views (swipe actions, context menus, insets) evaluate them with it, and
// those that present views (a dialog, a sheet for an item, a destination) evaluate them while presented, so that
// their lifecycle modifiers attach.
extension View {
    // Layout.
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> Self { self }
    public func scaledToFit() -> Self { self }
    public func scaledToFill() -> Self { self }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
    public func offset(_ offset: CGSize) -> Self { self }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> Self { self }
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> Self { self }
    public func zIndex(_ value: Double) -> Self { self }
    public func layoutPriority(_ value: Double) -> Self { self }
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> Self { self }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View { AccessoryView(content: self, accessory: content()) }

    // Drawing.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> Self { self }
    public func clipped() -> Self { self }
    public func contentShape<S: Shape>(_ shape: S) -> Self { self }
    public func mask<V: View>(@ViewBuilder _ mask: () -> V) -> Self { self }
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> Self { self }
    public func blur(radius: CGFloat, opaque: Bool = false) -> Self { self }
    public func saturation(_ amount: Double) -> Self { self }
    public func grayscale(_ amount: Double) -> Self { self }
    public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
    public func transition(_ transition: AnyTransition) -> Self { self }
    public func animation(_ animation: Animation?) -> Self { self }
    public func redacted(reason: RedactionReasons) -> Self { self }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> Self { self }
    public func statusBarHidden(_ hidden: Bool = true) -> Self { self }
    public func labelStyle<S: LabelStyle>(_ style: S) -> Self { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> Self { self }
    public func controlSize(_ controlSize: ControlSize) -> Self { self }
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> Self { self }
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> Self { self }
    public func navigationBarHidden(_ hidden: Bool) -> Self { self }
    public func scrollContentBackground(_ visibility: Visibility) -> Self { self }
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> Self { self }
    public func listRowBackground<V: View>(_ view: V?) -> Self { self }
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> Self { self }
    public func listRowInsets(_ insets: EdgeInsets?) -> Self { self }
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> Self { self }
    public func presentationDragIndicator(_ visibility: Visibility) -> Self { self }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> Self { self }

    // Text.
    public func monospacedDigit() -> Self { self }
    public func textCase(_ textCase: Text.Case?) -> Self { self }
    public func minimumScaleFactor(_ factor: CGFloat) -> Self { self }
    public func truncationMode(_ mode: Text.TruncationMode) -> Self { self }
    public func lineSpacing(_ lineSpacing: CGFloat) -> Self { self }
    public func kerning(_ kerning: CGFloat) -> Self { self }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Self { self }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Self { self }
    public func textSelection<S: TextSelectability>(_ selectability: S) -> Self { self }

    // Input.
    public func keyboardType(_ type: UIKeyboardType) -> Self { self }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> Self { self }
    public func autocorrectionDisabled(_ disable: Bool = true) -> Self { self }
    public func submitLabel(_ submitLabel: SubmitLabel) -> Self { self }
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> Self { self }
    public func focused(_ condition: FocusState<Bool>.Binding) -> Self { self }
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> Self { self }
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> Self { self }
    public func gesture<G: Gesture>(_ gesture: G) -> Self { self }
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> Self { self }
    public func onHover(perform action: @escaping (Bool) -> Void) -> Self { self }
    public func help(_ text: String) -> Self { self }
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> Self { self }
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Self { self }

    // Tabs and lists.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        AccessoryView(content: self, accessory: label())
    }
    public func badge(_ count: Int) -> Self { self }
    public func badge(_ label: String?) -> Self { self }
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View { AccessoryView(content: self, accessory: content()) }
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        AccessoryView(content: self, accessory: menuItems())
    }

    // Presentation.
    public func confirmationDialog<A: View>(
        _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> A
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: actions)
    }

    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        let item = item.wrappedValue
        return PresentingView(content: self, isPresented: item != nil) { item.map(content) }
    }

    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        let item = item.wrappedValue
        return PresentingView(content: self, isPresented: item != nil) { item.map(content) }
    }

    public func popover<Content: View>(
        isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: content)
    }

    /// A destination pushed while `isPresented`.
    public func navigationDestination<V: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: @escaping () -> V
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue, presented: destination)
    }

    /// The destinations of values pushed on a navigation stack's path: none is pushed here.
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> Self { self }
}

/// Runs `body` with an animation, ignored: the change is made at once.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// How content fills its frame, ignored.
public enum ContentMode: Sendable { case fit, fill }

/// An angle, ignored.
public struct Angle: Sendable, Hashable {
    public init(degrees: Double) {}
    public init(radians: Double) {}
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static let zero = Angle(degrees: 0)
}

/// A vertical edge, for insets and separators, ignored.
public enum VerticalEdge: Sendable {
    case top, bottom
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), bottom = Set(rawValue: 2), all = Set(rawValue: 3)
    }
}

/// A horizontal edge, for swipe actions, ignored.
public enum HorizontalEdge: Sendable { case leading, trailing }

/// How a view comes and goes, ignored.
public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition(), slide = AnyTransition(), scale = AnyTransition()
    public static let identity = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition()
    }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// Why a view is shown as a placeholder, ignored.
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
}

/// Light or dark, as the environment's `colorScheme` says: light here.
public enum ColorScheme: Sendable, Hashable { case light, dark }

/// A horizontal or vertical size class: an iPhone's, compact wide and regular high.
public enum UserInterfaceSizeClass: Sendable, Hashable { case compact, regular }

/// Whether something shows, ignored.
public enum Visibility: Sendable { case automatic, visible, hidden }

/// A bar a toolbar modifier applies to, ignored.
public struct ToolbarPlacement: Sendable {
    public static let automatic = ToolbarPlacement(), navigationBar = ToolbarPlacement(), tabBar = ToolbarPlacement()
    public static let bottomBar = ToolbarPlacement()
}

/// How scrolling dismisses the keyboard, ignored.
public enum ScrollDismissesKeyboardMode: Sendable { case automatic, immediately, interactively, never }

/// A sheet's height, ignored.
public struct PresentationDetent: Sendable, Hashable {
    public static let medium = PresentationDetent(), large = PresentationDetent()
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent() }
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent() }
}

/// A label's style, ignored.
public protocol LabelStyle {}
public struct IconOnlyLabelStyle: LabelStyle { public init() {} }
public struct TitleOnlyLabelStyle: LabelStyle { public init() {} }
public struct TitleAndIconLabelStyle: LabelStyle { public init() {} }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { .init() }
}

/// How a symbol's layers are coloured, ignored.
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode(), hierarchical = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode(), palette = SymbolRenderingMode()
}

/// A bordered button's shape, ignored.
public struct ButtonBorderShape: Sendable {
    public static let automatic = ButtonBorderShape(), capsule = ButtonBorderShape()
    public static let roundedRectangle = ButtonBorderShape(), circle = ButtonBorderShape()
}

/// A control's size, ignored.
public enum ControlSize: Sendable { case mini, small, regular, large, extraLarge }

/// Whether text can be selected, ignored.
public protocol TextSelectability {}
public struct EnabledTextSelectability: TextSelectability { public init() {} }
extension TextSelectability where Self == EnabledTextSelectability {
    public static var enabled: EnabledTextSelectability { .init() }
}

/// The keyboard a text field shows, ignored. Its cases are UIKit's, `URL` as UIKit spells it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum UIKeyboardType: Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, emailAddress, decimalPad
}

/// How a text field capitalizes, ignored.
public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization(), words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization(), characters = TextInputAutocapitalization()
}

/// The return key's label, ignored.
public struct SubmitLabel: Sendable {
    public static let done = SubmitLabel(), go = SubmitLabel(), send = SubmitLabel(), join = SubmitLabel()
    public static let route = SubmitLabel(), search = SubmitLabel(), `return` = SubmitLabel()
    public static let next = SubmitLabel(), `continue` = SubmitLabel()
}

/// A key, for a keyboard shortcut, ignored.
public struct KeyEquivalent: Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    public init(_ character: Character) {}
    public init(extendedGraphemeClusterLiteral value: Character) {}
    public static let `return` = KeyEquivalent("\r"), escape = KeyEquivalent("\u{1B}")
    public static let delete = KeyEquivalent("\u{8}"), space = KeyEquivalent(" ")
}

/// Modifier keys, ignored.
public struct EventModifiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let command = EventModifiers(rawValue: 1), shift = EventModifiers(rawValue: 2)
    public static let option = EventModifiers(rawValue: 4), control = EventModifiers(rawValue: 8)
}

/// Haptic feedback, ignored.
public struct SensoryFeedback: Sendable {
    public static let success = SensoryFeedback(), warning = SensoryFeedback(), error = SensoryFeedback()
    public static let selection = SensoryFeedback(), increase = SensoryFeedback(), decrease = SensoryFeedback()
    public static func impact() -> SensoryFeedback { SensoryFeedback() }
}

/// A gesture: none comes on Linux, so its actions never run.
public protocol Gesture {}

extension Gesture {
    public func onEnded(_ action: @escaping () -> Void) -> Self { self }
    public func onChanged<Value>(_ action: @escaping (Value) -> Void) -> Self { self }
}

public struct TapGesture: Gesture {
    public init(count: Int = 1) {}
}

public struct LongPressGesture: Gesture {
    public init(minimumDuration: Double = 0.5) {}
}

public struct DragGesture: Gesture {
    /// Where a drag is, ignored.
    public struct Value: Sendable {
        public var translation: CGSize
        public var location: CGPoint
        public var startLocation: CGPoint
    }

    public init(minimumDistance: CGFloat = 10) {}
    public func onChanged(_ action: @escaping (Value) -> Void) -> Self { self }
    public func onEnded(_ action: @escaping (Value) -> Void) -> Self { self }
}

/// Which view has the keyboard (SwiftUI's `@FocusState`): kept by the view, never moved by a user here.
@MainActor @propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    private let box: FocusBox<Value>

    public init() where Value == Bool { box = FocusBox(false) }
    public init<T: Hashable>() where Value == T? { box = FocusBox(nil) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding { Binding(box: box) }

    /// `$field`, for `.focused(_:)`.
    @MainActor
    public struct Binding {
        let box: FocusBox<Value>

        public var wrappedValue: Value {
            get { box.value }
            nonmutating set { box.value = newValue }
        }
    }
}

/// What a `@FocusState` holds.
@MainActor
final class FocusBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension Text {
    /// A text's letter case, ignored.
    public enum Case: Sendable { case uppercase, lowercase }
    /// Where a text is cut, ignored.
    public enum TruncationMode: Sendable { case head, middle, tail }
}
