import Foundation

/// SwiftUI's `TimelineView`: its content, evaluated with the date of each evaluation of the view (docs/lifecycle.md
/// §22) — under a simulated device the phone's, as `Date()` is in the app's code. Nothing is drawn, so the view is
/// not evaluated again on its schedule: the content is what a redraw would evaluate, and its lifecycle modifiers
/// attach as any view's do.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    public typealias Body = Never

    public typealias Context = TimelineViewDefaultContext

    let schedule: Schedule
    let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.evaluate(content(Context(date: Date(), cadence: .live)), at: path.child("content"))
    }
}

/// What a timeline view's content is evaluated with: the date, and how often it changes. (Outside the generic view,
/// as in SwiftUI, so that a closure's parameter does not depend on the content it gives.)
public struct TimelineViewDefaultContext {
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    public let date: Date
    public let cadence: Cadence
}

/// When a timeline view would be drawn again: SwiftUI's schedules, kept for the code that names them.
public protocol TimelineSchedule {}

public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    public init(from startDate: Date, by interval: TimeInterval) {}
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}
}

public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
}

public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    public init(_ dates: Entries) {}
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where S.Element == Date {
        ExplicitTimelineSchedule(dates)
    }
}
