import LifecycleCore
import LifecycleText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader of ASCII lines — nearly every line of a console log — byte by byte: it finds what
/// ``LogRecognizer/recognizeAnyText(_:)`` finds, without walking characters, so `lifecycle check` reads a log at
/// the speed of its bytes.
extension LogRecognizer {
    /// ``recognize(_:)`` for a line whose bytes are all ASCII (a character is a byte there, except `\r\n`, which a
    /// line never holds inside it).
    static func recognizeASCII(_ line: Substring) -> Recognized? {
        var memory = LineMemory()
        return line.utf8.withContiguousStorageIfAvailable { recognizeASCII($0, memory: &memory) }
            ?? recognizeAnyText(line)
    }

    /// ``recognizeASCII(_:)`` of the line's bytes.
    static func recognizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, memory: inout LineMemory) -> Recognized? {
        var start = 0
        while start < bytes.count, bytes[start].isASCIIWhitespace { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "#") { return nil }
        if bytes.first == UInt8(ascii: "{") { return recognizeTraceRecord(text(bytes)) }
        // NSLog's time, when the line starts with it as NSLog writes it, is read first: its tokens name nothing,
        // so the search for the event starts after it (a fifth of reading a line, searched).
        let fixedTime = nslogTimeInFixedLayout(bytes, memory: &memory)
        let timeEnd = 23
        let searchStart =
            fixedTime != nil && (bytes.count == timeEnd || !tokenBytes[Int(bytes[timeEnd])]) ? timeEnd : 0
        guard let event = eventInASCII(bytes, from: searchStart) ?? scenePhaseInASCII(bytes) else {
            return scheduledTaskInASCII(bytes, fixedTime: fixedTime, memory: &memory)
        }
        let process = processInASCII(bytes, hasFixedTime: fixedTime != nil, memory: &memory)
        // Only a scene's line is searched for the scene it names, and only if it holds a `#` or a `0x`.
        var scene: String?
        if event.isSceneEvent, bytes.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "x") }) {
            scene = sceneIdentityInASCII(bytes)
        }
        return Recognized(event: event, process: process, time: fixedTime ?? nslogTimeInAnyLayout(bytes), scene: scene)
    }

    /// ``scheduledTask(in:)`` for a line that names no other event; only a line that holds `Handler` or
    /// `TaskCompleted` is made text and read. `fixedTime` is the line's time if it starts as NSLog writes it.
    private static func scheduledTaskInASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, fixedTime: Double?, memory: inout LineMemory
    ) -> Recognized? {
        guard holds(handlerMark, in: bytes) || holds(completedMark, in: bytes),
            let (step, identifier) = scheduledTaskInASCII(bytes)
        else { return nil }
        let process = processInASCII(bytes, hasFixedTime: fixedTime != nil, memory: &memory)
        return Recognized(
            event: .scheduledTask(step), process: process, time: fixedTime ?? nslogTimeInAnyLayout(bytes),
            taskIdentifier: identifier)
    }

    /// ``sceneIdentity(in:)`` for an ASCII line, read as bytes: made text and searched by characters, a scene's
    /// line cost nine times an app delegate's.
    static func sceneIdentityInASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let marker = Array("Scene: 0x".utf8)
        if let at = firstPosition(of: marker, in: bytes) {
            var end = at + marker.count
            while end < bytes.count, bytes[end].isASCIIHexDigit { end += 1 }
            if end > at + marker.count {
                return "0x" + String(decoding: bytes[(at + marker.count)..<end], as: UTF8.self)
            }
        }
        var hash = 0
        while hash < bytes.count {
            defer { hash += 1 }
            guard bytes[hash] == UInt8(ascii: "#") else { continue }
            var numberEnd = hash + 1
            while numberEnd < bytes.count, bytes[numberEnd].isASCIIDigit { numberEnd += 1 }
            var nameStart = hash
            while nameStart > 0, isSceneNameByte(bytes[nameStart - 1]) { nameStart -= 1 }
            if numberEnd > hash + 1, nameStart < hash {
                return String(decoding: bytes[nameStart..<numberEnd], as: UTF8.self)
            }
        }
        return nil
    }

    /// Whether a byte may be part of a session id's app part: an ASCII letter or digit, `.`, `_` or `-`.
    private static func isSceneNameByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    /// Where `mark` first starts in `bytes`, if it is there.
    private static func firstPosition(of mark: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= mark.count, let first = mark.first else { return nil }
        var from = 0
        while let found = position(of: first, in: bytes, from: from, to: bytes.count - mark.count + 1) {
            if bytes[found..<(found + mark.count)].elementsEqual(mark) { return found }
            from = found + 1
        }
        return nil
    }

    /// ``scheduledTask(in:)`` for an ASCII line, its tokens read as bytes: made text and split into `Substring`s,
    /// a task's line cost twelve times an app delegate's.
    static func scheduledTaskInASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (ScheduledTaskLine, identifier: String)? {
        var step: ScheduledTaskLine?
        var identifier: String?
        var start = 0
        while start < bytes.count {
            guard isTokenByte(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
            let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = end
            if step == nil, let named = scheduledTaskStep(namedBy: token) {
                step = named
                continue
            }
            if identifier == nil, isTaskIdentifierInASCII(token) { identifier = String(decoding: token, as: UTF8.self) }
        }
        guard let step, let identifier else { return nil }
        return (step, identifier)
    }

    /// The step a token names: the word before its first `(` or `:`, or the last of that word's parts between
    /// dots (`task.setTaskCompleted(success:`).
    private static func scheduledTaskStep(namedBy token: UnsafeBufferPointer<UInt8>) -> ScheduledTaskLine? {
        var nameEnd = 0
        while nameEnd < token.count, token[nameEnd] != UInt8(ascii: "("), token[nameEnd] != UInt8(ascii: ":") {
            nameEnd += 1
        }
        // The last part between dots that is not empty; the whole name when there is none.
        var wordEnd = nameEnd
        while wordEnd > 0, token[wordEnd - 1] == UInt8(ascii: ".") { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, token[wordStart - 1] != UInt8(ascii: ".") { wordStart -= 1 }
        let word = wordEnd > wordStart ? token[wordStart..<wordEnd] : token[0..<nameEnd]
        for (step, name) in scheduledTaskStepNames
        where name.count == word.count && name.withUnsafeBufferPointer({ $0.elementsEqual(word) }) {
            return step
        }
        return nil
    }

    /// Each step with its name's bytes, made once.
    private static let scheduledTaskStepNames = ScheduledTaskLine.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// ``isTaskIdentifier(_:)`` for an ASCII token.
    private static func isTaskIdentifierInASCII(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = token.first, first.isASCIILetter, let last = token.last,
            last.isASCIILetter || last.isASCIIDigit, token.contains(UInt8(ascii: "."))
        else { return false }
        return !token.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: ":") }
    }

    /// Whether the bytes hold a mark: each of its first byte found by `memchr`, the bytes after it compared.
    private static func holds(_ mark: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= mark.count else { return false }
        return mark.withUnsafeBufferPointer { mark in
            var from = 0
            let last = bytes.count - mark.count
            while from <= last, let found = memchr(base + from, Int32(mark[0]), last + 1 - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if UnsafeBufferPointer(rebasing: bytes[index..<(index + mark.count)]).hasSameBytes(as: mark) {
                    return true
                }
                from = index + 1
            }
            return false
        }
    }

    private static let handlerMark = Array("Handler".utf8)
    private static let completedMark = Array("TaskCompleted".utf8)

    /// ``scenePhase(in:)`` for a line that names no other event; only a line that holds `cenePhase` (of
    /// `scenePhase` or `ScenePhase`) is made text and read.
    private static func scenePhaseInASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> LoggedEvent? {
        guard holdsScenePhase(bytes) else { return nil }
        return scenePhase(in: text(bytes)).map(LoggedEvent.scenePhase)
    }

    /// Whether the bytes hold `cenePhase`: each `P` found by `memchr`, the bytes around it compared.
    private static func holdsScenePhase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return scenePhaseMark.withUnsafeBufferPointer { mark in
            // The `P` of `cenePhase` comes after four bytes and before four.
            var from = 4
            while from < bytes.count - 4,
                let found = memchr(base + from, Int32(UInt8(ascii: "P")), bytes.count - 4 - from)
            {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if UnsafeBufferPointer(rebasing: bytes[(index - 4)..<(index + 5)]).hasSameBytes(as: mark) {
                    return true
                }
                from = index + 1
            }
            return false
        }
    }

    private static let scenePhaseMark = Array("cenePhase".utf8)

    /// The text of ASCII bytes, for the character-wise reader's functions.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> Substring {
        String(decoding: bytes, as: UTF8.self)[...]
    }

    /// ``event(in:)`` from `offset` on, skipping at once the tokens that cannot be a name: those too short for any,
    /// and those without a qualifier that start with a digit (pids, numbers).
    private static func eventInASCII(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> LoggedEvent? {
        let shortestName = names.shortestName
        return tokenBytes.withUnsafeBufferPointer { isTokenByte in
            var index = offset
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
                if bytes[first].isASCIIDigit, position(of: UInt8(ascii: "."), in: bytes, from: first, to: index) == nil
                {
                    continue
                }
                if let event = eventInASCII(token: start, index, of: bytes) { return event }
            }
            return nil
        }
    }

    /// ``isTokenByte(_:)`` of every byte, as a table: one lookup per byte of a line.
    private static let tokenBytes: [Bool] = (0...255).map { isTokenByte(UInt8($0)) }

    /// ``event(inToken:)``, byte by byte: the token is `bytes[start..<end]`.
    private static func eventInASCII(
        token start: Int, _ end: Int, of bytes: UnsafeBufferPointer<UInt8>
    ) -> LoggedEvent? {
        var start = start
        var end = end
        while start < end, bytes[start] == UInt8(ascii: "(") || bytes[start] == UInt8(ascii: ".") { start += 1 }
        for _ in 0..<3 {
            if let event = eventInASCII(named: start, end, of: bytes) { return event }
            guard start < end, bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: ".") else {
                return nil
            }
            end -= 1
        }
        return nil
    }

    /// ``event(named:)``, byte by byte: the name is `bytes[start..<end]`.
    private static func eventInASCII(
        named start: Int, _ end: Int, of bytes: UnsafeBufferPointer<UInt8>
    ) -> LoggedEvent? {
        var nameStart = start
        var qualifierEnd: Int?
        if let dot = lastPosition(of: UInt8(ascii: "."), in: bytes, from: start, to: end),
            position(of: UInt8(ascii: "("), in: bytes, from: start, to: dot) == nil
        {
            nameStart = dot + 1
            qualifierEnd = dot
        }
        // Every name starts with a letter: the fraction of a time (`00.123`) names nothing.
        guard nameStart < end, !bytes[nameStart].isASCIIDigit else { return nil }
        guard let position = names.position(of: bytes, from: nameStart, to: end) else { return nil }
        // Each field read where it stands: a copy of the whole entry retained and released its array.
        if let callback = names.meanings[position].callback { return .callback(callback) }
        if let notification = names.meanings[position].notification { return .notification(notification) }
        let qualifier = qualifierEnd.map { text(UnsafeBufferPointer(rebasing: bytes[start..<$0])) }
        if let state = names.meanings[position].sceneState { return sceneState(state, qualifier: qualifier) }
        return swiftNotification(among: names.meanings[position].swiftNotifications, qualifier: qualifier)
    }

    private static let sceneStates: [Substring: SceneState] = Dictionary(
        uniqueKeysWithValues: SceneState.allCases.map { (Substring($0.rawValue), $0) })

    /// Every name an event goes by.
    private static let names = EventNameTable(
        callbacks: callbackNames, notifications: notificationNames, sceneStates: sceneStates,
        swiftNotifications: swiftNotificationNames)

    /// The time of a line that starts as NSLog writes it, `2016-02-29 17:05:09.123`, read at fixed offsets (its
    /// fields split and read one byte at a time cost a tenth of `lifecycle check`); `nil` for any other start, left
    /// to ``nslogTimeInAnyLayout(_:)``. A line written in the same second as the line before (most of a busy log)
    /// has only its milliseconds read: the date and the second are `memory`'s.
    @inline(__always)
    private static func nslogTimeInFixedLayout(_ bytes: UnsafeBufferPointer<UInt8>, memory: inout LineMemory)
        -> Double?
    {
        guard bytes.count >= 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: ".")
        else { return nil }
        let dateAndSecond = UnsafeBufferPointer(rebasing: bytes[0..<19])
        if let second = memory.second(of: dateAndSecond) {
            let (hundreds, tens, units) = (bytes[20] &- 48, bytes[21] &- 48, bytes[22] &- 48)
            guard hundreds < 10, tens < 10, units < 10 else { return nil }
            // As nslogTime(year:…) adds them: the whole seconds, then the milliseconds over 1000.
            return second + Double(Int(hundreds) * 100 + Int(tens) * 10 + Int(units)) / 1000
        }
        var allDigits = true
        func number(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                allDigits = allDigits && digit < 10
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let year = number(0, 4)
        let month = number(5, 2)
        let day = number(8, 2)
        let hour = number(11, 2)
        let minute = number(14, 2)
        let second = number(17, 2)
        let millisecond = number(20, 3)
        guard allDigits,
            let whole = nslogTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: 0)
        else { return nil }
        memory.remember(second: whole, of: dateAndSecond)
        return whole + Double(millisecond) / 1000
    }

    /// ``nslogTime(of:)`` for an ASCII line: the same seven fields in the first 23 bytes, of any width.
    private static func nslogTimeInAnyLayout(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 7) { fields in
            var count = 0
            var value = 0
            var digits = 0
            for byte in UnsafeBufferPointer(rebasing: bytes.prefix(23)) {
                if byte.isASCIIDigit {
                    // Longer numbers, and signs, are the character-wise reader's to judge.
                    guard digits < 18 else { return nslogTime(of: text(bytes)) }
                    value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
                    digits += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "."):
                    guard digits > 0 else { continue }
                    guard count < 7 else { return nil }
                    fields[count] = value
                    count += 1
                    value = 0
                    digits = 0
                default:
                    // Another byte makes its field no number, unless it is a sign: that is for the character-wise
                    // reader to judge.
                    return byte == UInt8(ascii: "+") ? nslogTime(of: text(bytes)) : nil
                }
            }
            if digits > 0 {
                guard count < 7 else { return nil }
                fields[count] = value
                count += 1
            }
            guard count == 7 else { return nil }
            return nslogTime(
                year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
                second: fields[5], millisecond: fields[6])
        }
    }

    /// ``nslogProcess(of:)`` for an ASCII line: where the app's name and pid lie in it, and where the bytes it read
    /// end (after the `]` and the byte after it).
    private static func nslogProcessInASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (Range<Int>, readTo: Int)? {
        guard let first = bytes.first, first.isASCIIDigit,
            let open = position(of: UInt8(ascii: "["), in: bytes, from: 0, to: bytes.count),
            let close = position(of: UInt8(ascii: "]"), in: bytes, from: open, to: bytes.count)
        else { return nil }
        let colon = position(of: UInt8(ascii: ":"), in: bytes, from: open, to: close)
        let pidEnd = colon ?? close
        guard pidEnd > open + 1 else { return nil }
        for index in (open + 1)..<pidEnd where !bytes[index].isASCIIDigit { return nil }
        guard colon != nil else {
            // syslog: `App[1234]:`, the name the last word before the bracket.
            guard close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: ":") else { return nil }
            let start = lastPosition(of: UInt8(ascii: " "), in: bytes, from: 0, to: open).map { $0 + 1 } ?? 0
            return (start..<close, close + 2)
        }
        var start = 0
        for _ in 0..<2 {
            guard let space = position(of: UInt8(ascii: " "), in: bytes, from: start, to: open) else { break }
            start = space + 1
        }
        // The compact style's type, two letters at most, before the name.
        if let space = position(of: UInt8(ascii: " "), in: bytes, from: start, to: open), space - start <= 2,
            compactTypes.contains(text(UnsafeBufferPointer(rebasing: bytes[start..<space])))
        {
            start = space + 1
        }
        return (start..<pidEnd, min(close + 2, bytes.count))
    }

    /// The process of an ASCII line: NSLog's, or the unified log's default style's (only a line that starts with
    /// a digit and names no process as NSLog does is read for it).
    ///
    /// A line that starts with NSLog's time (`hasFixedTime`) and goes on as the last such line did up to the `]`
    /// after its process is about the same process: the time holds no `[`, `]` or `:` past its own, and its only
    /// space is where every such time has it, so nothing else of the line is read.
    private static func processInASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, hasFixedTime: Bool, memory: inout LineMemory
    ) -> String? {
        let afterTime = 23
        if hasFixedTime, let process = memory.process(afterTime: UnsafeBufferPointer(rebasing: bytes[afterTime...])) {
            return process
        }
        if let (range, readTo) = nslogProcessInASCII(bytes) {
            let name = memory.name(UnsafeBufferPointer(rebasing: bytes[range]))
            if hasFixedTime, readTo > afterTime {
                memory.remember(process: name, afterTime: UnsafeBufferPointer(rebasing: bytes[afterTime..<readTo]))
            }
            return name
        }
        guard let first = bytes.first, first.isASCIIDigit else { return nil }
        return defaultStyleProcess(of: text(bytes))
    }

    // The searches of a byte that a line needs, written out (the first by `memchr`): the collection methods on slices
    // of the buffer (`firstIndex(of:)`, `contains`) cost several times as much here.

    /// Where the first `byte` of `bytes[start..<end]` is, if it is there.
    private static func position(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> Int?
    {
        guard start < end, let found = memchr(bytes.baseAddress! + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(bytes.baseAddress!).distance(to: found)
    }

    /// Where the last `byte` of `bytes[start..<end]` is, if it is there.
    private static func lastPosition(
        of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Int? {
        // Most tokens hold no such byte: `memchr` says so for a whole token at once.
        guard position(of: byte, in: bytes, from: start, to: end) != nil else { return nil }
        var index = end
        while index > start {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }
}
