import LifecycleCore
import LifecycleSwiftUI
import LifecycleTesting

extension SimulatedDevice {
    /// A phone running `app` as `id`, which opens the links of its own scheme (`id://…`): how the tests of apps with no
    /// user to tap their rows change what they show.
    static func linking(_ app: any App.Type, as id: String) throws -> SimulatedDevice {
        var configuration = AppConfiguration(id: AppID(id))
        configuration.urlSchemes = [id]
        return try SimulatedDevice(app: app, id: AppID(id), configuration: configuration)
    }
}
