import Dispatch

// `DispatchQueue(label:…)` as iOS code writes it, with any of its optional arguments. Dispatch's own initializer has
// the same parameters with default values; Swift prefers the overload that needs no default for the arguments a
// call gives, so each combination is written out here, and `DispatchQueue(label: "writer")` names this module's
// queue rather than being ambiguous.
extension DispatchQueue {
    /// `DispatchQueue(label:)`.
    public convenience init(label: String) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: [], autoreleaseFrequency: .inherit, target: nil))
    }

    /// `DispatchQueue(label:qos:)`.
    public convenience init(label: String, qos: DispatchQoS) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: [], autoreleaseFrequency: .inherit, target: nil))
    }

    /// `DispatchQueue(label:attributes:)`.
    public convenience init(label: String, attributes: Attributes) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: attributes, autoreleaseFrequency: .inherit, target: nil))
    }

    /// `DispatchQueue(label:autoreleaseFrequency:)`.
    public convenience init(label: String, autoreleaseFrequency: AutoreleaseFrequency) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: [], autoreleaseFrequency: autoreleaseFrequency, target: nil
            ))
    }

    /// `DispatchQueue(label:target:)`.
    public convenience init(label: String, target: DispatchQueue?) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: [], autoreleaseFrequency: .inherit,
                target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:qos:attributes:)`.
    public convenience init(label: String, qos: DispatchQoS, attributes: Attributes) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: attributes, autoreleaseFrequency: .inherit, target: nil))
    }

    /// `DispatchQueue(label:qos:autoreleaseFrequency:)`.
    public convenience init(label: String, qos: DispatchQoS, autoreleaseFrequency: AutoreleaseFrequency) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: [], autoreleaseFrequency: autoreleaseFrequency, target: nil))
    }

    /// `DispatchQueue(label:qos:target:)`.
    public convenience init(label: String, qos: DispatchQoS, target: DispatchQueue?) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: [], autoreleaseFrequency: .inherit, target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:attributes:autoreleaseFrequency:)`.
    public convenience init(label: String, attributes: Attributes, autoreleaseFrequency: AutoreleaseFrequency) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency,
                target: nil))
    }

    /// `DispatchQueue(label:attributes:target:)`.
    public convenience init(label: String, attributes: Attributes, target: DispatchQueue?) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: attributes, autoreleaseFrequency: .inherit,
                target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:autoreleaseFrequency:target:)`.
    public convenience init(label: String, autoreleaseFrequency: AutoreleaseFrequency, target: DispatchQueue?) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: [], autoreleaseFrequency: autoreleaseFrequency,
                target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:qos:attributes:autoreleaseFrequency:)`.
    public convenience init(
        label: String, qos: DispatchQoS, attributes: Attributes, autoreleaseFrequency: AutoreleaseFrequency
    ) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency, target: nil)
        )
    }

    /// `DispatchQueue(label:qos:attributes:target:)`.
    public convenience init(label: String, qos: DispatchQoS, attributes: Attributes, target: DispatchQueue?) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: attributes, autoreleaseFrequency: .inherit,
                target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:qos:autoreleaseFrequency:target:)`.
    public convenience init(
        label: String, qos: DispatchQoS, autoreleaseFrequency: AutoreleaseFrequency, target: DispatchQueue?
    ) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: [], autoreleaseFrequency: autoreleaseFrequency,
                target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:attributes:autoreleaseFrequency:target:)`.
    public convenience init(
        label: String, attributes: Attributes, autoreleaseFrequency: AutoreleaseFrequency, target: DispatchQueue?
    ) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: .unspecified, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency,
                target: target?.dispatchQueue))
    }

    /// `DispatchQueue(label:qos:attributes:autoreleaseFrequency:target:)`.
    public convenience init(
        label: String, qos: DispatchQoS, attributes: Attributes, autoreleaseFrequency: AutoreleaseFrequency,
        target: DispatchQueue?
    ) {
        self.init(
            Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency,
                target: target?.dispatchQueue))
    }
}
