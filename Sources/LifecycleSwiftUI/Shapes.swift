import Foundation

// Shapes, gradients and materials: drawn on a phone, nothing here. Each is a view with no content, and a style or a
// clip shape where SwiftUI takes one.

/// A 2D shape (SwiftUI's `Shape`): a view, filled or stroked, or a clip shape.
public protocol Shape: View, Sendable {}

extension Shape {
    /// Fills the shape, ignored.
    public func fill<S: ShapeStyle>(_ content: S = Color.primary, style: FillStyle = FillStyle()) -> Self { self }
    /// Strokes the shape's outline, ignored.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> Self { self }
    /// Strokes the shape's outline with a style, ignored.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> Self { self }
    /// Strokes the outline inside the shape, ignored.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> Self { self }
}

/// How a shape is filled, ignored.
public struct FillStyle: Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// How a shape's outline is drawn, ignored.
public struct StrokeStyle: Sendable {
    public init(lineWidth: CGFloat = 1, dash: [CGFloat] = []) {}
}

/// The shape of a rounded rectangle's corners, ignored.
public enum RoundedCornerStyle: Sendable { case circular, continuous }

public struct Rectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
}

public struct RoundedRectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
}

public struct Circle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
}

public struct Capsule: Shape, PrimitiveView {
    public typealias Body = Never
    public init(style: RoundedCornerStyle = .continuous) {}
}

public struct Ellipse: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
}

extension Shape where Self == Rectangle {
    /// `.clipShape(.rect)`.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// `.clipShape(.rect(cornerRadius: 12))`.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}

/// A point in a view's unit square, ignored.
public struct UnitPoint: Sendable, Hashable {
    public init(x: CGFloat, y: CGFloat) {}
    public static let zero = UnitPoint(x: 0, y: 0), center = UnitPoint(x: 0.5, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
    public static let leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Colours that blend, ignored.
public struct Gradient: Sendable {
    public init(colors: [Color]) {}
}

/// A gradient along a line, as a view and as a style; ignored.
public struct LinearGradient: View, PrimitiveView, ShapeStyle, Sendable {
    public typealias Body = Never
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

/// A translucent material behind a view (`.background(.ultraThinMaterial)`), ignored.
public struct Material: ShapeStyle, Sendable {
    public static let ultraThinMaterial = Material(), thinMaterial = Material(), regularMaterial = Material()
    public static let thickMaterial = Material(), ultraThickMaterial = Material(), bar = Material()
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thickMaterial: Material { .thickMaterial }
    public static var bar: Material { .bar }
}
