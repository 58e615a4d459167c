// `import SwiftUI` brings UIKit, Foundation and Combine with it on iOS, and Observation's `@Observable`: so does this
// module.
@_exported import LifecycleCombine
@_exported import LifecycleUIKit
@_exported import Observation

/// A canvas preview (`#Preview { ContentView() }`, as Xcode's template writes it): nothing to show on Linux, so it
/// expands to nothing.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> Any) =
    #externalMacro(module: "LifecycleSwiftUIMacros", type: "PreviewMacro")
