import LifecycleCore

/// The UTF-8 bytes of the names of a payload-free enum's cases (their `String` raw values), looked up by case:
/// what the trace layouts copy for a selector, a notification's name or a state.
///
/// Copying the name from its `String` took three calls besides the copy (a retain, a look for the bytes, a
/// release), for every name of every record. The bytes are made once, from the raw values themselves, and kept
/// for the life of the process.
struct CaseNames<Value: CaseIterable & RawRepresentable<String>>: @unchecked Sendable {
    // Sendable: `names` points at bytes written once, in `init`, and only read after; they are never freed.
    private let names: [UnsafeBufferPointer<UInt8>]

    /// - Precondition: a value of `Value` is stored as the number of its case, in one byte, in the order of
    ///   `allCases` (a payload-free enum of at most 256 cases).
    init() {
        precondition(MemoryLayout<Value>.size == 1, "CaseNames: \(Value.self) is not stored as a case number")
        var names: [UnsafeBufferPointer<UInt8>] = []
        for (ordinal, value) in Value.allCases.enumerated() {
            precondition(Self.ordinal(of: value) == ordinal, "CaseNames: \(Value.self)'s cases are out of order")
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: value.rawValue.utf8.count)
            _ = bytes.initialize(from: value.rawValue.utf8)
            names.append(UnsafeBufferPointer(bytes))
        }
        self.names = names
    }

    subscript(value: Value) -> UnsafeBufferPointer<UInt8> {
        names[Self.ordinal(of: value)]
    }

    private static func ordinal(of value: Value) -> Int {
        withUnsafeBytes(of: value) { Int($0[0]) }
    }
}

/// The names of the model's values, as the trace layouts write them.
enum ModelNames {
    static let callbacks = CaseNames<Callback>()
    static let notifications = CaseNames<UIKitNotification>()
    static let appStates = CaseNames<AppState>()
    static let sceneStates = CaseNames<SceneState>()
    static let reasons = CaseNames<TransitionReason>()
}

extension TraceBytes {
    /// A callback's selector.
    mutating func append(name callback: Callback) { append(ModelNames.callbacks[callback]) }
    /// A notification's UIKit name.
    mutating func append(name notification: UIKitNotification) { append(ModelNames.notifications[notification]) }
    /// A state's name.
    mutating func append(name state: AppState) { append(ModelNames.appStates[state]) }
    /// A scene state's name.
    mutating func append(name state: SceneState) { append(ModelNames.sceneStates[state]) }
    /// Why the system changed an app's state.
    mutating func append(name reason: TransitionReason) { append(ModelNames.reasons[reason]) }
}
