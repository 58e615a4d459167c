import LifecycleCore

/// The reader of ASCII lines — nearly every line of a console log — byte by byte: it finds what
/// ``LogRecognizer/recognizeAnyText(_:)`` finds, without walking characters, so `lifecycle check` reads a log at
/// the speed of its bytes.
extension LogRecognizer {
    /// ``recognize(_:)`` for a line whose bytes are all ASCII (a character is a byte there, except `\r\n`, which a
    /// line never holds inside it).
    static func recognizeASCII(_ line: Substring) -> Recognized? {
        // The outer optional says whether the bytes could be read in place; the inner one, what the line holds.
        if let recognized = line.utf8.withContiguousStorageIfAvailable({ recognizeASCII(line, $0) }) {
            return recognized
        }
        return recognizeAnyText(line)
    }

    private static func recognizeASCII(_ line: Substring, _ bytes: UnsafeBufferPointer<UInt8>) -> Recognized? {
        var start = 0
        while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "#") { return nil }
        if bytes.first == UInt8(ascii: "{") { return recognizeTraceRecord(line) }
        guard let event = eventInASCII(line, bytes) else { return nil }
        return Recognized(
            event: event, process: nslogProcessInASCII(bytes), time: nslogTimeInASCII(line, bytes))
    }

    /// Whether an ASCII byte is white space, as `Character.isWhitespace` says of it.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// ``event(in:)``, skipping at once the tokens that cannot be a name: those too short for any, and those
    /// without a qualifier that start with a digit (pids, numbers).
    private static func eventInASCII(_ line: Substring, _ bytes: UnsafeBufferPointer<UInt8>) -> LoggedEvent? {
        let shortestName = names.shortestName
        return tokenBytes.withUnsafeBufferPointer { isTokenByte in
            var index = 0
            while index < bytes.count {
                guard isTokenByte[Int(bytes[index])] else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isTokenByte[Int(bytes[index])] { index += 1 }
                guard index - start >= shortestName else { continue }
                var first = start
                while first < index, bytes[first] == UInt8(ascii: "(") || bytes[first] == UInt8(ascii: ".") {
                    first += 1
                }
                guard first < index else { continue }
                if isDigit(bytes[first]), !bytes[first..<index].contains(UInt8(ascii: ".")) { continue }
                if let event = eventInASCII(token: start, index, of: line, bytes) { return event }
            }
            return nil
        }
    }

    /// ``isTokenByte(_:)`` of every byte, as a table: one lookup per byte of a line.
    private static let tokenBytes: [Bool] = (0...255).map { isTokenByte(UInt8($0)) }

    /// ``event(inToken:)``, byte by byte: the token is `bytes[start..<end]` of `line`.
    private static func eventInASCII(
        token start: Int, _ end: Int, of line: Substring, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> LoggedEvent? {
        var start = start
        var end = end
        while start < end, bytes[start] == UInt8(ascii: "(") || bytes[start] == UInt8(ascii: ".") { start += 1 }
        for _ in 0..<3 {
            if let event = eventInASCII(named: start, end, of: line, bytes) { return event }
            guard start < end, bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: ".") else {
                return nil
            }
            end -= 1
        }
        return nil
    }

    /// ``event(named:)``, byte by byte: the name is `bytes[start..<end]` of `line`.
    private static func eventInASCII(
        named start: Int, _ end: Int, of line: Substring, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> LoggedEvent? {
        var nameStart = start
        var qualifierEnd: Int?
        if let dot = bytes[start..<end].lastIndex(of: UInt8(ascii: ".")),
            !bytes[start..<dot].contains(UInt8(ascii: "("))
        {
            nameStart = dot + 1
            qualifierEnd = dot
        }
        // Every name starts with a letter: the fraction of a time (`00.123`) names nothing.
        guard nameStart < end, !isDigit(bytes[nameStart]) else { return nil }
        guard let position = names.position(of: bytes, from: nameStart, to: end) else { return nil }
        let meanings = names.meanings[position]
        if let callback = meanings.callback { return .callback(callback) }
        if let notification = meanings.notification { return .notification(notification) }
        let utf8 = line.utf8
        let qualifier = qualifierEnd.map {
            line[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: $0)]
        }
        if let state = meanings.sceneState { return sceneState(state, qualifier: qualifier) }
        return swiftNotification(among: meanings.swiftNotifications, qualifier: qualifier)
    }

    private static let sceneStates: [Substring: SceneState] = Dictionary(
        uniqueKeysWithValues: SceneState.allCases.map { (Substring($0.rawValue), $0) })

    /// Every name an event goes by.
    private static let names = EventNameTable(
        callbacks: callbackNames, notifications: notificationNames, sceneStates: sceneStates,
        swiftNotifications: swiftNotificationNames)

    /// ``nslogTime(of:)`` for an ASCII line: the same seven fields in the first 23 bytes.
    private static func nslogTimeInASCII(_ line: Substring, _ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var fields: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var value = 0
        var digits = 0
        func endField() -> Bool {
            guard digits > 0 else { return true }
            guard count < 7 else {
                count += 1
                return false
            }
            withUnsafeMutableBytes(of: &fields) { $0.storeBytes(of: value, toByteOffset: count * 8, as: Int.self) }
            count += 1
            value = 0
            digits = 0
            return true
        }
        for byte in bytes.prefix(23) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Longer numbers, and signs, are the character-wise reader's to judge.
                guard digits < 18 else { return nslogTime(of: line) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "."):
                guard endField() else { return nil }
            default:
                // Another byte makes its field no number, unless it is a sign: that is for the character-wise
                // reader to judge.
                return byte == UInt8(ascii: "+") ? nslogTime(of: line) : nil
            }
        }
        guard endField(), count == 7 else { return nil }
        let (year, month, day, hour, minute, second, millisecond) = fields
        return nslogTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)
    }

    /// ``nslogProcess(of:)`` for an ASCII line.
    private static func nslogProcessInASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, isDigit(first), let open = bytes.firstIndex(of: UInt8(ascii: "[")),
            let colon = bytes[open...].firstIndex(of: UInt8(ascii: ":")),
            bytes[open...].contains(UInt8(ascii: "]"))
        else { return nil }
        let pid = bytes[(open + 1)..<colon]
        return !pid.isEmpty && pid.allSatisfy(isDigit) ? String(decoding: pid, as: UTF8.self) : nil
    }
}
