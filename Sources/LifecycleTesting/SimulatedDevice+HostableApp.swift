import Foundation
import LifecycleCore
import LifecycleKit

extension SimulatedDevice {
    /// A device running one app of an app type a host can run by itself — a SwiftUI `App`:
    /// `SimulatedDevice(app: MyApp.self, profile: .ios17)`. Each of the app's processes gets a fresh `App`, as on a
    /// phone, so what it held in memory is lost when the system purges it.
    ///
    /// - Parameters:
    ///   - id: the app's bundle identifier, which the device's lines (`tap notes`) name.
    ///   - configuration: the app's declarations (background modes, BGTask identifiers); scenes are always on, and
    ///     several windows on an iPad.
    /// - Throws: ``UnsupportedApp`` when the profile is older than the app's lifecycle (iOS 14 for SwiftUI's).
    public convenience init(
        app type: any HostableApp.Type, id: AppID = "app", profile: Profile = .ios17, device: DeviceKind = .iphone,
        configuration: AppConfiguration? = nil, startDate: Date = Date()
    ) throws(UnsupportedApp) {
        let code = type.hostedCode(bundleIdentifier: id)
        if let reason = code.reasonItCannotRun(on: profile) {
            throw UnsupportedApp(
                description: "\(reason): make the device with profile: .ios\(code.minimumVersion) (or later)")
        }
        var app = configuration ?? AppConfiguration(id: id)
        app.usesScenes = true
        // SwiftUI keeps each scene's `@SceneStorage` in the session's restoration activity.
        app.behavior.restoresState = true
        if device == .ipad { app.supportsMultipleWindows = true }
        try self.init(
            profile: profile, device: device, apps: [app], delegates: [id: code.makeDelegate()],
            sceneDelegateClasses: [id: code.sceneDelegateClass], startDate: startDate)
        if let application = applications[id] { application.makeDelegate = code.makeDelegate }
    }
}
