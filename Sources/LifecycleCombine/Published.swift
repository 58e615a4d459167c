/// A property of an `ObservableObject` that announces its changes (Combine's `@Published`).
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    private let subscribers = SubscriberList<Value, Never>()

    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }

    /// `$property`: a publisher of the property's value, now and at each change, sent before the property changes
    /// (as Combine's, whose subscribers read the old value from the object and get the new one).
    public var projectedValue: Publisher {
        Publisher(current: value, subscribers: subscribers)
    }

    /// The values of a `@Published` property (Combine's `Published.Publisher`).
    public struct Publisher: LifecycleCombine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        let current: Value
        let subscribers: SubscriberList<Value, Never>

        public func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Value) -> Void
        ) -> AnyCancellable {
            receiveValue(current)
            return subscribers.add(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }  // swiftlint:disable:this unused_setter_value
    }

    public static subscript<EnclosingSelf: ObservableObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            object.objectWillChange.send()
            object[keyPath: storageKeyPath].subscribers.send(newValue)
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}
