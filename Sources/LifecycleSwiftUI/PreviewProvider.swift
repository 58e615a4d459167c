/// A canvas preview as Xcode 11 to 14 wrote it (`struct ContentView_Previews: PreviewProvider`): nothing shows it on
/// Linux, and no host evaluates it, so it only has to build.
@MainActor
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// The device a preview is drawn on (`.previewDevice("iPhone 15")`), ignored.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// The size a preview is drawn at (`.previewLayout(.sizeThatFits)`), ignored.
public struct PreviewLayout: Sendable {
    public static let device = PreviewLayout(), sizeThatFits = PreviewLayout()
    public static func fixed(width: Double, height: Double) -> PreviewLayout { PreviewLayout() }
}

extension View {
    /// Preview settings: nothing draws a preview here.
    public func previewDevice(_ value: PreviewDevice?) -> Self { self }
    public func previewLayout(_ value: PreviewLayout) -> Self { self }
    public func previewDisplayName(_ value: String?) -> Self { self }
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> Self { self }
}

/// The orientation a preview is drawn in, ignored.
public struct InterfaceOrientation: Sendable, Hashable {
    public static let portrait = InterfaceOrientation(), landscapeLeft = InterfaceOrientation()
    public static let landscapeRight = InterfaceOrientation(), portraitUpsideDown = InterfaceOrientation()
}
