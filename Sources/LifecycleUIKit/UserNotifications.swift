// UserNotifications' names (docs/lifecycle.md §18), so that a file behind the three lines that pick LifecycleUIKit
// needs no other import: on iOS it says `import UserNotifications` inside the `#if canImport(UIKit)`.
@_exported import struct LifecycleKit.UNAuthorizationOptions
@_exported import enum LifecycleKit.UNAuthorizationStatus
@_exported import class LifecycleKit.UNCalendarNotificationTrigger
@_exported import class LifecycleKit.UNMutableNotificationContent
@_exported import class LifecycleKit.UNNotification
@_exported import class LifecycleKit.UNNotificationAction
@_exported import struct LifecycleKit.UNNotificationActionOptions
@_exported import class LifecycleKit.UNNotificationCategory
@_exported import struct LifecycleKit.UNNotificationCategoryOptions
@_exported import class LifecycleKit.UNNotificationContent
@_exported import var LifecycleKit.UNNotificationDefaultActionIdentifier
@_exported import var LifecycleKit.UNNotificationDismissActionIdentifier
@_exported import struct LifecycleKit.UNNotificationPresentationOptions
@_exported import class LifecycleKit.UNNotificationRequest
@_exported import class LifecycleKit.UNNotificationResponse
@_exported import enum LifecycleKit.UNNotificationSetting
@_exported import class LifecycleKit.UNNotificationSettings
@_exported import class LifecycleKit.UNNotificationSound
@_exported import class LifecycleKit.UNNotificationTrigger
@_exported import class LifecycleKit.UNTextInputNotificationAction
@_exported import class LifecycleKit.UNTimeIntervalNotificationTrigger
@_exported import class LifecycleKit.UNUserNotificationCenter
@_exported import protocol LifecycleKit.UNUserNotificationCenterDelegate
