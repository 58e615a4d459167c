import Dispatch
import Foundation
import LifecycleKit

// The Security framework's keychain names, over the app's ``Keychain`` (docs/lifecycle.md §21), so that keychain
// code, and the small wrappers apps write around it, compiles unchanged behind the import lines
// `#if canImport(Security) import Security #else import LifecycleUIKit #endif`. The constants have Darwin's values
// ("svce", "acct", "genp", …), so a dictionary printed here reads as one printed on a phone. The calls' results may
// be ignored without a warning, as Swift lets code ignore the results of Security's C functions.

/// `OSStatus`: a Security call's result.
public typealias OSStatus = Int32
/// Core Foundation's string, as Security's constants are typed: Swift's `String` here (`kSecClass as String`).
public typealias CFString = String
/// Core Foundation's dictionary, as Security's calls take it (`query as CFDictionary`).
public typealias CFDictionary = NSDictionary
/// Core Foundation's object type, as a search returns its result (`var item: CFTypeRef?`).
public typealias CFTypeRef = AnyObject
/// Core Foundation's Boolean (`kCFBooleanTrue`).
public typealias CFBoolean = Bool

/// `kCFBooleanTrue`.
public let kCFBooleanTrue: CFBoolean! = true
/// `kCFBooleanFalse`.
public let kCFBooleanFalse: CFBoolean! = false

/// `errSecSuccess`.
public let errSecSuccess: OSStatus = Keychain.Status.success.rawValue
/// `noErr`.
public let noErr: OSStatus = 0
/// `errSecItemNotFound`: no item matches.
public let errSecItemNotFound: OSStatus = Keychain.Status.itemNotFound.rawValue
/// `errSecDuplicateItem`: an item of the same class, service and account exists.
public let errSecDuplicateItem: OSStatus = Keychain.Status.duplicateItem.rawValue
/// `errSecInteractionNotAllowed`: the item's class cannot be read while the phone is locked, or before its first
/// unlock since a restart.
public let errSecInteractionNotAllowed: OSStatus = Keychain.Status.interactionNotAllowed.rawValue
/// `errSecParam`: a dictionary the keychain does not understand.
public let errSecParam: OSStatus = Keychain.Status.parameter.rawValue
/// `errSecMissingEntitlement`: the call came from no app's code (a test's own code in a process of several apps).
public let errSecMissingEntitlement: OSStatus = -34018

// Item classes.
public let kSecClass: CFString = "class"
public let kSecClassGenericPassword: CFString = "genp"
public let kSecClassInternetPassword: CFString = "inet"
public let kSecClassKey: CFString = "keys"
public let kSecClassCertificate: CFString = "cert"
public let kSecClassIdentity: CFString = "idnt"

// Attributes.
public let kSecAttrService: CFString = "svce"
public let kSecAttrAccount: CFString = "acct"
public let kSecAttrAccessible: CFString = "pdmn"
public let kSecAttrAccessGroup: CFString = "agrp"
public let kSecAttrLabel: CFString = "labl"
public let kSecAttrDescription: CFString = "desc"
public let kSecAttrComment: CFString = "icmt"
public let kSecAttrGeneric: CFString = "gena"
public let kSecAttrServer: CFString = "srvr"
public let kSecAttrPort: CFString = "port"
public let kSecAttrPath: CFString = "path"
public let kSecAttrCreationDate: CFString = "cdat"
public let kSecAttrModificationDate: CFString = "mdat"
public let kSecAttrSynchronizable: CFString = "sync"
public let kSecAttrSynchronizableAny: CFString = "syna"

// Accessibility: when an item can be read (docs/lifecycle.md §21).
public let kSecAttrAccessibleWhenUnlocked: CFString = "ak"
public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
public let kSecAttrAccessibleAlways: CFString = "dk"
public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
public let kSecAttrAccessibleAlwaysThisDeviceOnly: CFString = "dku"
public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = "akpu"

// Values, what a search returns, how many it matches, and how it is made.
public let kSecValueData: CFString = "v_Data"
public let kSecReturnData: CFString = "r_Data"
public let kSecReturnAttributes: CFString = "r_Attributes"
public let kSecReturnRef: CFString = "r_Ref"
public let kSecReturnPersistentRef: CFString = "r_PersistentRef"
public let kSecMatchLimit: CFString = "m_Limit"
public let kSecMatchLimitOne: CFString = "m_LimitOne"
public let kSecMatchLimitAll: CFString = "m_LimitAll"
public let kSecUseDataProtectionKeychain: CFString = "nleg"
public let kSecUseAuthenticationUI: CFString = "u_AuthUI"
public let kSecUseAuthenticationUIFail: CFString = "u_AuthUIF"

/// `SecItemAdd(_:_:)`: adds an item; `result`, if given, gets what `kSecReturnData` or `kSecReturnAttributes` ask
/// for.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let request = SecurityRequest(attributes)
    let answer = onTheAppsKeychain("SecItemAdd") { keychain in
        guard let item = request.item else { return KeychainAnswer(.parameter) }
        let status = keychain.add(item)
        return KeychainAnswer(status, items: status == .success ? [item] : [])
    }
    if answer.status == errSecSuccess { result?.pointee = request.result(for: answer.items) }
    return answer.status
}

/// `SecItemCopyMatching(_:_:)`: the items the query matches, as its `kSecReturn…` and `kSecMatchLimit` ask: the
/// data of the first (`kSecReturnData` alone), its attributes, or an array of either with `kSecMatchLimitAll`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let request = SecurityRequest(query)
    let answer = onTheAppsKeychain("SecItemCopyMatching") { keychain in
        guard let query = request.query else { return KeychainAnswer(.parameter) }
        switch keychain.copyMatching(query) {
        case .success(let items): return KeychainAnswer(.success, items: items)
        case .failure(let status): return KeychainAnswer(status)
        }
    }
    if answer.status == errSecSuccess { result?.pointee = request.result(for: answer.items) }
    return answer.status
}

/// `SecItemUpdate(_:_:)`: changes every item the query matches to the attributes given (`kSecValueData` too).
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    let request = SecurityRequest(query)
    let changes = SecurityRequest(attributesToUpdate)
    return onTheAppsKeychain("SecItemUpdate") { keychain in
        guard let query = request.query, let changes = changes.changes else { return KeychainAnswer(.parameter) }
        return KeychainAnswer(keychain.update(query, with: changes))
    }.status
}

/// `SecItemDelete(_:)`: deletes every item the query matches.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    let request = SecurityRequest(query)
    return onTheAppsKeychain("SecItemDelete") { keychain in
        guard let query = request.query else { return KeychainAnswer(.parameter) }
        return KeychainAnswer(keychain.delete(query))
    }.status
}

/// `SecCopyErrorMessageString(_:_:)`: the status in Apple's words.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    switch status {
    case errSecSuccess: "No error."
    case errSecItemNotFound: "The specified item could not be found in the keychain."
    case errSecDuplicateItem: "The specified item already exists in the keychain."
    case errSecInteractionNotAllowed: "User interaction is not allowed."
    case errSecParam: "One or more parameters passed to a function were not valid."
    case errSecMissingEntitlement: "A required entitlement isn't present."
    default: "OSStatus \(status)"
    }
}

/// Runs a call on the keychain of the app whose code makes it, on the main actor, where the app's keychain lives.
///
/// Security's calls may come from any thread: one made off the main queue waits for it, so app code that blocks
/// the main queue on work that reads the keychain (a `DispatchGroup.wait()` on it) waits forever here, where a
/// phone's keychain would answer.
private func onTheAppsKeychain(_ call: String, _ body: @MainActor (Keychain) -> KeychainAnswer) -> KeychainAnswer {
    guard MainQueueCheck.isOnMainQueue else {
        return Dispatch.DispatchQueue.main.sync { onTheAppsKeychain(call, body) }
    }
    return MainActor.assumeIsolated {
        guard let application = Application.current else {
            Application.tellUsedOutsideAnyApp(call, "returns errSecMissingEntitlement")
            return KeychainAnswer(status: errSecMissingEntitlement, items: [])
        }
        return body(application.keychain)
    }
}

/// What the app's keychain answered: the status, and the items added or found.
private struct KeychainAnswer: Sendable {
    var status: OSStatus
    var items: [Keychain.Item]

    init(status: OSStatus, items: [Keychain.Item]) {
        self.status = status
        self.items = items
    }

    init(_ status: Keychain.Status, items: [Keychain.Item] = []) {
        self.init(status: status.rawValue, items: items)
    }
}

/// A Security call's dictionary, read into the keychain's terms.
private struct SecurityRequest: Sendable {
    /// The attributes other than those read into fields of their own.
    private var values: [String: Keychain.Value] = [:]
    private var itemClass: String?
    private var service: String?
    private var account: String?
    private var accessibility: KeychainAccessibility?
    private var data: Data?
    private var returnsData = false
    private var returnsAttributes = false
    private var matchesAll = false
    /// Whether a value could not be read: the call fails with `errSecParam`.
    private var isMalformed = false

    /// The keys that ask how to search or what to return, not what an item is.
    private static let controlPrefixes = ["m_", "r_", "u_"]
    private static let controlKeys: Set<String> = [kSecUseDataProtectionKeychain]

    init(_ dictionary: CFDictionary) {
        for (key, value) in dictionary {
            guard let key = key as? String else {
                isMalformed = true
                continue
            }
            read(key, Self.unwrapped(value))
        }
    }

    private mutating func read(_ key: String, _ value: Any?) {
        switch key {
        case kSecClass: itemClass = value as? String
        case kSecAttrAccessible:
            accessibility = (value as? String).flatMap(Self.accessibility(of:))
            if accessibility == nil { isMalformed = true }
        case kSecValueData:
            data = value as? Data
            if data == nil { isMalformed = true }
        case kSecAttrService, kSecAttrAccount:
            guard let read = value.flatMap(Self.value(of:)) else {
                isMalformed = true
                return
            }
            if key == kSecAttrService { service = read.string } else { account = read.string }
        case kSecReturnData: returnsData = value as? Bool ?? false
        case kSecReturnAttributes: returnsAttributes = value as? Bool ?? false
        case kSecMatchLimit:
            // `kSecMatchLimitAll`, or a number of items greater than one.
            matchesAll = (value as? String) == kSecMatchLimitAll || (value as? Int ?? 1) > 1
        case kSecAttrSynchronizable where (value as? String) == kSecAttrSynchronizableAny: break
        case _ where Self.controlKeys.contains(key) || Self.controlPrefixes.contains(where: key.hasPrefix): break
        default:
            guard let value = value.flatMap(Self.value(of:)) else {
                isMalformed = true
                return
            }
            values[key] = value
        }
    }

    /// The item an add describes; `nil` if the dictionary names no class or could not be read.
    var item: Keychain.Item? {
        guard !isMalformed, let itemClass else { return nil }
        return Keychain.Item(
            itemClass: itemClass, service: service, account: account, accessibility: accessibility ?? .default,
            data: data, attributes: values)
    }

    /// The items a search, an update or a delete is about.
    var query: Keychain.Query? {
        guard !isMalformed else { return nil }
        return Keychain.Query(
            itemClass: itemClass, service: service, account: account, accessibility: accessibility, attributes: values)
    }

    /// What an update's second dictionary changes.
    var changes: Keychain.Changes? {
        guard !isMalformed else { return nil }
        return Keychain.Changes(
            service: service, account: account, accessibility: accessibility, data: data, attributes: values)
    }

    /// What the call returns through its `result` argument for these items, as the dictionary asked.
    func result(for items: [Keychain.Item]) -> CFTypeRef? {
        guard returnsData || returnsAttributes, let first = items.first else { return nil }
        let returned: [Any] = (matchesAll ? items : [first]).map { item in
            guard returnsAttributes else { return item.data ?? Data() }
            return attributes(of: item)
        }
        return matchesAll ? returned as NSArray : (returned[0] as AnyObject)
    }

    /// An item's attributes as Security gives them (`kSecValueData` with them when asked for).
    private func attributes(of item: Keychain.Item) -> [String: Any] {
        var dictionary: [String: Any] = [kSecClass: item.itemClass]
        if let service = item.service { dictionary[kSecAttrService] = service }
        if let account = item.account { dictionary[kSecAttrAccount] = account }
        dictionary[kSecAttrAccessible] = Self.constant(of: item.accessibility)
        for (key, value) in item.attributes { dictionary[key] = value.object }
        if returnsData, let data = item.data { dictionary[kSecValueData] = data }
        return dictionary
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }

    private static func value(of object: Any) -> Keychain.Value? {
        switch object {
        case let string as String: .string(string)
        case let data as Data: .data(data)
        case let bool as Bool: .bool(bool)
        case let integer as Int: .integer(integer)
        case let date as Date: .date(date)
        default: nil
        }
    }

    private static let accessibilities: [(constant: String, accessibility: KeychainAccessibility)] = [
        (kSecAttrAccessibleWhenUnlocked, .whenUnlocked),
        (kSecAttrAccessibleAfterFirstUnlock, .afterFirstUnlock),
        (kSecAttrAccessibleAlways, .always),
        (kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .whenUnlockedThisDeviceOnly),
        (kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, .afterFirstUnlockThisDeviceOnly),
        (kSecAttrAccessibleAlwaysThisDeviceOnly, .alwaysThisDeviceOnly),
        (kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .whenPasscodeSetThisDeviceOnly),
    ]

    private static func accessibility(of constant: String) -> KeychainAccessibility? {
        accessibilities.first { $0.constant == constant }?.accessibility
    }

    private static func constant(of accessibility: KeychainAccessibility) -> String {
        accessibilities.first { $0.accessibility == accessibility }!.constant
    }
}

extension Keychain.Value {
    fileprivate var string: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The value as Security returns it in an attributes dictionary.
    fileprivate var object: Any {
        switch self {
        case .string(let string): string
        case .data(let data): data
        case .bool(let bool): bool
        case .integer(let integer): integer
        case .date(let date): date
        }
    }
}
