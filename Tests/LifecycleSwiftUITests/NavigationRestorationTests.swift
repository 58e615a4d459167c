import LifecycleSwiftUI
import LifecycleTesting
import Testing

// The navigation state restored across a purge as Apple's NavigationCookbook sample restores it (WWDC22, "The
// SwiftUI cookbook for navigation"; the sample's files as copied in github.com/serena0720/NavigationCookbook):
// a `Codable` `CookbookNavigationModel` whose `objectWillChange`, buffered, is iterated with `.values` in the content view's
// `task`, each change written to `@SceneStorage("navigation")` as JSON and read back when the scene is made again.
// The sample's models and views are kept as written, cut to the stack experience, with the types renamed where other
// tests use their names and the models on the main actor (as Xcode 26's default isolation puts them); one
// `onOpenURL` is added, as the user cannot tap a recipe here, and one line logs the path each time the stack's view
// is evaluated.

enum RecipeCategory: Int, Hashable, CaseIterable, Identifiable, Codable {
    case dessert
    case pancake
    case salad
    case sandwich

    var id: Int { rawValue }

    var localizedName: String {
        switch self {
        case .dessert: "Dessert"
        case .pancake: "Pancake"
        case .salad: "Salad"
        case .sandwich: "Sandwich"
        }
    }
}

struct CookbookRecipe: Hashable, Identifiable {
    let id: UUID
    var name: String
    var category: RecipeCategory
    var ingredients: [String]
    var related: [CookbookRecipe.ID] = []
}

@MainActor
final class CookbookDataModel: ObservableObject {
    @Published var recipes: [CookbookRecipe] = [
        CookbookRecipe(
            id: UUID(uuidString: "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8")!, name: "Apple Pie", category: .dessert,
            ingredients: ["apples", "flour"]),
        CookbookRecipe(
            id: UUID(uuidString: "1B0F0F7E-3E0A-4B66-8B4F-5D1E6C2A9A11")!, name: "Pancakes", category: .pancake,
            ingredients: ["eggs", "milk"]),
    ]

    static let shared: CookbookDataModel = CookbookDataModel()

    subscript(recipeId: CookbookRecipe.ID) -> CookbookRecipe? {
        recipes.first { $0.id == recipeId }
    }

    func recipes(in category: RecipeCategory?) -> [CookbookRecipe] {
        recipes.filter { $0.category == category }
    }

    func recipe(named name: String) -> CookbookRecipe? {
        recipes.first { $0.name == name }
    }
}

@MainActor
final class CookbookNavigationModel: ObservableObject, @MainActor Codable {
    @Published var selectedCategory: RecipeCategory?
    @Published var recipePath: [CookbookRecipe]
    @Published var columnVisibility: NavigationSplitViewVisibility

    private lazy var decoder = JSONDecoder()
    private lazy var encoder = JSONEncoder()

    init(
        columnVisibility: NavigationSplitViewVisibility = .automatic,
        selectedCategory: RecipeCategory? = nil,
        recipePath: [CookbookRecipe] = []
    ) {
        self.columnVisibility = columnVisibility
        self.selectedCategory = selectedCategory
        self.recipePath = recipePath
    }

    var selectedRecipe: CookbookRecipe? {
        get { recipePath.first }
        set { recipePath = [newValue].compactMap { $0 } }
    }

    var jsonData: Data? {
        get { try? encoder.encode(self) }
        set {
            guard let data = newValue,
                let model = try? decoder.decode(Self.self, from: data)
            else { return }
            selectedCategory = model.selectedCategory
            recipePath = model.recipePath
            columnVisibility = model.columnVisibility
        }
    }

    var objectWillChangeSequence: AsyncPublisher<Publishers.Buffer<ObservableObjectPublisher>> {
        objectWillChange
            .buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest)
            .values
    }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.selectedCategory = try container.decodeIfPresent(
            RecipeCategory.self, forKey: .selectedCategory)
        let recipePathIds = try container.decode(
            [CookbookRecipe.ID].self, forKey: .recipePathIds)
        self.recipePath = recipePathIds.compactMap { CookbookDataModel.shared[$0] }
        self.columnVisibility = try container.decode(
            NavigationSplitViewVisibility.self, forKey: .columnVisibility)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(selectedCategory, forKey: .selectedCategory)
        try container.encode(recipePath.map(\.id), forKey: .recipePathIds)
        try container.encode(columnVisibility, forKey: .columnVisibility)
    }

    enum CodingKeys: String, CodingKey {
        case selectedCategory
        case recipePathIds
        case columnVisibility
    }
}

@MainActor
enum CookbookLog {
    static var paths: [[String]] = []
}

struct CookbookContentView: View {
    @SceneStorage("navigation") private var navigationData: Data?
    @StateObject private var navigationModel = CookbookNavigationModel()

    var body: some View {
        Group {
            StackContentView()
        }
        .environmentObject(navigationModel)
        .onOpenURL { url in
            navigationModel.selectedRecipe = CookbookDataModel.shared.recipe(named: url.lastPathComponent)
        }
        .task {
            if let jsonData = navigationData {
                navigationModel.jsonData = jsonData
            }
            for await _ in navigationModel.objectWillChangeSequence {
                navigationData = navigationModel.jsonData
            }
        }
    }
}

struct StackContentView: View {
    @EnvironmentObject private var navigationModel: CookbookNavigationModel
    var dataModel = CookbookDataModel.shared

    var body: some View {
        let _ = CookbookLog.paths.append(navigationModel.recipePath.map(\.name))
        NavigationStack(path: $navigationModel.recipePath) {
            List(RecipeCategory.allCases) { category in
                Section {
                    ForEach(dataModel.recipes(in: category)) { recipe in
                        NavigationLink(recipe.name, value: recipe)
                    }
                } header: {
                    Text(category.localizedName)
                }
            }
            .navigationTitle("Categories")
            .navigationDestination(for: CookbookRecipe.self) { relatedRecipe in
                NavigationLink(value: relatedRecipe) {
                    Text(relatedRecipe.name)
                }
                .buttonStyle(.plain)
            }
        }
    }
}

struct StackContentView_Previews: PreviewProvider {
    static var previews: some View {
        StackContentView(dataModel: .shared)
            .environmentObject(CookbookNavigationModel())
    }
}

struct NavigationCookbookApp: App {
    var body: some Scene {
        WindowGroup {
            CookbookContentView()
        }
    }
}

@Suite(.serialized) @MainActor struct NavigationRestorationTests {
    init() { CookbookLog.paths = [] }

    /// The recipe a link opened is on the stack again when the user comes back after a purge: the loop wrote the
    /// path to the scene's storage after the change, and the new process's task read it back.
    @Test func thePathComesBackAfterAPurge() async throws {
        let device = try SimulatedDevice.linking(NavigationCookbookApp.self, as: "cookbook")
        try device.perform("tap cookbook")
        await device.settle()
        try device.perform("open-url cookbook cookbook://recipe/Pancakes")
        await device.settle()
        #expect(CookbookLog.paths.last == ["Pancakes"], "\(CookbookLog.paths)")
        for line in ["home", "wait 10s", "memory-pressure"] { try device.perform(line) }
        CookbookLog.paths = []
        try device.perform("tap cookbook")
        await device.settle()
        #expect(CookbookLog.paths.first == [], "\(CookbookLog.paths)")
        #expect(CookbookLog.paths.last == ["Pancakes"], "\(CookbookLog.paths)")
    }

    /// A swipe closes the scene, and its storage with it: the app starts at the root again.
    @Test func aSwipeForgetsThePath() async throws {
        let device = try SimulatedDevice.linking(NavigationCookbookApp.self, as: "cookbook")
        try device.perform("tap cookbook")
        await device.settle()
        try device.perform("open-url cookbook cookbook://recipe/Pancakes")
        await device.settle()
        for line in ["switcher", "swipe cookbook", "home"] { try device.perform(line) }
        CookbookLog.paths = []
        try device.perform("tap cookbook")
        await device.settle()
        #expect(CookbookLog.paths.allSatisfy { $0.isEmpty }, "\(CookbookLog.paths)")
    }

    /// The explorer finds nothing lost across a purge in the sample's way of keeping its path.
    @Test func theExplorerFindsNothing() async throws {
        let report = try await LifecycleExplorer.report(exploring: NavigationCookbookApp.self, as: "cookbook", seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
