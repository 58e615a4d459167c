// libFuzzer on the scenario language: every input is a scenario file, parsed, checked and run
// (scripts/fuzz scenario).
import FuzzDriver
import LifecycleFuzzing

@main
enum FuzzScenario {
    static func main() {
        FuzzDriver.run { data, size in
            FuzzTarget.scenario(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
    }
}
