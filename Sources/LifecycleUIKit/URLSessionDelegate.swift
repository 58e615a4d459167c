import Foundation

/// Foundation's `URLSessionDelegate`: what a session tells the object it was made with. Each method does nothing
/// unless the delegate implements it, as Objective-C's optional methods.
///
/// iOS calls the delegate on the session's delegate queue, a serial queue off the main thread unless the app gives
/// another. Here the delegate is an ``NSObject``, which LifecycleUIKit isolates to the main actor, so the session
/// calls it on the app's main queue (docs/lifecycle.md §19): code written for iOS builds unchanged, methods marked
/// `nonisolated` included, and what it sends to the main queue runs after it, as on iOS.
@MainActor
public protocol URLSessionDelegate: AnyObject, Sendable {
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?)
    /// A background session has told every event the system handed the app in
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: call the completion handler kept
    /// from there, on the main queue.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

extension URLSessionDelegate {
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {}
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}

/// Foundation's `URLSessionTaskDelegate`: the end of each task.
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
    /// A task of a session that waits for connectivity found the phone with no network: it waits rather than fail.
    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask)
}

extension URLSessionTaskDelegate {
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
    public func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {}
}

/// Foundation's `URLSessionDataDelegate`: a data task's body, before its end.
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}

extension URLSessionDataDelegate {
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}
}

/// Foundation's `URLSessionDownloadDelegate`: a download's file, before its end. The file is removed when the method
/// returns: move it from there.
public protocol URLSessionDownloadDelegate: URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL)
}
