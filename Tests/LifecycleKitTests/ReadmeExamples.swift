import Foundation
import LifecycleKit
import LifecycleSimulator
import LifecycleTesting
import Testing

// The Swift examples of the README's "Writing an app", compiled and run here. ReadmeTests checks that each
// README block stands in this file (or in Examples/) word for word.

@MainActor
final class UploadingDelegate: ApplicationDelegate {
    var uploaded = false
    var upload = BackgroundTaskIdentifier.invalid

    func applicationDidEnterBackground(_ application: Application) {
        upload = application.beginBackgroundTask(withName: "upload") {
            application.endBackgroundTask(self.upload)  // out of time: give up cleanly
        }
        application.run(after: .seconds(20)) {  // instead of DispatchQueue.main.asyncAfter
            self.uploaded = true
            application.endBackgroundTask(self.upload)
        }
    }
}

@Test @MainActor func theUploadFinishesInTheBackground() throws {
    let delegate = UploadingDelegate()
    let device = SimulatedDevice(apps: [AppConfiguration(id: "uploader")], delegates: ["uploader": delegate])
    try device.perform(.tap("uploader"))
    try device.perform(.home)
    device.wait(.seconds(200))
    #expect(delegate.uploaded)
    #expect(device.state(of: "uploader") == .suspended)
}

@Test @MainActor func aScenarioWithARealDelegate() throws {
    let scenario = try ScenarioParser(file: "upload.scenario").parse(
        """
        app uploader
        tap uploader
        home
        wait 30s
        expect uploader suspended
        """)
    let device = SimulatedDevice(scenario: scenario, delegates: ["uploader": UploadingDelegate()])
    #expect(try device.run(scenario).isEmpty)
}
