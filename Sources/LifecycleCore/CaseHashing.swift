/// Hashing by case for the core's enums with `String` raw values.
///
/// Such an enum hashes its raw value by default: a whole selector or notification name for every lookup. The
/// run loop looks callbacks up in each app's behaviour, and `lifecycle check` keeps sets of states and events
/// for every log line, so these hash the case instead (a payload-free enum is stored as its case's number).
/// Equality is unchanged: two values are equal exactly when their cases are.
func hashCase<Value>(_ value: Value, into hasher: inout Hasher) {
    withUnsafeBytes(of: value) { bytes in
        for byte in bytes { hasher.combine(byte) }
    }
}

extension Callback {
    public func hash(into hasher: inout Hasher) { hashCase(self, into: &hasher) }
}

extension UIKitNotification {
    public func hash(into hasher: inout Hasher) { hashCase(self, into: &hasher) }
}

extension AppState {
    public func hash(into hasher: inout Hasher) { hashCase(self, into: &hasher) }
}

extension SceneState {
    public func hash(into hasher: inout Hasher) { hashCase(self, into: &hasher) }
}
