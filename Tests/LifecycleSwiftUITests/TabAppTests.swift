import LifecycleCore
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A tab bar app whose selected tab is kept in `@SceneStorage`, as Apple's `SceneStorage` documentation suggests for
// "the selected tab", with views made of what a typical app's are (grids, shapes, geometry, swipe actions, dialogs,
// focus): the views compile unchanged, and only the selected tab's are in the tree.

@MainActor
enum TabLog {
    static var lines: [String] = []
}

struct Recipe: Identifiable, Hashable {
    let id: Int
    let name: String
}

struct RecipesTab: View {
    @State private var recipes = [Recipe(id: 1, name: "Bread"), Recipe(id: 2, name: "Soup")]
    @State private var confirmingDelete = false
    @State private var editing: Recipe?
    @FocusState private var searchFocused: Bool
    @State private var query = ""
    @Environment(\.horizontalSizeClass) private var sizeClass
    private let columns = [GridItem(.adaptive(minimum: 120), spacing: 12)]

    var body: some View {
        NavigationStack {
            ScrollView {
                TextField("Search", text: $query)
                    .focused($searchFocused)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .submitLabel(.search)
                LazyVGrid(columns: columns, spacing: 12) {
                    ForEach(recipes) { recipe in
                        ZStack(alignment: .bottomLeading) {
                            RoundedRectangle(cornerRadius: 12, style: .continuous)
                                .fill(LinearGradient(colors: [.orange, .pink], startPoint: .top, endPoint: .bottom))
                                .aspectRatio(1, contentMode: .fit)
                            Text(recipe.name).font(.headline).padding(8).lineLimit(1).minimumScaleFactor(0.5)
                        }
                        .clipShape(.rect(cornerRadius: 12))
                        .contextMenu { Button("Edit") { editing = recipe } }
                        .onTapGesture { editing = recipe }
                    }
                }
                GeometryReader { proxy in
                    Capsule().frame(width: proxy.size.width / 2, height: 4)
                }
                .frame(height: 4)
            }
            .navigationTitle("Recipes")
            .toolbar {
                ToolbarItemGroup(placement: .topBarTrailing) {
                    EditButton()
                    Menu("Sort") { Button("Name") {} }
                }
            }
            .confirmationDialog("Delete?", isPresented: $confirmingDelete) { Button("Delete", role: .destructive) {} }
            .sheet(item: $editing) { recipe in Text(recipe.name).presentationDetents([.medium, .large]) }
            .navigationDestination(for: Recipe.self) { recipe in Text(recipe.name) }
        }
        .onAppear { TabLog.lines.append("recipes appear") }
        .onDisappear { TabLog.lines.append("recipes disappear") }
    }
}

struct SettingsTab: View {
    @AppStorage("servings") private var servings = 2
    @State private var reminder = Date(timeIntervalSince1970: 0)
    @State private var volume = 0.5
    @State private var units = "metric"
    @State private var sounds = true
    @State private var resetting = false

    var body: some View {
        Form {
            Stepper("Servings: \(servings)", value: $servings, in: 1...12)
            DatePicker("Remind me", selection: $reminder, displayedComponents: .hourAndMinute)
            Slider(value: $volume, in: 0...1)
            LabeledContent("Version", value: "1.0")
            Picker("Units", selection: $units) {
                Text("Metric").tag("metric")
                Text("Imperial").tag("imperial")
            }
            .pickerStyle(.segmented)
            Toggle("Sounds", isOn: $sounds).toggleStyle(.switch)
            DisclosureGroup("Advanced") { Text("Cache") }
            ControlGroup { Button("Export") {} }
            Link("Help", destination: URL(string: "https://example.com/help")!)
            List {
                ForEach(1..<4) { index in
                    Text("Row \(index)")
                        .swipeActions(edge: .trailing) { Button("Delete", role: .destructive) {} }
                        .badge(index)
                }
                .onMove { _, _ in }
            }
        }
        .navigationBarItems(trailing: Button("Reset") { resetting = true })
        .alert(isPresented: $resetting) {
            Alert(
                title: Text("Reset?"), primaryButton: .destructive(Text("Reset")), secondaryButton: .cancel())
        }
        .userActivity("com.example.recipes.settings", element: units) { units, activity in
            activity.title = units
        }
        .onAppear { TabLog.lines.append("settings appear") }
        .onDisappear { TabLog.lines.append("settings disappear") }
    }
}

struct TabbedView: View {
    @SceneStorage("selectedTab") private var selectedTab = "recipes"

    var body: some View {
        TabView(selection: $selectedTab) {
            RecipesTab()
                .tabItem { Label("Recipes", systemImage: "book") }
                .tag("recipes")
            SettingsTab()
                .tabItem { Label("Settings", systemImage: "gear") }
                .tag("settings")
        }
        .onOpenURL { url in
            withAnimation { selectedTab = url.host ?? "recipes" }
        }
    }
}

struct TabbedApp: App {
    var body: some Scene {
        WindowGroup { TabbedView() }
    }
}

@Suite(.serialized) @MainActor struct TabAppTests {
    init() { TabLog.lines = [] }

    static func device() throws -> SimulatedDevice {
        var app = AppConfiguration(id: "recipes")
        app.urlSchemes = ["recipes"]
        return try SimulatedDevice(app: TabbedApp.self, id: "recipes", configuration: app)
    }

    /// The first tab's views appear; the second's do not until the app's code selects it.
    @Test func onlyTheSelectedTabsViewsAreInTheTree() throws {
        let device = try Self.device()
        try device.perform("tap recipes")
        #expect(TabLog.lines == ["recipes appear"])
        try device.perform("open-url recipes recipes://settings")
        #expect(TabLog.lines == ["recipes appear", "recipes disappear", "settings appear"])
    }

    /// The selected tab is kept with the scene's session: after a purge the settings tab comes back.
    @Test func theSelectedTabComesBackAfterAPurge() throws {
        let device = try Self.device()
        for line in ["tap recipes", "open-url recipes recipes://settings", "home", "memory-pressure"] {
            try device.perform(line)
        }
        TabLog.lines = []
        try device.perform("tap recipes")
        #expect(TabLog.lines == ["settings appear"], "\(device.printedTrace())")
    }
}
