/// A JSON object written key by key, in order, into trace bytes.
package struct JSONObject<Bytes: TraceBytes> {
    package var buffer: Bytes
    private var isEmpty = true

    /// Opens an object at the end of `buffer`.
    package init(_ buffer: Bytes) {
        self.buffer = buffer
        self.buffer.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: StaticString) {
        buffer.append(isEmpty ? "\"" : ",\"")
        isEmpty = false
        buffer.append(key)
        buffer.append("\":")
    }

    package mutating func add(_ key: StaticString, raw value: StaticString) {
        self.key(key)
        buffer.append(value)
    }

    package mutating func add(_ key: StaticString, decimal value: Int) {
        self.key(key)
        buffer.append(decimal: value)
    }

    package mutating func add(_ key: StaticString, _ value: String) {
        self.key(key)
        buffer.append(jsonQuoted: value)
    }

    /// Adds an array of strings.
    package mutating func add(_ key: StaticString, strings: [String]) {
        self.key(key)
        buffer.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(jsonQuoted: string)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    package mutating func close() {
        buffer.append(UInt8(ascii: "}"))
    }
}

extension JSONObject where Bytes == TraceBuffer {
    package init() {
        self.init(TraceBuffer(capacity: 128))
    }

    /// The closed object as text.
    package var closed: String {
        var object = self
        object.close()
        return object.buffer.text
    }

    /// A JSON string literal for `string`.
    package static func quoted(_ string: String) -> String {
        var buffer = TraceBuffer()
        buffer.append(jsonQuoted: string)
        return buffer.text
    }
}
