import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

/// The keychain in the Security framework's names under a simulated device (docs/lifecycle.md §21): every class of
/// protection in every state of the phone, items outliving processes and restarts, each app's its own, and what a
/// search returns.
@Suite @MainActor struct KeychainTests {
    /// A phone with two apps whose code the test runs as theirs.
    static func device() throws -> SimulatedDevice {
        let scenario = try ScenarioParser(file: "vault").parse("profile ios15\napp vault data-protection\napp other\n")
        return try SimulatedDevice(
            scenario: scenario,
            delegates: [
                "vault": UIKitApp(bundleIdentifier: "vault", delegate: PlainAppDelegate()).applicationDelegate,
                "other": UIKitApp(bundleIdentifier: "other", delegate: PlainAppDelegate()).applicationDelegate,
            ])
    }

    /// Runs `code` as the app's.
    static func run<Result>(_ app: AppID, on device: SimulatedDevice, _ code: () -> Result) throws -> Result {
        let application = try #require(device.applications[app])
        var result: Result?
        application.runAsItsCode { result = code() }
        return try #require(result)
    }

    static func query(account: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "vault",
            kSecAttrAccount as String: account,
        ]
    }

    static func add(_ account: String, accessible: CFString?, data: String = "secret") -> OSStatus {
        var attributes = query(account: account)
        attributes[kSecValueData as String] = Data(data.utf8)
        if let accessible { attributes[kSecAttrAccessible as String] = accessible }
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func read(_ account: String) -> (OSStatus, String?) {
        var query = query(account: account)
        query[kSecReturnData as String] = kCFBooleanTrue
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        return (status, (item as? Data).map { String(decoding: $0, as: UTF8.self) })
    }

    /// The phone's three states for protected data.
    enum State: String, CaseIterable, Sendable {
        case unlocked, locked, beforeFirstUnlock

        @MainActor func reach(on device: SimulatedDevice) throws {
            switch self {
            case .unlocked: break
            case .locked:
                try device.perform("lock")
                device.wait(.seconds(11))
            case .beforeFirstUnlock: try device.perform("restart")
            }
        }
    }

    static let classes: [(constant: CFString?, readable: Set<State>)] = [
        (nil, [.unlocked]),
        (kSecAttrAccessibleWhenUnlocked, [.unlocked]),
        (kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.unlocked]),
        (kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.unlocked]),
        (kSecAttrAccessibleAfterFirstUnlock, [.unlocked, .locked]),
        (kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, [.unlocked, .locked]),
        (kSecAttrAccessibleAlways, [.unlocked, .locked, .beforeFirstUnlock]),
        (kSecAttrAccessibleAlwaysThisDeviceOnly, [.unlocked, .locked, .beforeFirstUnlock]),
    ]

    /// Each class, in each state: a read, an update, a delete and an add succeed exactly when §21 says, and fail
    /// with `errSecInteractionNotAllowed` otherwise — never "not found" for an item that is there.
    @Test(arguments: State.allCases) func everyClassIsReadableExactlyWhenItsProtectionAllows(state: State) throws {
        let device = try Self.device()
        try device.perform("tap vault")
        for (index, protection) in Self.classes.enumerated() {
            #expect(
                try Self.run("vault", on: device) { Self.add("item\(index)", accessible: protection.constant) } == 0)
        }
        try state.reach(on: device)
        #expect(
            try Self.run("vault", on: device) { UIApplication.shared.isProtectedDataAvailable } == (state == .unlocked))
        for (index, protection) in Self.classes.enumerated() {
            let readable = protection.readable.contains(state)
            let expected = readable ? errSecSuccess : errSecInteractionNotAllowed
            let name = "\(protection.constant ?? "no class") \(state)"
            let (status, secret) = try Self.run("vault", on: device) { Self.read("item\(index)") }
            #expect(status == expected, "read of \(name)")
            #expect(secret == (readable ? "secret" : nil), "read of \(name)")
            let update = try Self.run("vault", on: device) {
                SecItemUpdate(
                    Self.query(account: "item\(index)") as CFDictionary,
                    [kSecValueData as String: Data("new".utf8)] as CFDictionary)
            }
            #expect(update == expected, "update of \(name)")
            let add = try Self.run("vault", on: device) { Self.add("new\(index)", accessible: protection.constant) }
            #expect(add == expected, "add of \(name)")
            let delete = try Self.run("vault", on: device) {
                SecItemDelete(Self.query(account: "item\(index)") as CFDictionary)
            }
            #expect(delete == expected, "delete of \(name)")
        }
        // Nothing there reads as nothing there, locked or not.
        #expect(try Self.run("vault", on: device) { Self.read("never-added").0 } == errSecItemNotFound)
    }

    @Test func itemsOutliveProcessesAndRestartsAndEachAppHasItsOwn() throws {
        let device = try Self.device()
        try device.perform("tap vault")
        #expect(
            try Self.run("vault", on: device) { Self.add("token", accessible: kSecAttrAccessibleAfterFirstUnlock) } == 0
        )
        try device.perform("home")
        try device.perform("memory-pressure")
        #expect(device.state(of: "vault") == .notRunning)
        try device.perform("restart")
        #expect(try Self.run("vault", on: device) { Self.read("token").0 } == errSecInteractionNotAllowed)
        try device.perform("unlock")
        try device.perform("tap vault")
        #expect(try Self.run("vault", on: device) { Self.read("token").1 } == "secret")
        #expect(try Self.run("other", on: device) { Self.read("token").0 } == errSecItemNotFound)
        #expect(
            device.printedTrace().contains(
                "keychain: SecItemCopyMatching of service 'vault', account 'token' failed with "
                    + "errSecInteractionNotAllowed (kSecAttrAccessibleAfterFirstUnlock, before the first unlock since "
                    + "the restart)"),
            "\(device.printedTrace())")
    }

    @Test func searchesReturnWhatTheirKeysAskFor() throws {
        let device = try Self.device()
        try device.perform("tap vault")
        try Self.run("vault", on: device) {
            #expect(Self.add("a", accessible: nil, data: "one") == errSecSuccess)
            #expect(Self.add("b", accessible: kSecAttrAccessibleAfterFirstUnlock, data: "two") == errSecSuccess)
            #expect(Self.add("a", accessible: nil) == errSecDuplicateItem)
            // Every item of the service, with attributes and data.
            var all: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "vault",
                kSecReturnAttributes as String: true, kSecReturnData as String: true,
                kSecMatchLimit as String: kSecMatchLimitAll,
            ]
            var found: CFTypeRef?
            #expect(SecItemCopyMatching(all as CFDictionary, &found) == errSecSuccess)
            let items = found as? [[String: Any]] ?? []
            #expect(items.compactMap { $0[kSecAttrAccount as String] as? String } == ["a", "b"])
            #expect(
                items.compactMap { ($0[kSecValueData as String] as? Data).map { String(decoding: $0, as: UTF8.self) } }
                    == ["one", "two"])
            #expect(items.compactMap { $0[kSecAttrAccessible as String] as? String } == ["ak", "ck"])
            // An update of one item's data, then a delete of the service's items.
            let changed = SecItemUpdate(
                Self.query(account: "a") as CFDictionary, [kSecValueData as String: Data("uno".utf8)] as CFDictionary)
            #expect(changed == errSecSuccess)
            #expect(Self.read("a").1 == "uno")
            all = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "vault"]
            #expect(SecItemDelete(all as CFDictionary) == errSecSuccess)
            #expect(SecItemDelete(all as CFDictionary) == errSecItemNotFound)
            // A class of protection that does not exist, an add with no class, a key that is no string, a value
            // of a type no attribute has: each a bad parameter, as iOS answers, and nothing added.
            #expect(Self.add("c", accessible: "no-such-class") == errSecParam)
            #expect(SecItemAdd([kSecAttrAccount as String: "c"] as CFDictionary, nil) == errSecParam)
            #expect(SecItemCopyMatching([1: "genp"] as CFDictionary, nil) == errSecParam)
            var strange = Self.query(account: "c")
            strange[kSecAttrLabel as String] = [1, 2, 3]
            #expect(SecItemAdd(strange as CFDictionary, nil) == errSecParam)
            #expect(SecItemDelete(strange as CFDictionary) == errSecParam)
            #expect(Self.read("c").0 == errSecItemNotFound)
            #expect(SecCopyErrorMessageString(errSecInteractionNotAllowed, nil) == "User interaction is not allowed.")
        }
    }

    /// A read that failed while locked, then a delete of the same item with no read in between: the trace says the
    /// app took the locked item for a missing one. A read that succeeds in between clears it.
    @Test func aWriteAfterAnUnavailableReadIsNotedOnlyWithoutAReadSince() throws {
        let device = try Self.device()
        try device.perform("tap vault")
        try Self.run("vault", on: device) { #expect(Self.add("token", accessible: nil) == errSecSuccess) }
        try device.perform("restart")
        try Self.run("vault", on: device) { #expect(Self.read("token").0 == errSecInteractionNotAllowed) }
        try device.perform("unlock")
        try Self.run("vault", on: device) {
            #expect(Self.read("token").1 == "secret")
            #expect(SecItemDelete(Self.query(account: "token") as CFDictionary) == errSecSuccess)
        }
        #expect(!device.printedTrace().contains("after a read of the same item failed"), "\(device.printedTrace())")

        try Self.run("vault", on: device) { #expect(Self.add("token", accessible: nil) == errSecSuccess) }
        try device.perform("restart")
        try Self.run("vault", on: device) { #expect(Self.read("token").0 == errSecInteractionNotAllowed) }
        try device.perform("unlock")
        try Self.run("vault", on: device) { #expect(Self.add("token", accessible: nil) == errSecDuplicateItem) }
        #expect(
            device.printedTrace().contains(
                "keychain: SecItemAdd of service 'vault', account 'token' after a read of the same item failed with "
                    + "errSecInteractionNotAllowed (protected data unavailable), and no read since"),
            "\(device.printedTrace())")
    }
}

/// An app delegate with nothing of its own: the tests run code as the app's.
final class PlainAppDelegate: UIResponder, UIApplicationDelegate {}
