import CoreWorkloads
import LifecycleCore

// The `Phone` benchmark's loop without the benchmark around it, to count its instructions, which a noisy machine
// does not move (from this folder; valgrind cannot read the debug information, hence the stripped copy):
//
//     swift build -c release --product PhoneLoop
//     strip --strip-debug -o /tmp/phone-loop .build/release/PhoneLoop
//     valgrind --tool=callgrind '--toggle-collect=*tapAndHome*' /tmp/phone-loop 100000
//
// The argument is the number of transitions, 100,000 unless given; the loop prints how many it made.

/// Drives the phone through `transitions` transitions; the function callgrind is told to count.
@inline(never)
func tapAndHome(_ workload: TapAndHome, transitions: Int) -> Int {
    workload.drive(until: transitions)
}

let transitions = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
print(tapAndHome(TapAndHome(), transitions: max(0, transitions)))
