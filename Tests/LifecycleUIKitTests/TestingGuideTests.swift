// The worked example of docs/testing.md ("Testing your own app"), compiled and run here on the repository's own
// copy of Xcode's iOS 13+ template; ReadmeTests checks that the page's blocks stand in this file word for word,
// once the page's names (MyApp, Sources/MyApp) are read as the template's (UIKitSceneApp, XcodeTemplates/SceneApp).
import Foundation
import LifecycleKit
import LifecycleTesting
import LifecycleUIKit
import Testing

@testable import UIKitSceneApp

@MainActor func makeDevice() throws -> SimulatedDevice {
    let plist = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("XcodeTemplates/SceneApp/Resources/Info.plist")
    let info = try InfoPlist(contentsOf: plist)
    let app = try UIKitApp(info: info, delegate: AppDelegate(), module: "UIKitSceneApp")
    return try SimulatedDevice(
        profile: .ios17, apps: [info.configuration()],
        delegates: [info.bundleIdentifier: app.applicationDelegate],
        sceneDelegateClasses: [info.bundleIdentifier: app.sceneDelegateClass])
}

@Test @MainActor func theSceneGoesToTheBackgroundAndIsSuspended() throws {
    let device = try makeDevice()
    try device.perform("tap com.example.scene-app")
    try device.perform("home")
    try device.perform("wait 10s")
    try device.perform("expect com.example.scene-app suspended")
    let trace = device.printedTrace()
    #expect(trace.contains("sceneDidEnterBackground:"), "\(trace)")
}
