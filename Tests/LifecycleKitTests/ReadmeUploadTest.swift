// A Swift example of the README's "Writing an app", compiled and run here; ReadmeTests checks that the README
// block stands in this file word for word.
import LifecycleKit
import LifecycleTesting
import Testing

@Test @MainActor func theUploadFinishesInTheBackground() throws {
    let delegate = UploadingDelegate()
    let device = try SimulatedDevice(apps: [AppConfiguration(id: "uploader")], delegates: ["uploader": delegate])
    try device.perform(.tap("uploader"))
    try device.perform(.home)
    device.wait(.seconds(200))
    #expect(delegate.uploaded)
    #expect(device.state(of: "uploader") == .suspended)
}
