import LifecycleCore

/// The reader of ASCII lines — nearly every line of a console log — byte by byte: it finds what
/// ``LogRecognizer/recognizeAnyText(_:)`` finds, without walking characters, so `lifecycle check` reads a log at
/// the speed of its bytes.
extension LogRecognizer {
    /// ``recognize(_:)`` for a line whose bytes are all ASCII (a character is a byte there, except `\r\n`, which a
    /// line never holds inside it).
    static func recognizeASCII(_ line: Substring) -> Recognized? {
        let bytes = line.utf8
        if let first = bytes.first(where: { !isWhitespace($0) }), first == UInt8(ascii: "#") { return nil }
        if bytes.first == UInt8(ascii: "{") { return recognizeTraceRecord(line) }
        guard let event = eventInASCII(line) else { return nil }
        return Recognized(event: event, process: nslogProcessInASCII(line), time: nslogTimeInASCII(line))
    }

    /// Whether an ASCII byte is white space, as `Character.isWhitespace` says of it.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// ``event(in:)``, skipping at once the tokens that cannot be a name: those too short for any, and those
    /// without a qualifier that start with a digit (pids, numbers).
    private static func eventInASCII(_ line: Substring) -> LoggedEvent? {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard isTokenByte(bytes[index]) else {
                bytes.formIndex(after: &index)
                continue
            }
            let start = index
            while index < bytes.endIndex, isTokenByte(bytes[index]) { bytes.formIndex(after: &index) }
            let token = bytes[start..<index]
            guard token.count >= shortestName,
                let first = token.first(where: { $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ".") }),
                !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || token.contains(UInt8(ascii: "."))
            else { continue }
            if let event = eventInASCII(token: line[start..<index]) { return event }
        }
        return nil
    }

    /// ``event(inToken:)``, byte by byte.
    private static func eventInASCII(token: Substring) -> LoggedEvent? {
        let bytes = token.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: "(") || bytes[start] == UInt8(ascii: ".") {
            bytes.formIndex(after: &start)
        }
        for _ in 0..<3 {
            if let event = eventInASCII(named: token[start..<end]) { return event }
            guard start < end else { return nil }
            let last = bytes.index(before: end)
            guard bytes[last] == UInt8(ascii: ")") || bytes[last] == UInt8(ascii: ".") else { return nil }
            end = last
        }
        return nil
    }

    /// ``event(named:)``, byte by byte.
    private static func eventInASCII(named token: Substring) -> LoggedEvent? {
        var name = token
        var qualifier: Substring?
        let bytes = token.utf8
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[..<dot].contains(UInt8(ascii: "(")) {
            name = token[bytes.index(after: dot)...]
            qualifier = token[..<dot]
        }
        // Every name starts with a letter: the fraction of a time (`00.123`) names nothing.
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return nil
        }
        if let callback = callbackNames[name] { return .callback(callback) }
        if let notification = notificationNames[name] { return .notification(notification) }
        if let state = sceneStates[name] { return sceneState(state, qualifier: qualifier) }
        return swiftNotification(named: name, qualifier: qualifier)
    }

    private static let sceneStates: [Substring: SceneState] = Dictionary(
        uniqueKeysWithValues: SceneState.allCases.map { (Substring($0.rawValue), $0) })

    /// The fewest characters a name of an event has (a token may add a qualifier and punctuation, never less).
    private static let shortestName: Int = {
        let names =
            Array(callbackNames.keys) + Array(notificationNames.keys) + Array(swiftNotificationNames.keys)
            + SceneState.allCases.map { Substring($0.rawValue) }
        return names.map(\.utf8.count).min() ?? 1
    }()

    /// ``nslogTime(of:)`` for an ASCII line: the same seven fields in the first 23 bytes.
    private static func nslogTimeInASCII(_ line: Substring) -> Double? {
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
        for byte in line.utf8.prefix(23) {
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
    private static func nslogProcessInASCII(_ line: Substring) -> String? {
        let bytes = line.utf8
        guard let first = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            let open = bytes.firstIndex(of: UInt8(ascii: "[")),
            let colon = bytes[open...].firstIndex(of: UInt8(ascii: ":")),
            bytes[open...].contains(UInt8(ascii: "]"))
        else { return nil }
        let pid = bytes[bytes.index(after: open)..<colon]
        return !pid.isEmpty && pid.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            ? String(line[pid.startIndex..<pid.endIndex]) : nil
    }
}
