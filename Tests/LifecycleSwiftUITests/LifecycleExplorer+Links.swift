import LifecycleSwiftUI
import LifecycleTesting

import struct LifecycleCore.AppID

extension LifecycleExplorer {
    /// The report of exploring `app`, run as `id` on an iOS 17 phone and opening the links of its own scheme
    /// (`id://…`), as ``SimulatedDevice/linking(_:as:)`` makes it: sessions of 30 steps from `seed`, as many as the
    /// explorer is held to unless told.
    static func report(
        exploring app: any App.Type, as id: String, sessions: Int = ExploredSwiftUINotesTests.sessions, seed: UInt64
    ) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp \(id) scenes url-schemes=\(id)\n")
        try explorer.run(AppID(id), app: app)
        return await explorer.explore(sessions: sessions, actions: 30, seed: seed)
    }
}
