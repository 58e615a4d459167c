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
        /// The column of the scene it names, if it names one (`notes#2`).
        public var sceneColumn: Int?
        /// The command as written, without its comment.
        public var text: String
        /// What the file says about the line: its own comment and the comment lines right above it. The demo
        /// prints it under the line, so a reader learns why each callback comes.
        public var comment: String?

        public init(
            command: Command, line: Int, column: Int, appColumn: Int? = nil, sceneColumn: Int? = nil, text: String,
            comment: String? = nil
        ) {
            self.command = command
            self.line = line
            self.column = column
            self.appColumn = appColumn
            self.sceneColumn = sceneColumn
            self.text = text
            self.comment = comment
        }
    }

    /// Something a line uses that exists from some iOS version on (`scenes`, a background mode), checked
    /// against the profile the scenario runs under.
    public struct Requirement: Sendable, Hashable {
        public var line: Int
        public var column: Int
        /// The first iOS major version that has it.
        public var version: Int
        /// What it is, as an error names it.
        public var what: String
        public var sourceLine: String
    }

    /// What a line does.
    public enum Command: Sendable, Hashable {
        case perform(UserAction)
        case wait(Duration)
        case expect(AppID, AppState)
        /// `expect SCENE STATE`: the state of the scene connected to a session, `nil` for none (`disconnected`).
        case expectScene(SceneID, SceneState?)
    }

    /// The file's name, as errors and headings show it.
    public var file: String
    /// The profile the file names, if it names one.
    public var profile: Profile?
    public var deviceMemory: Int
    /// The kind of device the file describes: an iPhone unless it says `device ipad`.
    public var device: DeviceKind = .iphone
    public var apps: [AppConfiguration]
    public var steps: [Step]
    /// What the declarations need of the profile.
    public var requirements: [Requirement] = []

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

    /// The errors of the requirements the profile does not meet (`defaultProfile` when the file names none).
    public func unmetRequirements(defaultProfile: Profile = .defaultProfile) -> [ScenarioError] {
        let profile = self.profile ?? defaultProfile
        return requirements.filter { profile.version < $0.version }.map {
            ScenarioError(
                file: file, line: $0.line, column: $0.column,
                message:
                    "\($0.what) needs iOS \($0.version) or later, and the profile is \(profile.rawValue); "
                    + "write 'profile ios\($0.version)' (or later) before the first action",
                sourceLine: $0.sourceLine)
        }
    }

    /// A phone in its initial state for this scenario; `defaultProfile` applies when the file names none.
    public func makePhone(defaultProfile: Profile = .defaultProfile) -> Phone {
        Phone(profile: profile ?? defaultProfile, device: device, deviceMemory: deviceMemory, apps: apps)
    }
}
