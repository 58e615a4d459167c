//
//  ContentView.swift
//  MyApp
//
//  Created by Xcode's iOS App template (Interface: SwiftUI).
//

#if canImport(SwiftUI)
import SwiftUI
#else
import LifecycleSwiftUI
#endif

struct ContentView: View {
    var body: some View {
        VStack {
            Image(systemName: "globe")
                .imageScale(.large)
                .foregroundStyle(.tint)
            Text("Hello, world!")
        }
        .padding()
    }
}

#Preview {
    ContentView()
}
