import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import Testing

/// A test performs lines of the scenario language on a simulated device, so that tests and scenario files speak
/// one language; a line's mistake is located as a file's is.
@Suite @MainActor struct DeviceLinesTests {
    @Test func aTestPerformsLinesOfTheScenarioLanguage() throws {
        let device = try SimulatedDevice(
            apps: [AppConfiguration(id: "notes"), AppConfiguration(id: "mail")], delegates: [:])
        for line in ["tap notes", "home", "wait 10s", "expect notes suspended", "tap mail", "memory-pressure"] {
            try device.perform(line)
        }
        #expect(device.state(of: "notes") == .notRunning, "\(device.printedTrace())")
        try device.perform("app weather")
        try device.perform("home")
        try device.perform("tap weather")
        #expect(device.state(of: "weather") == .active)
    }

    @Test func aLinesMistakeIsLocatedAsInAFile() throws {
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "notes")], delegates: [:])
        try device.perform("tap notes")
        let mistake = #expect(throws: ScenarioError.self) { try device.perform("tap notse") }
        #expect(mistake?.description.hasPrefix("device:2:5: error: ") == true, "\(String(describing: mistake))")
        #expect(mistake?.diagnostic.contains("    2 | tap notse\n") == true, "\(String(describing: mistake))")
        let impossible = #expect(throws: ScenarioError.self) { try device.perform("swipe notes") }
        #expect(
            impossible?.description
                == "device:3:1: error: 'swipe notes' is impossible here: the app switcher is not open")
        let unmet = #expect(throws: ScenarioError.self) { try device.perform("expect notes background") }
        #expect(unmet?.description == "device:4:1: error: expected notes to be background, but it is active")
        let late = #expect(throws: ScenarioError.self) { try device.perform("profile ios17") }
        #expect(late?.line == 5)
    }
}
