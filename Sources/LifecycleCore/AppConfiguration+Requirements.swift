extension AppConfiguration {
    /// What the app declares that came with a version of iOS, in the order of its declarations.
    public var requirements: [AppRequirement] {
        var requirements: [AppRequirement] = []
        if notificationDelegate != nil { requirements.append(.notificationCenter) }
        if usesScenes { requirements.append(.scenes) }
        if supportsMultipleWindows { requirements.append(.multipleWindows) }
        for mode in BackgroundMode.allCases where backgroundModes.contains(mode) && mode.introducedIn > 4 {
            requirements.append(.backgroundMode(mode))
        }
        if !permittedTasks.isEmpty { requirements.append(.scheduledTasks) }
        if permittedTasks.contains(where: { $0.kind == .continuedProcessing }) {
            requirements.append(.continuedProcessing)
        }
        return requirements
    }

    /// What the app declares that `profile` does not have yet.
    public func unmetRequirements(on profile: Profile) -> [AppRequirement] {
        requirements.filter { profile.version < $0.version }
    }

    /// Why the app cannot run under `profile`, if it cannot — what it declares that the profile lacks — and the
    /// oldest profile version that has it all, for the host to say how to run it.
    public func reasonItCannotRun(on profile: Profile) -> (reason: String, version: Int)? {
        let unmet = unmetRequirements(on: profile)
        guard let version = unmet.map(\.version).max() else { return nil }
        let what = unmet.map(\.what).joined(separator: ", ")
        let named = profile == .defaultProfile ? "\(profile.rawValue), the default" : profile.rawValue
        return (
            "app '\(id)' declares \(what), which needs iOS \(version) or later, and the profile is \(named)", version
        )
    }
}
