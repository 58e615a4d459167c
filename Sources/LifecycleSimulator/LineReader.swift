#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a file, read as they are needed (invalid UTF-8 is repaired rather than refused: logs are
/// often mixed). Each reader reads from the start of the file.
public final class LineReader: Sequence, IteratorProtocol {
    private var file: UnsafeMutablePointer<FILE>?
    /// getline's buffer, kept from line to line.
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// A reader of the file open as `descriptor`, from its start; the descriptor stays the caller's.
    public init?(descriptor: Int32) {
        let own = dup(descriptor)
        guard own >= 0 else { return nil }
        guard lseek(own, 0, SEEK_SET) == 0, let file = fdopen(own, "r") else {
            close(own)
            return nil
        }
        self.file = file
    }

    deinit {
        if let file { fclose(file) }
        free(buffer)
    }

    public func next() -> Substring? {
        guard let file else { return nil }
        // getline works on copies: passing the properties themselves `inout` checks exclusive access twice a line.
        var buffer = self.buffer
        var capacity = self.capacity
        var length = getline(&buffer, &capacity, file)
        self.buffer = buffer
        self.capacity = capacity
        guard length >= 0, let buffer else {
            fclose(file)
            self.file = nil
            return nil
        }
        while length > 0, buffer[length - 1] == 0x0A || buffer[length - 1] == 0x0D { length -= 1 }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)[...]
    }
}
