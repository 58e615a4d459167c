// swift-format-ignore-file
// (The import lines stand as an iOS file writes them, unindented.)
// A worked example for the explorer (docs/testing.md, "The locked phone"): a sign-in app in UIKit's and Security's
// names, as it builds for iOS, that keeps the user's session token in the keychain and reads it back at each launch.
// `HastySignInAppDelegate` takes any failed read for "signed out", as the apps iOS 15 logged out did (Salesforce
// Mobile SDK issue 3437: a background wake deleted the user's account file after `copy_matching` failed with
// -25308; firebase-ios-sdk issue 8695, fixed in pull request 9622); `SignInAppDelegate` tells a locked keychain from
// an empty one and waits for `applicationProtectedDataDidBecomeAvailable(_:)`, as that pull request does.
#if canImport(UIKit)
import UIKit
#else
import LifecycleUIKit
#endif
#if canImport(Security)
import Security
#endif

/// The session token in the keychain: a generic password of the app's service, as most apps' small wrappers keep it.
public struct TokenStore {
    /// What a read found.
    public enum Read: Equatable {
        case token(String)
        /// No token: the user is signed out.
        case none
        /// The keychain is locked (`errSecInteractionNotAllowed`): the token may well be there.
        case locked
    }

    static let service = "com.example.signin"
    static let account = "session"
    /// When the token can be read: `kSecAttrAccessibleWhenUnlocked`, the default, unless told.
    let accessible: CFString

    var baseQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: Self.account,
        ]
    }

    public init(accessible: CFString = kSecAttrAccessibleWhenUnlocked) {
        self.accessible = accessible
    }

    public func read() -> Read {
        var query = baseQuery
        query[kSecReturnData as String] = kCFBooleanTrue
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        switch status {
        case errSecSuccess:
            guard let data = item as? Data, let token = String(data: data, encoding: .utf8) else { return .none }
            return .token(token)
        case errSecInteractionNotAllowed:
            return .locked
        default:
            return .none
        }
    }

    public func save(_ token: String) {
        SecItemDelete(baseQuery as CFDictionary)
        var attributes = baseQuery
        attributes[kSecValueData as String] = Data(token.utf8)
        attributes[kSecAttrAccessible as String] = accessible
        SecItemAdd(attributes as CFDictionary, nil)
    }

    public func delete() {
        SecItemDelete(baseQuery as CFDictionary)
    }
}

/// The app delegate that does it right: a locked keychain is not an empty one. The token is read again when
/// protected data comes back.
@MainActor
public final class SignInAppDelegate: UIResponder, UIApplicationDelegate {
    public let store = TokenStore()
    /// The token the app signs its requests with; `nil` while signed out, or while the keychain is locked.
    public private(set) var token: String?
    /// How many times the user had to sign in.
    public private(set) var signIns = 0

    public required init() {}

    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        loadSession()
        return true
    }

    public func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
        if token == nil { loadSession() }
    }

    public func applicationDidBecomeActive(_ application: UIApplication) {
        // The user signs in when the app shows itself signed out (here at once, as a test's user would).
        if token == nil, UIApplication.shared.isProtectedDataAvailable { signIn() }
    }

    func loadSession() {
        switch store.read() {
        case .token(let token): self.token = token
        case .none: token = nil
        case .locked: break  // Not signed out: read it again once the phone is unlocked.
        }
    }

    func signIn() {
        signIns += 1
        token = "token-\(signIns)"
        store.save(token!)
    }
}

/// The hasty app delegate: any failed read signs the user out, and the sign-out deletes the token that was there.
@MainActor
public final class HastySignInAppDelegate: UIResponder, UIApplicationDelegate {
    public var store = TokenStore()
    public private(set) var token: String?
    public private(set) var signIns = 0

    public required init() {}

    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        if case .token(let token) = store.read() {
            self.token = token
        } else {
            // "No token": clean up what a half-finished sign-in may have left, and show the sign-in screen.
            store.delete()
            token = nil
        }
        return true
    }

    public func applicationDidBecomeActive(_ application: UIApplication) {
        if token == nil { signIn() }
    }

    func signIn() {
        signIns += 1
        token = "token-\(signIns)"
        store.save(token!)
    }
}
