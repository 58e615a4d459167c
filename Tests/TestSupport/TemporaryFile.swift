import Foundation

/// A file with the given bytes in it, open for reading, its name already removed from the temporary directory:
/// the descriptor is all that is left of it, and closing it (when the instance goes) leaves nothing behind.
public final class TemporaryFile {
    public let descriptor: Int32

    public init(_ bytes: [UInt8]) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID()).scenario")
        try Data(bytes).write(to: url)
        descriptor = open(url.path, O_RDONLY)
        unlink(url.path)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
    }

    public convenience init(_ text: String) throws { try self.init(Array(text.utf8)) }

    deinit { close(descriptor) }
}
