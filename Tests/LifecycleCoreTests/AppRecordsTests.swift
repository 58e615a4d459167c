import Testing

@testable import LifecycleCore

/// The phone's app records are checked for sole ownership once per event, not on every write: a copy of a phone
/// must still be a value of its own, whichever copy changes first and however it changes.
@Suite struct AppRecordsTests {
    @Test func aCopiedPhoneIsAValueOfItsOwn() throws {
        var original = Phone(apps: [AppConfiguration(id: "notes"), AppConfiguration(id: "maps")])
        _ = try original.perform(.tap("notes"))
        var copy = original
        _ = try copy.perform(.home)
        #expect(original.state(of: "notes") == .active)
        #expect(copy.state(of: "notes") == .suspended)

        // The original changes next; the copy keeps what it had.
        _ = try original.perform(.home)
        _ = try original.perform(.tap("maps"))
        #expect(copy.state(of: "maps") == .notRunning)
        #expect(original.state(of: "maps") == .active)

        // Through the other entries that write records: a new app, a footprint.
        var third = copy
        third.setFootprint(of: "notes", megabytes: 700)
        third.declare(AppConfiguration(id: "clock"))
        #expect(copy.footprint(of: "notes") != 700 && third.footprint(of: "notes") == 700)
        #expect(copy.configuration(of: "clock") == nil && third.configuration(of: "clock") != nil)
    }

    @Test func aTimerFiredOnACopyChangesOnlyTheCopy() throws {
        let slow = AppBehavior(durations: [.didEnterBackground: .seconds(2)])
        var original = Phone(apps: [AppConfiguration(id: "notes", behavior: slow)])
        _ = try original.perform(.tap("notes"))
        let returns = try original.perform(.home).compactMap { action -> SystemTimer? in
            guard case .scheduleTimer(let timer, _) = action, timer.purpose == .callbackReturns else { return nil }
            return timer
        }
        #expect(returns.count == 1)
        var copy = original
        for timer in returns { _ = copy.timerFired(timer) }
        #expect(copy.state(of: "notes") == .suspended)
        #expect(original.state(of: "notes") == .background && original.isBusy)
    }

    @Test func recordsGrowAndCopyApart() {
        let profile = Profile.ios12
        var records = AppRecords([AppRecord(configuration: AppConfiguration(id: "a0"), profile: profile)])
        for number in 1..<40 {
            records.append(AppRecord(configuration: AppConfiguration(id: AppID("a\(number)")), profile: profile))
        }
        let snapshot = records
        records.makeUnique()
        records[7].footprint = 1
        records.append(AppRecord(configuration: AppConfiguration(id: "late"), profile: profile))
        #expect(records.map(\.id.rawValue) == (0..<40).map { "a\($0)" } + ["late"])
        #expect(snapshot.count == 40 && snapshot[7].footprint != 1 && records[7].footprint == 1)

        // A phone may start with no apps and declare them as a scenario streams in.
        var empty = AppRecords([])
        empty.append(AppRecord(configuration: AppConfiguration(id: "first"), profile: profile))
        #expect(empty.map(\.id.rawValue) == ["first"])
    }
}
