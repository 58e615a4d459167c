import LifecycleUIKit

// docs/writing-an-app.md's way to end a background task from its own expiration handler without Swift 6's warning
// about a captured `var` (the page's block stands here word for word).

@MainActor final class SaveTask {
    var identifier = UIBackgroundTaskIdentifier.invalid
}

@MainActor func save(_ application: UIApplication) {
    let task = SaveTask()
    task.identifier = application.beginBackgroundTask(withName: "save") {
        application.endBackgroundTask(task.identifier)  // ended before the handler returns
    }
    // … the save, which ends the task when it is done
}
