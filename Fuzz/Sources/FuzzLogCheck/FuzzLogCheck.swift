// libFuzzer on the log checker: every input is a log, held against the model (scripts/fuzz check).
import FuzzDriver
import LifecycleFuzzing

@main
enum FuzzLogCheck {
    static func main() {
        FuzzDriver.run { data, size in
            FuzzTarget.logCheck(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
    }
}
