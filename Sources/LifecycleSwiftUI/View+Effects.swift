import Foundation

// The modifiers of iOS 16 and 17 a view of today writes for its look and its input — numbers that roll, symbols that
// bounce, margins, key presses, geometry — with SwiftUI's signatures. Nothing is drawn and no input comes, so each
// gives back the view it modifies, and their actions never run; the alert for a value evaluates its actions while
// presented, as the other presentations do.
extension View {
    public func monospaced(_ isActive: Bool = true) -> Self { self }
    public func fontDesign(_ design: Font.Design?) -> Self { self }
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
    public func privacySensitive(_ sensitive: Bool = true) -> Self { self }
    public func labelsHidden() -> Self { self }
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> Self { self }
    public func symbolEffect<T: Equatable>(
        _ effect: SymbolEffect, options: SymbolEffectOptions = .default, value: T
    ) -> Self { self }
    public func symbolEffect(
        _ effect: SymbolEffect, options: SymbolEffectOptions = .default, isActive: Bool = true
    ) -> Self { self }
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (T) -> Void
    ) -> Self { self }
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (T, T) -> Void
    ) -> Self { self }
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> Self { self }
    public func containerRelativeFrame(
        _ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center
    ) -> Self { self }
    public func contentMargins(
        _ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic
    )
        -> Self
    { self }
    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic) -> Self { self }
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> Self { self }
    public func scrollTargetBehavior(_ behavior: ScrollTargetBehavior) -> Self { self }
    public func scrollTargetLayout(isEnabled: Bool = true) -> Self { self }
    public func listSectionSpacing(_ spacing: ListSectionSpacing) -> Self { self }
    public func listSectionSpacing(_ spacing: CGFloat) -> Self { self }
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> Self { self }
    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> Self { self }
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> Self { self }
    public func onKeyPress(action: @escaping (KeyPress) -> KeyPress.Result) -> Self { self }

    /// An alert about a value, while `isPresented`: its actions and message are evaluated with the value then.
    public func alert<T, Actions: View, Message: View>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: @escaping (T) -> Actions, @ViewBuilder message: @escaping (T) -> Message
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue && data != nil) {
            data.map { AccessoryView(content: actions($0), accessory: message($0)) }
        }
    }

    /// An alert about a value, while `isPresented`, with its actions alone.
    public func alert<T, Actions: View>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: @escaping (T) -> Actions
    ) -> some View {
        PresentingView(content: self, isPresented: isPresented.wrappedValue && data != nil) { data.map(actions) }
    }
}

extension Font {
    /// A font's design, ignored.
    public enum Design: Sendable, Hashable { case `default`, serif, rounded, monospaced }
}

/// How a text's change is shown, ignored.
public struct ContentTransition: Sendable {
    public static let identity = ContentTransition(), opacity = ContentTransition(), interpolate = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
}

/// An animation of an SF Symbol, ignored.
public struct SymbolEffect: Sendable {
    public static let bounce = SymbolEffect(), pulse = SymbolEffect(), variableColor = SymbolEffect()
    public static let scale = SymbolEffect(), appear = SymbolEffect(), disappear = SymbolEffect()
    public static let replace = SymbolEffect(), wiggle = SymbolEffect(), rotate = SymbolEffect()
    public static let breathe = SymbolEffect()
}

/// How a symbol's effect repeats, ignored.
public struct SymbolEffectOptions: Sendable {
    public static let `default` = SymbolEffectOptions(), repeating = SymbolEffectOptions()
    public static let nonRepeating = SymbolEffectOptions()
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
}

/// The context of a change's animation, ignored.
public struct Transaction {
    public var animation: Animation?
    public var disablesAnimations = false
    public init(animation: Animation? = nil) { self.animation = animation }
}

/// Where content margins apply, ignored.
public struct ContentMarginPlacement: Sendable {
    public static let automatic = ContentMarginPlacement(), scrollContent = ContentMarginPlacement()
    public static let scrollIndicators = ContentMarginPlacement()
}

/// How a scroll view settles, ignored.
public struct ScrollTargetBehavior: Sendable {
    public static let paging = ScrollTargetBehavior(), viewAligned = ScrollTargetBehavior()
}

/// The spacing between a list's sections, ignored.
public struct ListSectionSpacing: Sendable {
    public static let `default` = ListSectionSpacing(), compact = ListSectionSpacing()
    public static func custom(_ spacing: CGFloat) -> ListSectionSpacing { ListSectionSpacing() }
}

/// A key press: none comes on Linux.
public struct KeyPress: Sendable {
    public let key: KeyEquivalent
    public let characters: String

    /// Whether the action handled the press.
    public enum Result: Sendable { case handled, ignored }
}
