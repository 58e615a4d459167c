/// The text of a note, as plain values: a text kept in its ``ActionList``, or the note of a launch that needs
/// memory, kept as its numbers until a reader asks for the words (``ActionList/text(_:)``).
///
/// On a full phone every launch makes room, and writing its note cost a string — memory to take and to give
/// back — on every such event, for hosts that never read it.
public enum PlainNote: Sendable, Hashable, BitwiseCopyable {
    /// A text kept in the list, by position.
    case kept(Int)
    /// `memory: N MB needed, F MB free`.
    case memoryNeeded(megabytes: Int, free: Int)
}
