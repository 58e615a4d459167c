/// The `String` of the process a log line names, made once for a run of lines about the same process: nearly
/// every line of a log is about the process of the line before it, and making the `String` costs more than
/// comparing its bytes.
struct ProcessNames {
    private var lastBytes: [UInt8] = []
    private var last: String?

    /// The name whose UTF-8 bytes are `bytes`.
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let last, bytes.count == lastBytes.count, lastBytes.withUnsafeBufferPointer({ Self.equal($0, bytes) }) {
            return last
        }
        let name = String(decoding: bytes, as: UTF8.self)
        lastBytes = Array(bytes)
        last = name
        return name
    }

    private static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<first.count where first[index] != second[index] { return false }
        return true
    }
}
