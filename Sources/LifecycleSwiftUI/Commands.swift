/// The menu commands a scene adds on an iPad with a keyboard (`.commands { CommandMenu("Tools") { … } }`): no menu
/// bar shows here, so they are only built.
@MainActor
public protocol Commands {}

/// The commands a `.commands` closure lists.
@MainActor @resultBuilder
public enum CommandsBuilder {
    public static func buildBlock(_ commands: any Commands...) -> CommandsGroup { CommandsGroup() }
    public static func buildExpression(_ commands: any Commands) -> any Commands { commands }
}

/// Several commands.
public struct CommandsGroup: Commands {}

/// A menu of its own (`CommandMenu("Tools") { Button(…) }`).
public struct CommandMenu<Content: View>: Commands {
    public init(_ name: String, @ViewBuilder content: () -> Content) {}
}

/// Commands placed among the system's (`CommandGroup(replacing: .newItem) { … }`).
public struct CommandGroup<Content: View>: Commands {
    public init(before group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    public init(after group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    public init(replacing group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
}

/// Where a `CommandGroup` goes among the system's commands.
public struct CommandGroupPlacement: Sendable {
    public static let newItem = CommandGroupPlacement(), saveItem = CommandGroupPlacement()
    public static let appInfo = CommandGroupPlacement(), appSettings = CommandGroupPlacement()
    public static let help = CommandGroupPlacement(), pasteboard = CommandGroupPlacement()
    public static let sidebar = CommandGroupPlacement(), toolbar = CommandGroupPlacement()
}

extension Scene {
    /// Adds menu commands: built, not shown.
    public func commands(@CommandsBuilder content: () -> some Commands) -> Self { self }
}
