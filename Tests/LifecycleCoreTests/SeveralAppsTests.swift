import Testing

@testable import LifecycleCore

/// Several apps on an iPad's screen at once (docs/lifecycle.md §16): what the phone reports of them, and the
/// screen coming back as it was after a lock or a call.
@Suite struct SeveralAppsTests {
    static func lines(_ actions: [Action]) -> [String] { ExternalDisplayTests.lines(actions) }

    static func ipad(profile: Profile = .ios18) -> Phone {
        var apps = ["mail", "notes", "maps"].map { AppConfiguration(id: AppID($0), usesScenes: true) }
        apps[0].supportsMultipleWindows = true
        return Phone(profile: profile, device: .ipad, apps: apps)
    }

    static func mailAndNotes() throws -> Phone {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("mail"))
        _ = try phone.perform(.newWindow("notes", placement: .split))
        return phone
    }

    @Test func theAppAlreadyOnScreenHearsNothingWhenAnotherComesBeside() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("mail"))
        let actions = try phone.perform(.newWindow("notes", placement: .split))
        #expect(!Self.lines(actions).contains { $0.hasPrefix("mail#") })
        #expect(
            !actions.contains {
                if case .transition("mail", _, _, _) = $0 { true } else { false }
            })
        #expect(phone.appsOnScreen == ["mail", "notes"])
        #expect(phone.state(of: "mail") == .active)
        #expect(phone.state(of: "notes") == .active)
        #expect(phone.placement(of: SceneID(rawValue: "mail#1")) == .split)
    }

    @Test func focusMovesTheKeyWindowAndNothingElse() throws {
        var phone = try Self.mailAndNotes()
        // The window that came last has the focus.
        #expect(phone.keyWindow == SceneID(rawValue: "notes#1"))
        let actions = try phone.perform(.focusWindow(SceneID(rawValue: "mail#1")))
        #expect(Self.lines(actions).isEmpty)
        #expect(!actions.contains { if case .transition = $0 { true } else { false } })
        #expect(phone.keyWindow == SceneID(rawValue: "mail#1"))
        #expect(phone.state(of: "notes") == .active)
    }

    @Test func aNewWindowOfTheAppOnScreenTakesTheFocus() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("mail"))
        #expect(phone.keyWindow == SceneID(rawValue: "mail#1"))
        _ = try phone.perform(.newWindow("mail", placement: .split))
        #expect(phone.keyWindow == SceneID(rawValue: "mail#2"))
        _ = try phone.perform(.closeWindow(SceneID(rawValue: "mail#2")))
        #expect(phone.keyWindow == SceneID(rawValue: "mail#1"), "the focus goes back to the window left on screen")
    }

    @Test func aThirdAppTakesTheLeftSideAndIsFirstOnScreen() throws {
        var phone = try Self.mailAndNotes()
        _ = try phone.perform(.replaceWindow("maps", replacing: SceneID(rawValue: "mail#1")))
        #expect(phone.appsOnScreen == ["maps", "notes"])
        #expect(phone.foregroundApp == "maps")
        #expect(phone.state(of: "mail") == .suspended)
    }

    @Test func theLockAndACallGiveBackBothApps() throws {
        var phone = try Self.mailAndNotes()
        _ = try phone.perform(.lock)
        #expect(phone.appsOnScreen.isEmpty)
        _ = try phone.perform(.unlock)
        #expect(phone.appsOnScreen == ["mail", "notes"])
        #expect(phone.state(of: "notes") == .active)
        _ = try phone.perform(.incomingCall)
        _ = try phone.perform(.answerCall)
        #expect(phone.state(of: "mail") == .suspended)
        _ = try phone.perform(.hangUp)
        #expect(phone.appsOnScreen == ["mail", "notes"])
        #expect(phone.state(of: "mail") == .active)
        #expect(phone.state(of: "notes") == .active)
    }

    @Test func aWindowFullScreenCoversTheOtherApps() throws {
        var phone = try Self.mailAndNotes()
        _ = try phone.perform(.newWindow("mail", placement: .fullScreen))
        #expect(phone.appsOnScreen == ["mail"])
        #expect(phone.state(of: "notes") == .suspended)
    }

    @Test func anAppBesideOthersIsNotTakenForMemory() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("maps"))
        _ = try phone.perform(.home)
        _ = try phone.perform(.tap("mail"))
        _ = try phone.perform(.newWindow("notes", placement: .slideOver))
        _ = try phone.perform(.memoryPressure(count: 3))
        #expect(phone.state(of: "maps") == .notRunning)
        #expect(phone.appsOnScreen == ["mail", "notes"])
    }
}
