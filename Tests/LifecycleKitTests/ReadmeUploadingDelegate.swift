// A Swift example of the README's "Writing an app", compiled and run here; ReadmeTests checks that the README
// block stands in this file word for word.
import LifecycleKit

@MainActor
final class UploadingDelegate: ApplicationDelegate {
    var uploaded = false
    var upload = BackgroundTaskIdentifier.invalid

    func applicationDidEnterBackground(_ application: Application) {
        upload = application.beginBackgroundTask(withName: "upload") {
            application.endBackgroundTask(self.upload)  // out of time: give up cleanly
        }
        application.run(after: .seconds(20)) {  // LifecycleUIKit's code writes DispatchQueue.main.asyncAfter
            self.uploaded = true
            application.endBackgroundTask(self.upload)
        }
    }
}
