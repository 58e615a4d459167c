import Testing

@testable import LifecycleCore

/// A restart and what data protection lets apps read (docs/lifecycle.md §21): every class of keychain item in every
/// state of the phone, and what a restart ends and keeps.
@Suite struct RestartTests {
    static func phone() -> Phone {
        Phone(
            profile: .ios15,
            apps: [
                AppConfiguration(id: "chat", backgroundModes: [.remoteNotification], usesDataProtection: true),
                AppConfiguration(id: "notes", usesDataProtection: true),
            ])
    }

    /// Locks the phone and lets the 10 s pass after which protected data goes.
    static func lockUntilProtected(_ phone: inout Phone) throws {
        let actions = try phone.perform(.lock)
        for case .scheduleTimer(let timer, _) in actions where timer.purpose == .protectedDataLocks {
            _ = phone.timerFired(timer)
        }
    }

    @Test func everyClassIsReadableExactlyWhenTheTableSays() {
        let readable: [KeychainAccessibility: Set<ProtectedDataState>] = [
            .whenUnlocked: [.available],
            .whenUnlockedThisDeviceOnly: [.available],
            .whenPasscodeSetThisDeviceOnly: [.available],
            .afterFirstUnlock: [.available, .locked],
            .afterFirstUnlockThisDeviceOnly: [.available, .locked],
            .always: [.available, .locked, .beforeFirstUnlock],
            .alwaysThisDeviceOnly: [.available, .locked, .beforeFirstUnlock],
        ]
        #expect(Set(readable.keys) == Set(KeychainAccessibility.allCases))
        for accessibility in KeychainAccessibility.allCases {
            for state in ProtectedDataState.allCases {
                #expect(
                    accessibility.isReadable(in: state) == readable[accessibility]!.contains(state),
                    "\(accessibility) in \(state)")
            }
        }
        #expect(KeychainAccessibility.default == .whenUnlocked)
    }

    @Test func protectedDataGoesTenSecondsAfterTheLockAndComesBackAtTheUnlock() throws {
        var phone = Self.phone()
        #expect(phone.protectedDataState == .available)
        _ = try phone.perform(.lock)
        #expect(phone.protectedDataState == .available, "the first 10 s of the lock")
        _ = try phone.perform(.unlock)
        try Self.lockUntilProtected(&phone)
        #expect(phone.protectedDataState == .locked)
        _ = try phone.perform(.unlock)
        #expect(phone.protectedDataState == .available)
    }

    @Test func aRestartEndsEveryProcessSilentlyAndLocksThePhoneUntilTheFirstUnlock() throws {
        var phone = Self.phone()
        _ = try phone.perform(.tap("chat"))
        _ = try phone.perform(.home)
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.openNotificationCenter)
        let actions = try phone.perform(.restart)
        #expect(!actions.contains { if case .callback = $0 { true } else { false } }, "no callback")
        #expect(!actions.contains { if case .notification = $0 { true } else { false } }, "no notification")
        #expect(phone.state(of: "chat") == .notRunning)
        #expect(phone.state(of: "notes") == .notRunning)
        #expect(actions.contains(.transition("chat", from: .suspended, to: .notRunning, reason: .restart)))
        #expect(phone.overlay == nil)
        #expect(phone.isLocked)
        #expect(phone.protectedDataState == .beforeFirstUnlock, "at once, not 10 s later")

        // A wake before the first unlock: the app runs without its protected data (still handling the push, its
        // completion handler not called) and hears it come back at the unlock.
        _ = try phone.perform(.backgroundEvent(.push, "chat"))
        #expect(phone.state(of: "chat") == .background)
        #expect(phone.protectedDataState == .beforeFirstUnlock)
        let unlock = try phone.perform(.unlock)
        #expect(phone.protectedDataState == .available)
        #expect(unlock.contains(.callback("chat", .protectedDataDidBecomeAvailable, nil)))

        // Once unlocked since the restart, a later lock leaves AfterFirstUnlock items readable.
        _ = try phone.perform(.home)
        try Self.lockUntilProtected(&phone)
        #expect(phone.protectedDataState == .locked)
    }

    @Test func aRestartRemovesPrewarmedProcesses() throws {
        var phone = Self.phone()
        _ = try phone.perform(.prewarm("notes"))
        _ = try phone.perform(.tap("chat"))
        let actions = try phone.perform(.restart)
        #expect(actions.contains(.note("notes", "restart: the prewarmed process is removed")))
        _ = try phone.perform(.unlock)
        let tap = try phone.perform(.tap("notes"))
        #expect(tap.contains(.callback("notes", .willFinishLaunching, nil)), "a launch of its own, not the prewarm's")
    }
}
