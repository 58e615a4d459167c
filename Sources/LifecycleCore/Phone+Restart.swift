extension Phone {
    /// The phone restarts (docs/lifecycle.md §21): whatever covered the screen goes, every process ends without a
    /// callback (as a crash ends one), prewarmed processes with them, and the phone comes back locked and not
    /// unlocked since, so that nothing protected is readable until the user's first unlock.
    ///
    /// What outlives processes outlives the restart: scene sessions and restoration archives, the notifications
    /// waiting, the background task requests submitted, each app's keychain and files.
    mutating func restart() {
        note(nil, "the phone restarts: every process ends, and it comes back locked, not unlocked since")
        overlay = nil
        appAwaitingScreen = nil
        appUnderLock = nil
        appUnderCall = nil
        sharedScreen.othersUnderLock = []
        sharedScreen.othersUnderCall = []
        for index in apps.indices where apps[index].state != .notRunning {
            kill(index, .restart)
        }
        while removePrewarmedProcess(sparing: nil, for: "restart") {}
        isLocked = true
        cancel(protectedDataTimer)
        protectedDataTimer = nil
        protectedDataAvailable = false
        unlockedSinceRestart = false
    }
}
