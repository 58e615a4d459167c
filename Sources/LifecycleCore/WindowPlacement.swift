/// Where a new window of an app goes on an iPad's screen (docs/lifecycle.md §16).
///
/// Every window on screen is `foregroundActive` however it is placed; the placement decides only which windows a
/// new one covers and how many can be on screen together.
public enum WindowPlacement: String, CaseIterable, Sendable, Hashable {
    /// Full screen, covering every window that was on screen: they enter the background.
    case fullScreen = "full-screen"
    /// Side by side with the one window on screen (Split View): two windows tiled.
    case split
    /// Floating over the windows on screen (Slide Over): one such window at a time, over one window or two side
    /// by side.
    case slideOver = "slide-over"
    /// On a Stage Manager stage with the windows on screen (iPadOS 16 and later): four windows at most, any number
    /// from iPadOS 26's windowing.
    case stage

    /// The most windows a Stage Manager stage holds under a profile: four (iPadOS 16 to 18), or no limit (26).
    static func stageCapacity(under profile: Profile) -> Int {
        profile >= .ios26 ? Int.max : 4
    }
}
