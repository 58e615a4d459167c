import LifecycleSwiftUI
import LifecycleTesting
import Testing

// An `@Observable` model kept in `@State`, saving itself to `UserDefaults` in a `didSet` and loading in its `init`,
// as Hacking with Swift's iExpense project writes it ("Making changes permanent with UserDefaults", 100 Days of
// SwiftUI). The model and view are kept as written, the sheet's form cut; one `onOpenURL` adds an expense, as no one
// types here, and one line logs the names each time the list is evaluated.

struct ExpenseItem: Identifiable, Codable {
    var id = UUID()
    let name: String
    let type: String
    let amount: Double
}

@Observable
class Expenses {
    var items = [ExpenseItem]() {
        didSet {
            if let encoded = try? JSONEncoder().encode(items) {
                UserDefaults.standard.set(encoded, forKey: "Items")
            }
        }
    }

    init() {
        if let savedItems = UserDefaults.standard.data(forKey: "Items") {
            if let decodedItems = try? JSONDecoder().decode([ExpenseItem].self, from: savedItems) {
                items = decodedItems
                return
            }
        }

        items = []
    }
}

@MainActor
enum ExpenseLog {
    static var names: [[String]] = []
}

struct ExpensesView: View {
    @State private var expenses = Expenses()
    @State private var showingAddExpense = false

    var body: some View {
        let _ = ExpenseLog.names.append(expenses.items.map(\.name))
        NavigationStack {
            List {
                ForEach(expenses.items) { item in
                    HStack {
                        VStack(alignment: .leading) {
                            Text(item.name)
                                .font(.headline)
                            Text(item.type)
                        }

                        Spacer()
                        Text(item.amount, format: .currency(code: "USD"))
                    }
                }
                .onDelete(perform: removeItems)
            }
            .navigationTitle("iExpense")
            .toolbar {
                Button("Add Expense", systemImage: "plus") {
                    showingAddExpense = true
                }
            }
            .sheet(isPresented: $showingAddExpense) {
                Text("Add new expense")
            }
        }
        .onOpenURL { url in
            expenses.items.append(ExpenseItem(name: url.lastPathComponent, type: "Personal", amount: 5))
        }
    }

    func removeItems(at offsets: IndexSet) {
        expenses.items.remove(atOffsets: offsets)
    }
}

struct ExpensesApp: App {
    var body: some Scene {
        WindowGroup { ExpensesView() }
    }
}

@Suite(.serialized) @MainActor struct ExpensesTests {
    init() { ExpenseLog.names = [] }

    /// The expense added before the purge is there after it: the model saved it as it changed.
    @Test func theExpensesOutliveThePurge() throws {
        let device = try SimulatedDevice.linking(ExpensesApp.self, as: "expenses")
        for line in [
            "tap expenses", "open-url expenses expenses://add/Lunch", "home", "wait 10s", "memory-pressure",
            "tap expenses",
        ] {
            try device.perform(line)
        }
        #expect(ExpenseLog.names == [[], ["Lunch"], ["Lunch"]], "\(ExpenseLog.names)")
    }

    /// The explorer finds nothing lost.
    @Test func theExplorerFindsNothing() async throws {
        let report = try await LifecycleExplorer.report(exploring: ExpensesApp.self, as: "expenses", seed: 4)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
