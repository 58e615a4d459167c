// A Swift example of the README's "Writing an app", compiled and run here; ReadmeTests checks that the README
// block stands in this file word for word.
import LifecycleScenario
import LifecycleTesting
import Testing

@Test @MainActor func aScenarioWithARealDelegate() throws {
    let scenario = try ScenarioParser(file: "upload.scenario").parse(
        """
        app uploader
        tap uploader
        home
        wait 30s
        expect uploader suspended
        """)
    let device = try SimulatedDevice(scenario: scenario, delegates: ["uploader": UploadingDelegate()])
    #expect(try device.run(scenario).isEmpty)
}
