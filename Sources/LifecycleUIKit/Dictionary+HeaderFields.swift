import Foundation

extension Dictionary where Key == String, Value == String {
    /// The value of an HTTP header field, whatever the case of its name, as `URLRequest` and `HTTPURLResponse` read
    /// them.
    func headerValue(_ field: String) -> String? {
        first { $0.key.caseInsensitiveCompare(field) == .orderedSame }?.value
    }
}
