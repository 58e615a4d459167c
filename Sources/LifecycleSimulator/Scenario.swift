import LifecycleCore

/// A parsed scenario file (docs/lifecycle.md §10): the phone to build and the commands to run on it.
public struct Scenario: Sendable {
    /// One line that does something, with where it stands in the file.
    public struct Step: Sendable {
        public var command: Command
        public var line: Int
        /// The column of the command word.
        public var column: Int
        /// The column of the app it names, if it names one.
        public var appColumn: Int?
        /// The command as written, without its comment.
        public var text: String
        /// What the file says about the line: its own comment and the comment lines right above it. The demo
        /// prints it under the line, so a reader learns why each callback comes.
        public var comment: String?

        public init(
            command: Command, line: Int, column: Int, appColumn: Int? = nil, text: String, comment: String? = nil
        ) {
            self.command = command
            self.line = line
            self.column = column
            self.appColumn = appColumn
            self.text = text
            self.comment = comment
        }
    }

    /// What a line does.
    public enum Command: Sendable, Hashable {
        case perform(UserAction)
        case wait(Duration)
        case expect(AppID, AppState)
    }

    /// The file's name, as errors and headings show it.
    public var file: String
    /// The profile the file names, if it names one.
    public var profile: Profile?
    public var deviceMemory: Int
    public var apps: [AppConfiguration]
    public var steps: [Step]

    public init(
        file: String, profile: Profile? = nil, deviceMemory: Int = Phone.defaultDeviceMemory,
        apps: [AppConfiguration] = [], steps: [Step] = []
    ) {
        self.file = file
        self.profile = profile
        self.deviceMemory = deviceMemory
        self.apps = apps
        self.steps = steps
    }

    /// A phone in its initial state for this scenario; `defaultProfile` applies when the file names none.
    public func makePhone(defaultProfile: Profile = .ios12) -> Phone {
        Phone(profile: profile ?? defaultProfile, deviceMemory: deviceMemory, apps: apps)
    }
}
