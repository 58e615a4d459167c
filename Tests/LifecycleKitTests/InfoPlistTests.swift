import Foundation
import LifecycleCore
import LifecycleKit
import Testing

@Suite struct InfoPlistTests {
    static func plist(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """.utf8)
    }

    @Test func readsTheKeysFromXML() throws {
        let info = try InfoPlist(
            data: Self.plist(
                """
                <key>CFBundleIdentifier</key><string>com.example.player</string>
                <key>UIBackgroundModes</key><array><string>audio</string><string>fetch</string></array>
                """))
        #expect(info == InfoPlist(bundleIdentifier: "com.example.player", backgroundModes: [.audio, .fetch]))
        #expect(info.configuration().runsHostedCode)
    }

    /// `UIApplicationSupportsMultipleScenes` in the scene manifest: several windows on an iPad (docs/lifecycle.md §16).
    @Test func readsWhetherTheSceneManifestAllowsSeveralWindows() throws {
        let manifest = { (value: String) in
            try InfoPlist(
                data: Self.plist(
                    """
                    <key>CFBundleIdentifier</key><string>com.example.notes</string>
                    <key>UIApplicationSceneManifest</key><dict>
                    <key>UIApplicationSupportsMultipleScenes</key>\(value)</dict>
                    """))
        }
        let several = try manifest("<true/>")
        #expect(several.usesScenes && several.supportsMultipleWindows)
        #expect(several.configuration().supportsMultipleWindows)
        #expect(!(try manifest("<false/>")).supportsMultipleWindows)
    }

    /// `BGTaskSchedulerPermittedIdentifiers` (no kinds: a request's class says) and the scene manifest's delegate
    /// class, as Xcode's template writes it.
    @Test func readsTheTaskIdentifiersAndTheSceneDelegateClassName() throws {
        let info = try InfoPlist(
            data: Self.plist(
                """
                <key>CFBundleIdentifier</key><string>com.example.news</string>
                <key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.news.refresh</string></array>
                <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
                <key>UIWindowSceneSessionRoleApplication</key><array><dict>
                <key>UISceneConfigurationName</key><string>Default Configuration</string>
                <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                </dict></array></dict></dict>
                """))
        #expect(info.permittedTaskIdentifiers == ["com.example.news.refresh"])
        #expect(
            info.configuration().permittedTasks == [PermittedTask(identifier: "com.example.news.refresh", kind: nil)])
        #expect(info.sceneDelegateClassName == "$(PRODUCT_MODULE_NAME).SceneDelegate")
        #expect(info.usesScenes)
    }

    @Test func readsBinaryPropertyLists() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(["CFBundleIdentifier": "com.example.legacy"])
        var info = try InfoPlist(data: data)
        #expect(info.bundleIdentifier == "com.example.legacy")
        let withExit = try encoder.encode(Legacy(CFBundleIdentifier: "legacy", UIApplicationExitsOnSuspend: true))
        info = try InfoPlist(data: withExit)
        #expect(info.exitsOnSuspend)
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct Legacy: Encodable {
        var CFBundleIdentifier: String
        var UIApplicationExitsOnSuspend: Bool
    }

    static let errors: [(body: String, message: String)] = [
        (
            "",
            "Info.plist: CFBundleIdentifier: error: the key is missing: Xcode's build writes the identifier from PRODUCT_BUNDLE_IDENTIFIER; give it (bundleIdentifier:, or LIFECYCLE_BUNDLE_IDENTIFIER for @main)"
        ),
        (
            "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>",
            "Info.plist: CFBundleIdentifier: error: it says '$(PRODUCT_BUNDLE_IDENTIFIER)', a build setting: Xcode's build writes the identifier from PRODUCT_BUNDLE_IDENTIFIER; give it (bundleIdentifier:, or LIFECYCLE_BUNDLE_IDENTIFIER for @main)"
        ),
        (
            "<key>CFBundleIdentifier</key><string>a</string><key>UIApplicationExitsOnSuspend</key><string>YES</string>",
            "Info.plist: UIApplicationExitsOnSuspend: error: expected a Boolean (<true/> or <false/>)"
        ),
        (
            "<key>CFBundleIdentifier</key><string>a</string><key>UIBackgroundModes</key><string>audio</string>",
            "Info.plist: UIBackgroundModes: error: expected an array of strings"
        ),
        (
            "<key>CFBundleIdentifier</key><string>a</string><key>UIBackgroundModes</key><array><string>flying</string></array>",
            "Info.plist: UIBackgroundModes: error: unknown mode 'flying'; expected one of audio, location, voip, fetch, remote-notification, processing, bluetooth-central, bluetooth-peripheral, external-accessory, newsstand-content"
        ),
        (
            "<key>CFBundleIdentifier</key><string>a</string><key>UIApplicationExitsOnSuspend</key><true/><key>UIBackgroundModes</key><array><string>audio</string></array>",
            "Info.plist: UIApplicationExitsOnSuspend: error: YES contradicts UIBackgroundModes 'audio': an app that exits on suspend never runs in the background"
        ),
        (
            "<key>CFBundleIdentifier</key><string>not an id</string>",
            "Info.plist: CFBundleIdentifier: error: expected letters, digits, '.', '_' and '-', found 'not an id'"
        ),
    ]

    @Test(arguments: errors)
    func badPlistsNameTheKey(body: String, message: String) {
        #expect(throws: InfoPlist.Error.self) { try InfoPlist(data: Self.plist(body), file: "Info.plist") }
        do {
            _ = try InfoPlist(data: Self.plist(body), file: "Info.plist")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func notAPropertyList() {
        do {
            _ = try InfoPlist(data: Data("{ not a plist".utf8), file: "Info.plist")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Info.plist: error: not a property list (XML or binary)")
        }
    }

    /// Xcode 13's Info.plist has no CFBundleIdentifier (the build writes it from PRODUCT_BUNDLE_IDENTIFIER), and older
    /// ones say `$(PRODUCT_BUNDLE_IDENTIFIER)`: the identifier is given as the build would give it.
    @Test func theBuildsIdentifierStandsInForAFileWithoutOne() throws {
        for body in ["", "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"] {
            let info = try InfoPlist(data: Self.plist(body), file: "Info.plist", bundleIdentifier: "com.example.notes")
            #expect(info.bundleIdentifier == "com.example.notes")
        }
        let written = try InfoPlist(
            data: Self.plist("<key>CFBundleIdentifier</key><string>com.example.own</string>"),
            bundleIdentifier: "com.example.notes")
        #expect(written.bundleIdentifier == "com.example.own")
    }
}
