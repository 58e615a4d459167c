import LifecycleText

/// The `String` of the process a log line names, made once for a run of lines about the same process: nearly
/// every line of a log is about the process of the line before it, and making the `String` costs more than
/// comparing its bytes.
struct ProcessNames {
    private var lastBytes: [UInt8] = []
    private var last: String?

    /// The name whose UTF-8 bytes are `bytes`.
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let last, lastBytes.withUnsafeBytes({ $0.hasSameBytes(as: UnsafeRawBufferPointer(bytes)) }) {
            return last
        }
        let name = String(decoding: bytes, as: UTF8.self)
        // The same buffer for every process: a log of many processes would make and free one for each.
        lastBytes.removeAll(keepingCapacity: true)
        lastBytes.append(contentsOf: bytes)
        last = name
        return name
    }
}
