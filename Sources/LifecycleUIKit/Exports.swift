// UIKit brings Foundation with it, and an app's delegate uses it (URL, NSLog, NSCoder): so does this module.
@_exported import Foundation
