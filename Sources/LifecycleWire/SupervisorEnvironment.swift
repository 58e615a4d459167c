/// The environment variables a supervisor sets for an app it starts, read by the app's host.
public enum SupervisorEnvironment {
    /// The path of the socket the app connects to.
    public static let socket = "LIFECYCLE_SUPERVISOR_SOCKET"
    /// The app's identifier, as the device description declares it.
    public static let app = "LIFECYCLE_APP"
    /// The supervisor's process id: an app whose parent is not it (the supervisor died first) exits at once.
    public static let supervisor = "LIFECYCLE_SUPERVISOR_PID"
}
