// Writes restoration archives in a loop until killed, for the test that kills it at random instants.
// Usage: ArchiveWriter DIRECTORY
// Each archive holds generation N in every one of its values, large enough that a write takes time.
import Foundation
import LifecycleKit

let directory = URL(fileURLWithPath: CommandLine.arguments[1])
let archive = RestorationArchive(directory: directory, app: "writer")
var generation: UInt64 = 0
FileHandle.standardOutput.write(Data("ready\n".utf8))
while true {
    generation += 1
    let value = Data(repeating: UInt8(truncatingIfNeeded: generation), count: 256 * 1024)
    let values = ["generation": Data(String(generation).utf8), "a": value, "b": value, "c": value]
    try archive.write(values)
}
