// BackgroundTasks' names (docs/lifecycle.md §17), so that a file behind the three lines that pick LifecycleUIKit
// needs no other import: on iOS it says `import BackgroundTasks` inside the `#if canImport(UIKit)`.
@_exported import class LifecycleKit.BGAppRefreshTask
@_exported import class LifecycleKit.BGAppRefreshTaskRequest
@_exported import class LifecycleKit.BGContinuedProcessingTask
@_exported import class LifecycleKit.BGContinuedProcessingTaskRequest
@_exported import class LifecycleKit.BGProcessingTask
@_exported import class LifecycleKit.BGProcessingTaskRequest
@_exported import class LifecycleKit.BGTask
@_exported import class LifecycleKit.BGTaskRequest
@_exported import class LifecycleKit.BGTaskScheduler
