/// A subscriber's closure, called from the thread that sends a value or on the scheduler it asked for.
///
/// `@unchecked Sendable`: Combine makes no promise of threads, and neither does this module. A value is received on
/// the thread that sends it, or on the scheduler the subscriber asked for, exactly as on iOS; what the app's closure
/// touches is the app's own business, as it is on a phone. The box only carries the closure, which it never changes.
struct UncheckedHandler<Value>: @unchecked Sendable {
    let receive: (Value) -> Void
}
