extension Phone {
    /// Memory not used by apps in memory, in megabytes.
    var freeMemory: Int { deviceMemory - usedMemory }

    /// An app's footprint as a host of real processes measures it (its resident memory), in place of the
    /// declared one: from now on the policy of §8 counts this. Kept within 0…``AppConfiguration/maximumMemory``.
    public mutating func setFootprint(of app: AppID, megabytes: Int) {
        guard let index = indexByID[app] else { return }
        let footprint = min(max(megabytes, 0), AppConfiguration.maximumMemory)
        apps.makeUnique()
        if apps[index].state != .notRunning || apps[index].isPrewarmed {
            usedMemory += footprint - apps[index].footprint
        }
        apps[index].footprint = footprint
    }

    /// An app's footprint, in megabytes.
    public func footprint(of app: AppID) -> Int? {
        indexByID[app].map { apps[$0].footprint }
    }

    /// Makes room for an app about to be launched (docs/lifecycle.md §8): a memory warning to every running app, then
    /// suspended apps terminated least recently used first, then background apps; never the foreground app.
    mutating func makeRoom(forLaunchOf index: Int) {
        // A prewarmed process is already in memory: the launch needs nothing more.
        let needed = apps[index].isPrewarmed ? 0 : apps[index].footprint
        guard needed > freeMemory else { return }
        emit(.note(app: index, .memoryNeeded(megabytes: needed, free: freeMemory)))
        sendMemoryWarning()
        while needed > freeMemory, removePrewarmedProcess(sparing: index) {}
        while needed > freeMemory, let victim = leastRecentlyUsedVictim() {
            kill(victim, .memory)
        }
        if needed > freeMemory {
            note(index, "memory: still \(needed - freeMemory) MB short with nothing left to terminate")
        }
    }

    /// Terminates apps by the policy of docs/lifecycle.md §8: `count` of them, or every suspended app when `nil`.
    mutating func relieveMemoryPressure(count: Int?) {
        sendMemoryWarning()
        if let count {
            var terminated = 0
            while terminated < count, removePrewarmedProcess(sparing: nil) { terminated += 1 }
            while terminated < count, let victim = leastRecentlyUsedVictim() {
                kill(victim, .memory)
                terminated += 1
            }
            if terminated < count {
                note(nil, "memory pressure: only \(terminated) of \(count) apps could be terminated")
            }
        } else {
            while removePrewarmedProcess(sparing: nil) {}
            while let victim = leastRecentlyUsedSuspendedApp() { kill(victim, .memory) }
        }
    }

    /// Removes a prewarmed process, the first to go for memory: no app runs in it yet (docs/lifecycle.md §15).
    /// Returns whether there was one. `cause` starts the trace's note.
    mutating func removePrewarmedProcess(sparing spared: Int?, for cause: String = "memory") -> Bool {
        guard let victim = prewarmed.first(where: { $0 != spared }) else { return false }
        apps[victim].isPrewarmed = false
        prewarmed.remove(victim)
        usedMemory -= apps[victim].footprint
        note(victim, "\(cause): the prewarmed process is removed")
        return true
    }

    /// `applicationDidReceiveMemoryWarning:` to every app that executes code; suspended apps get nothing.
    mutating func sendMemoryWarning() {
        guard !executing.isEmpty else { return }
        for index in executing {
            enqueue(index, .call(.didReceiveMemoryWarning, nil, .always))
        }
    }

    /// The next app to terminate for memory: a suspended app, else a background app, least recently used.
    private mutating func leastRecentlyUsedVictim() -> Int? {
        leastRecentlyUsedSuspendedApp() ?? leastRecentlyUsedBackgroundApp()
    }

    private mutating func leastRecentlyUsedSuspendedApp() -> Int? {
        while let entry = suspendedByLastUse.popMin() {
            if apps[entry.app].state == .suspended, apps[entry.app].suspensions == entry.suspension { return entry.app }
        }
        return nil
    }

    /// Never one on its way to the screen beside others (docs/lifecycle.md §16).
    private func leastRecentlyUsedBackgroundApp() -> Int? {
        executing.filter { apps[$0].state == .background && !isOnScreen($0) }.min {
            (apps[$0].lastUse, $0) < (apps[$1].lastUse, $1)
        }
    }
}
