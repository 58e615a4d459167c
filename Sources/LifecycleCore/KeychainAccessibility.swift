/// When a keychain item can be read, by its `kSecAttrAccessible` value (docs/lifecycle.md §21): the one table every
/// host's keychain reads.
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable, Codable {
    /// `kSecAttrAccessibleWhenUnlocked`, the default: only while protected data is available.
    case whenUnlocked = "WhenUnlocked"
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    case whenUnlockedThisDeviceOnly = "WhenUnlockedThisDeviceOnly"
    /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`: as `whenUnlocked` on a phone with a passcode.
    case whenPasscodeSetThisDeviceOnly = "WhenPasscodeSetThisDeviceOnly"
    /// `kSecAttrAccessibleAfterFirstUnlock`: from the first unlock after a restart onwards, locked or not.
    case afterFirstUnlock = "AfterFirstUnlock"
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
    case afterFirstUnlockThisDeviceOnly = "AfterFirstUnlockThisDeviceOnly"
    /// `kSecAttrAccessibleAlways` (deprecated since iOS 12): readable at every moment, before the first unlock too.
    case always = "Always"
    /// `kSecAttrAccessibleAlwaysThisDeviceOnly` (deprecated since iOS 12).
    case alwaysThisDeviceOnly = "AlwaysThisDeviceOnly"

    /// The class an item has when the code that adds it names none.
    public static let `default` = KeychainAccessibility.whenUnlocked

    /// Whether an item of this class can be read, written or deleted while data protection is in `state`.
    public func isReadable(in state: ProtectedDataState) -> Bool {
        switch (self, state) {
        case (_, .available), (.always, _), (.alwaysThisDeviceOnly, _): true
        case (.afterFirstUnlock, .locked), (.afterFirstUnlockThisDeviceOnly, .locked): true
        case (.whenUnlocked, _), (.whenUnlockedThisDeviceOnly, _), (.whenPasscodeSetThisDeviceOnly, _): false
        case (.afterFirstUnlock, .beforeFirstUnlock), (.afterFirstUnlockThisDeviceOnly, .beforeFirstUnlock): false
        }
    }
}
