import LifecycleCore

/// A long, valid scenario of everyday phone use, written from a seed: the file the speed and memory benchmarks
/// run, and one anyone can generate to time `lifecycle run` on their own machine.
///
/// `apps` apps are declared, then every round picks an app at random and does one of six things with it: tap
/// and Home; tap, the switcher and pick; tap, Notification Center, dismiss and Home; tap, a call answered and
/// hung up, and Home; tap, the switcher, swipe and dismiss; tap, ten seconds, memory pressure and Home. A round
/// is about four lines and gives about 24 trace records.
public struct LoadScenario: Sequence, Sendable {
    /// The apps of the benchmarks' load scenario, which `lifecycle scenarios --load` prints unless told otherwise.
    public static let defaultApps = 2_000

    public var apps: Int
    public var rounds: Int
    public var seed: UInt64

    public init(apps: Int = LoadScenario.defaultApps, rounds: Int, seed: UInt64 = 7) {
        self.apps = Swift.max(1, apps)
        self.rounds = Swift.max(0, rounds)
        self.seed = seed
    }

    /// The whole file as text: for small sizes; large ones stream through ``makeIterator()``.
    public var source: String {
        var text = ""
        for line in self {
            text += line
            text += "\n"
        }
        return text
    }

    /// The lines of the file, one at a time, without line breaks.
    public func makeIterator() -> Iterator {
        Iterator(scenario: self)
    }

    public struct Iterator: IteratorProtocol {
        private let scenario: LoadScenario
        private var random: SplitMix64
        private var declared = 0
        private var round = 0
        private var pending: [String]

        init(scenario: LoadScenario) {
            self.scenario = scenario
            self.random = SplitMix64(seed: scenario.seed)
            pending = [
                "# A load scenario: \(scenario.apps) apps, \(scenario.rounds) rounds, seed \(scenario.seed)",
                "profile ios12",
            ]
        }

        public mutating func next() -> String? {
            while pending.isEmpty {
                if declared < scenario.apps {
                    pending.append("app app\(declared)")
                    declared += 1
                } else if round < scenario.rounds {
                    pending = lines(ofRound: round)
                    round += 1
                } else {
                    return nil
                }
            }
            return pending.removeFirst()
        }

        private mutating func lines(ofRound round: Int) -> [String] {
            let app = "app\(random.next() % UInt64(scenario.apps))"
            switch round % 6 {
            case 0: return ["tap \(app)", "home"]
            case 1: return ["tap \(app)", "switcher", "pick \(app)", "home"]
            case 2: return ["tap \(app)", "notification-center", "dismiss", "home"]
            case 3: return ["tap \(app)", "call", "answer", "hang-up", "home"]
            case 4: return ["tap \(app)", "switcher", "swipe \(app)", "dismiss"]
            default: return ["tap \(app)", "wait 10s", "memory-pressure 5", "home"]
            }
        }
    }
}
