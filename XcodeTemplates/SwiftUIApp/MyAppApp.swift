//
//  MyAppApp.swift
//  MyApp
//
//  Created by Xcode's iOS App template (Interface: SwiftUI).
//

#if canImport(SwiftUI)
import SwiftUI
#else
import LifecycleSwiftUI
#endif

@main
struct MyAppApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
