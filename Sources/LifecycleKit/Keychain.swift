import Foundation
import LifecycleCore

/// An app's keychain (docs/lifecycle.md §21): items that outlive the app's processes, each readable, writable and
/// deletable only when its class allows it in the phone's protected-data state (``KeychainAccessibility``).
///
/// The items live as long as the ``Application``: a simulated device keeps it for the device's life, so they outlive
/// purges, kills and restarts; a host of real processes keeps them in a file (``keep(in:)``). Each app has its own.
/// LifecycleUIKit's `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate` and `SecItemDelete` are this keychain
/// behind the Security framework's dictionaries.
///
/// While protected data is unavailable, a call that would touch an item the class protects fails with
/// ``Status/interactionNotAllowed`` (`errSecInteractionNotAllowed`), never ``Status/itemNotFound``: a search that
/// finds nothing at all still says "not found". The keychain also remembers, for the process, each item whose read
/// failed that way: writing such an item (adding, updating or deleting one of the same class, service and account)
/// before a read of it succeeds is the bug that signs users out, and the trace says so
/// (``FaultNote/keychainWrittenAfterUnavailableRead(write:)``).
@MainActor
public final class Keychain {
    /// The value of an attribute other than those the keychain reasons on (a label, a comment, generic data).
    public enum Value: Sendable, Hashable, Codable {
        case string(String)
        case data(Data)
        case bool(Bool)
        case integer(Int)
        case date(Date)
    }

    /// A keychain item: its class (`genp` for a generic password), the service and account that name it, its
    /// protection, its secret, and its other attributes.
    public struct Item: Sendable, Hashable, Codable {
        public var itemClass: String
        public var service: String?
        public var account: String?
        public var accessibility: KeychainAccessibility
        public var data: Data?
        public var attributes: [String: Value]

        public init(
            itemClass: String, service: String? = nil, account: String? = nil,
            accessibility: KeychainAccessibility = .default, data: Data? = nil, attributes: [String: Value] = [:]
        ) {
            self.itemClass = itemClass
            self.service = service
            self.account = account
            self.accessibility = accessibility
            self.data = data
            self.attributes = attributes
        }

        /// What names the item: two items of one name cannot both exist.
        var name: Name { Name(itemClass: itemClass, service: service, account: account) }
    }

    /// The items a call is about: every field given must be equal to the item's.
    public struct Query: Sendable, Hashable {
        public var itemClass: String?
        public var service: String?
        public var account: String?
        public var accessibility: KeychainAccessibility?
        public var attributes: [String: Value]

        public init(
            itemClass: String? = nil, service: String? = nil, account: String? = nil,
            accessibility: KeychainAccessibility? = nil, attributes: [String: Value] = [:]
        ) {
            self.itemClass = itemClass
            self.service = service
            self.account = account
            self.accessibility = accessibility
            self.attributes = attributes
        }

        func matches(_ item: Item) -> Bool {
            if let itemClass, itemClass != item.itemClass { return false }
            if let service, service != item.service { return false }
            if let account, account != item.account { return false }
            if let accessibility, accessibility != item.accessibility { return false }
            return attributes.allSatisfy { item.attributes[$0.key] == $0.value }
        }
    }

    /// What an update changes: each field given replaces the item's.
    public struct Changes: Sendable, Hashable {
        public var service: String?
        public var account: String?
        public var accessibility: KeychainAccessibility?
        public var data: Data?
        public var attributes: [String: Value]

        public init(
            service: String? = nil, account: String? = nil, accessibility: KeychainAccessibility? = nil,
            data: Data? = nil, attributes: [String: Value] = [:]
        ) {
            self.service = service
            self.account = account
            self.accessibility = accessibility
            self.data = data
            self.attributes = attributes
        }
    }

    /// The Security framework's result codes (`OSStatus`) the keychain answers with.
    public enum Status: Int32, Error, Sendable, Hashable {
        /// `errSecSuccess`.
        case success = 0
        /// `errSecItemNotFound`.
        case itemNotFound = -25300
        /// `errSecDuplicateItem`.
        case duplicateItem = -25299
        /// `errSecInteractionNotAllowed`: the item's class is unavailable while the phone is locked, or before its
        /// first unlock since a restart.
        case interactionNotAllowed = -25308
        /// `errSecParam`: the call's dictionary is not one the keychain understands.
        case parameter = -50

        /// The constant's name, as code compares with it.
        public var name: String {
            switch self {
            case .success: "errSecSuccess"
            case .itemNotFound: "errSecItemNotFound"
            case .duplicateItem: "errSecDuplicateItem"
            case .interactionNotAllowed: "errSecInteractionNotAllowed"
            case .parameter: "errSecParam"
            }
        }
    }

    /// The class, service and account that name an item.
    struct Name: Hashable {
        var itemClass: String
        var service: String?
        var account: String?

        /// `of service 'auth', account 'token'`, as the trace's notes name the item.
        var described: String {
            var parts: [String] = []
            if let service { parts.append("service '\(service)'") }
            if let account { parts.append("account '\(account)'") }
            return parts.isEmpty ? "of class \(itemClass)" : "of " + parts.joined(separator: ", ")
        }
    }

    /// The items, in the order they were added.
    public private(set) var items: [Item] = [] {
        didSet { save() }
    }
    /// The file the items are kept in between processes, when a host of real processes keeps them (``keep(in:)``).
    private var file: RestorationArchive?
    /// The items whose read failed in this process because protected data was unavailable, not read since.
    private var readWhileUnavailable: Set<Name> = []
    /// Whether a call of this process's code was refused because protected data was unavailable: what the app does
    /// after that may come of taking the refusal for something else (the explorer compares what it shows then).
    public private(set) var refusedInThisProcess = false
    private unowned let application: Application

    init(application: Application) {
        self.application = application
    }

    /// What data protection lets the app read now.
    private var protectedData: ProtectedDataState { application.host.protectedDataState }

    /// The items the query matches (`SecItemCopyMatching`).
    public func copyMatching(_ query: Query) -> Result<[Item], Status> {
        let matched = items.filter(query.matches)
        guard !matched.isEmpty else {
            if protectedData.isAvailable { forgetUnavailableReads(matching: query) }
            return .failure(.itemNotFound)
        }
        let unreadable = matched.filter { !$0.accessibility.isReadable(in: protectedData) }
        guard unreadable.isEmpty else {
            for item in unreadable { readWhileUnavailable.insert(item.name) }
            noteRefused("SecItemCopyMatching", unreadable)
            return .failure(.interactionNotAllowed)
        }
        for item in matched { readWhileUnavailable.remove(item.name) }
        return .success(matched)
    }

    /// Adds an item (`SecItemAdd`): refused when its class is unavailable now, or when an item of its name exists.
    public func add(_ item: Item) -> Status {
        checkWrite("SecItemAdd", of: [item.name])
        guard item.accessibility.isReadable(in: protectedData) else {
            noteRefused("SecItemAdd", [item])
            return .interactionNotAllowed
        }
        guard !items.contains(where: { $0.name == item.name }) else { return .duplicateItem }
        items.append(item)
        return .success
    }

    /// Changes the items the query matches (`SecItemUpdate`): all of them, or none if one is unavailable now.
    public func update(_ query: Query, with changes: Changes) -> Status {
        let matched = items.indices.filter { query.matches(items[$0]) }
        checkWrite("SecItemUpdate", of: matched.map { items[$0].name } + [name(of: query)].compactMap { $0 })
        guard !matched.isEmpty else { return .itemNotFound }
        let unreadable = matched.map { items[$0] }.filter { !$0.accessibility.isReadable(in: protectedData) }
        guard unreadable.isEmpty, changes.accessibility?.isReadable(in: protectedData) ?? true else {
            noteRefused("SecItemUpdate", unreadable)
            return .interactionNotAllowed
        }
        var updated = items
        for index in matched {
            if let service = changes.service { updated[index].service = service }
            if let account = changes.account { updated[index].account = account }
            if let accessibility = changes.accessibility { updated[index].accessibility = accessibility }
            if let data = changes.data { updated[index].data = data }
            updated[index].attributes.merge(changes.attributes) { _, new in new }
        }
        guard Set(updated.map(\.name)).count == updated.count else { return .duplicateItem }
        items = updated
        return .success
    }

    /// Deletes the items the query matches (`SecItemDelete`): all of them, or none if one is unavailable now.
    public func delete(_ query: Query) -> Status {
        let matched = items.filter(query.matches)
        checkWrite("SecItemDelete", of: matched.map(\.name) + [name(of: query)].compactMap { $0 })
        guard !matched.isEmpty else { return .itemNotFound }
        let unreadable = matched.filter { !$0.accessibility.isReadable(in: protectedData) }
        guard unreadable.isEmpty else {
            noteRefused("SecItemDelete", unreadable)
            return .interactionNotAllowed
        }
        items.removeAll(where: query.matches)
        return .success
    }

    /// A new process of the app: what the last one read is forgotten with it; the items stay.
    func processDidStart() {
        readWhileUnavailable = []
        refusedInThisProcess = false
    }

    /// Keeps the items in a file of the app's support directory, `<app>.keychain`, read now and written at each
    /// change (atomically, as the restoration archive is): a host of real processes, whose application lasts one
    /// process, calls it so that the items outlive the process as on a phone.
    ///
    /// A file that exists but cannot be read is said on standard error; the keychain then starts empty, and leaves
    /// the file as it is.
    public func keep(in directory: URL) {
        let archive = RestorationArchive(
            file: directory.appendingPathComponent("\(application.bundleIdentifier.rawValue).keychain"))
        do {
            if let stored = try archive.read()?[Self.itemsKey] {
                items = try JSONDecoder().decode([Item].self, from: stored)
            }
            file = archive
        } catch {
            FileHandle.standardError.write(
                Data(
                    "\(application.bundleIdentifier): keychain: \(archive.url.path): \(error); it starts empty\n".utf8))
        }
    }

    private static let itemsKey = "items"

    private func save() {
        guard let file else { return }
        do {
            try file.write([Self.itemsKey: JSONEncoder().encode(items)])
        } catch {
            application.host.note("keychain: the items could not be kept: \(error)", in: application.bundleIdentifier)
        }
    }

    // MARK: What the trace says

    /// The name a query gives, when it names one item (its class, service and account all given).
    private func name(of query: Query) -> Name? {
        guard let itemClass = query.itemClass, query.service != nil || query.account != nil else { return nil }
        return Name(itemClass: itemClass, service: query.service, account: query.account)
    }

    /// A read that found nothing while everything was readable: the items it asked for are known to be absent.
    private func forgetUnavailableReads(matching query: Query) {
        readWhileUnavailable = readWhileUnavailable.filter { name in
            !query.matches(Item(itemClass: name.itemClass, service: name.service, account: name.account))
        }
    }

    /// A write of an item whose read failed for protection, with no read since: the code took the locked item for a
    /// missing one. The trace says so once per item.
    private func checkWrite(_ call: String, of names: [Name]) {
        for name in names where readWhileUnavailable.remove(name) != nil {
            let fault = FaultNote.keychainWrittenAfterUnavailableRead(write: "\(call) \(name.described)")
            application.host.note(fault.text, in: application.bundleIdentifier)
        }
    }

    /// The trace tells why a call failed: the items' class and the phone's state.
    private func noteRefused(_ call: String, _ items: [Item]) {
        refusedInThisProcess = true
        guard let item = items.first else { return }
        let when =
            switch protectedData {
            case .beforeFirstUnlock: "before the first unlock since the restart"
            case .locked, .available: "while the phone is locked"
            }
        application.host.note(
            "keychain: \(call) \(item.name.described) failed with errSecInteractionNotAllowed "
                + "(kSecAttrAccessible\(item.accessibility.rawValue), \(when))",
            in: application.bundleIdentifier)
    }
}
