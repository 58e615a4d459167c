import LifecycleCore

/// Draws timelines as SVG: a row per app and per scene, states as coloured spans over time (the playground's
/// colours), callbacks as ticks named on hover (`<title>`) and labelled where there is room, background work as
/// thin bars and the background time as a bar running down, kills marked, the scenario's lines along the top, and
/// a time axis with round ticks. Readable at a glance for a short scenario, and still for a long one: whatever is
/// narrower than a pixel is drawn as the state that fills most of that pixel, and ticks closer than a few pixels
/// are one tick that names them all.
///
/// The picture is the same on the command line (`lifecycle timeline`) and on the playground's page, which shows
/// the SVG its server draws here.
public struct TimelineDrawing: Sendable {
    /// The picture's width in pixels.
    public var width: Int

    /// The narrowest picture that still has room for its names and a time axis.
    public static let minimumWidth = 320

    public init(width: Int = 1000) {
        self.width = max(width, Self.minimumWidth)
    }

    // The layout, in pixels.
    static let margin = 8.0
    static let labelWidth = 150.0
    static let titleHeight = 20.0
    static let markRowHeight = 30.0
    static let axisHeight = 18.0
    static let legendHeight = 22.0
    static let sectionGap = 14.0
    /// Ticks closer than this are drawn as one.
    static let tickBucket = 3.0
    /// The width of a character of the labels, roughly, at their size: for deciding whether a label fits.
    static let characterWidth = 5.4

    static func height(of row: Timeline.Row) -> Double {
        switch row.kind {
        case .app: 20
        case .scene: 16
        case .background: 16
        }
    }

    /// The colour of a state, as the playground's page has it (its CSS variables, with their values).
    static func colour(of state: String) -> String {
        switch state {
        case "active", "foregroundActive": "var(--active, #30d158)"
        case "inactive", "foregroundInactive": "var(--inactive, #ffd60a)"
        case "background": "var(--background, #64d2ff)"
        case "suspended": "var(--suspended, #bf5af2)"
        default: "var(--notRunning, #aeaeb2)"
        }
    }

    /// An SVG document of one timeline, or of several one under the other, each under its title.
    public func svg(_ sections: [(title: String?, timeline: Timeline)]) -> String {
        var body = ""
        var y = Self.margin
        for section in sections {
            draw(section.timeline, title: section.title, top: &y, into: &body)
            y += Self.sectionGap
        }
        y += Self.legendHeight
        drawLegend(at: y - Self.legendHeight + 4, into: &body)
        let height = Int(y.rounded(.up))
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="timeline" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="10">
            <style>.tick{stroke:#1d1d1f;stroke-opacity:.75}.tick:hover,.mark:hover{stroke-width:3}\
            .label{fill:#1d1d1f;font-size:9px}.name{fill:#1d1d1f}.axis{fill:#6e6e73}\
            .grid{stroke:#d2d2d7;stroke-width:1}.work{fill:#ff9f0a}.budget{fill:#ff9f0a;fill-opacity:.35}\
            .end{fill:#ff3b30;font-weight:bold}.violation{stroke:#ff3b30;stroke-width:2}\
            .failed{fill:#ff3b30}.action{fill:#0071e3}</style>
            <rect width="100%" height="100%" fill="#fff"/>
            \(body)</svg>

            """
    }

    // MARK: One section

    private var plotLeft: Double { Self.margin + Self.labelWidth }
    private var plotWidth: Double { Double(width) - plotLeft - Self.margin * 2 }

    private func draw(_ timeline: Timeline, title: String?, top y: inout Double, into svg: inout String) {
        let scale = TimelineScale(timeline, left: plotLeft, width: plotWidth)
        let x = { (moment: Timeline.Moment) in scale.x(moment) }
        if let title {
            svg +=
                #"<text x="\#(Self.margin)" y="\#(y + 13)" font-size="13" font-weight="bold">"#
                + Self.escaped(title) + "</text>\n"
            y += Self.titleHeight
        }
        let rowsTop = y + Self.markRowHeight + Self.axisHeight
        let rowsHeight = timeline.rows.reduce(0) { $0 + Self.height(of: $1) }
        drawAxis(scale, top: y + Self.markRowHeight, bottom: rowsTop + rowsHeight, into: &svg)
        drawMarks(
            timeline.marks.filter { $0.kind == .action || $0.kind == .failedExpectation }, top: y, x: x,
            into: &svg)
        var rowTop = rowsTop
        var rowTops: [AppID: Double] = [:]
        for row in timeline.rows {
            let height = Self.height(of: row)
            if row.kind == .app { rowTops[row.app] = rowTop }
            draw(
                row, work: row.kind == .background ? timeline.work[row.app] ?? [] : [], top: rowTop, height: height,
                x: x, into: &svg)
            rowTop += height
        }
        for mark in timeline.marks {
            switch mark.kind {
            case .end:
                guard let app = mark.app, let top = rowTops[app] else { continue }
                let left = Self.format(x(mark.moment) - 4)
                let title = Self.escaped(mark.text) + " at " + Self.timeText(mark.moment.time)
                svg +=
                    #"<text class="end mark" x="\#(left)" y="\#(Self.format(top + 14))">✕"#
                    + "<title>\(title)</title></text>\n"
            case .violation:
                let place = x(mark.moment)
                let at = Self.format(place)
                let text = Self.escaped(mark.text)
                svg +=
                    #"<line class="violation mark" x1="\#(at)" x2="\#(at)" y1="\#(Self.format(y + 4))" "#
                    + #"y2="\#(Self.format(rowTop))"><title>\#(text)</title></line>"#
                // The label after the line, or before it where the picture ends too soon.
                let label = Self.shortened(mark.text, to: 80)
                let fits = place + 4 + Double(label.count) * Self.characterWidth <= Double(width) - Self.margin
                svg +=
                    #"<text class="failed" x="\#(Self.format(fits ? place + 4 : place - 4))" "#
                    + #"y="\#(Self.format(y + 12))"\#(fits ? "" : #" text-anchor="end""#)>"#
                    + Self.escaped(label) + "</text>\n"
            case .action, .failedExpectation:
                break
            }
        }
        y = rowTop + 4
    }

    /// The time axis: a grid line and a label at each round step, where that time comes between the records (those
    /// too close to the one before left out).
    private func drawAxis(_ scale: TimelineScale, top: Double, bottom: Double, into svg: inout String) {
        let axis = TimeAxis(seconds: scale.seconds, pixels: scale.timeWidth)
        var last = -Double.infinity
        for tick in axis.ticks(upTo: scale.seconds) {
            let place = scale.x(seconds: tick)
            guard place - last >= 40 else { continue }
            last = place
            let at = Self.format(place)
            svg +=
                #"<line class="grid" x1="\#(at)" x2="\#(at)" y1="\#(Self.format(top + 12))" "#
                + #"y2="\#(Self.format(bottom))"/><text class="axis" x="\#(at)" y="\#(Self.format(top + 10))" "#
                + #"text-anchor="middle">\#(TimeAxis.label(tick))</text>"# + "\n"
        }
    }

    /// The scenario's lines along the top: a marker each (one for those too close to tell apart), labelled where
    /// there is room, on three staggered lines.
    private func drawMarks(
        _ marks: [Timeline.Mark], top: Double, x: (Timeline.Moment) -> Double, into svg: inout String
    ) {
        var ends = [-Double.infinity, -Double.infinity, -Double.infinity]
        for group in Self.grouped(marks, at: { x($0.moment) }) {
            let at = x(group[0].moment)
            let failed = group.contains { $0.kind == .failedExpectation }
            let names = group.map { "\(Self.timeText($0.moment.time))  \($0.text)" }
            svg +=
                #"<path class="\#(failed ? "failed" : "action") mark" "#
                + #"d="M\#(Self.format(at - 4)) \#(Self.format(top + Self.markRowHeight - 6))h8l-4 6z">"#
                + "<title>\(Self.escaped(Self.listed(names)))</title></path>\n"
            let label = Self.shortened(group[0].text, to: 28) + (group.count > 1 ? " +\(group.count - 1)" : "")
            let labelWidth = Double(label.count) * Self.characterWidth
            guard let line = ends.indices.first(where: { ends[$0] < at - 2 }),
                at + labelWidth <= Double(width) - Self.margin
            else { continue }
            ends[line] = at + labelWidth
            svg +=
                #"<text class="label" x="\#(Self.format(at))" y="\#(Self.format(top + 8 + Double(line) * 8))">"#
                + Self.escaped(label) + "</text>\n"
        }
    }

    // MARK: A row

    private func draw(
        _ row: Timeline.Row, work: [Timeline.Work], top: Double, height: Double, x: (Timeline.Moment) -> Double,
        into svg: inout String
    ) {
        let indent = row.kind == .app ? 0.0 : 12.0
        svg +=
            #"<text class="name" x="\#(Self.format(Self.margin + indent))" y="\#(Self.format(top + height - 5))""#
            + (row.kind == .app ? #" font-weight="bold">"# : ">")
            + Self.escaped(Self.shortened(row.name, to: Int((Self.labelWidth - indent) / 6))) + "</text>\n"
        drawSpans(row.spans, top: top + 1, height: height - 2, x: x, into: &svg)
        drawWork(work, top: top + 1, height: height - 2, x: x, into: &svg)
        drawTicks(row.ticks, top: top + 1, height: height - 2, x: x, into: &svg)
    }

    /// The states, a pixel at a time where they are narrower: each pixel shows the state that fills most of it,
    /// and neighbouring pixels of one state are one rectangle, named on hover with its times.
    private func drawSpans(
        _ spans: [Timeline.Span], top: Double, height: Double, x: (Timeline.Moment) -> Double, into svg: inout String
    ) {
        var runs: [(state: String, left: Double, right: Double, start: Timeline.Moment, end: Timeline.Moment)] = []
        for span in spans where span.end > span.start {
            let left = x(span.start)
            let right = x(span.end)
            if var last = runs.last, last.state == span.state, left - last.right < 0.5 {
                last.right = right
                last.end = span.end
                runs[runs.count - 1] = last
            } else if var last = runs.last, right - left < 1, left - last.left < 1 {
                // Narrower than a pixel, in a pixel begun by another state: the wider of the two takes it.
                if right - left > last.right - last.left {
                    last.state = span.state
                }
                last.right = max(last.right, right)
                last.end = span.end
                runs[runs.count - 1] = last
            } else {
                runs.append((span.state, left, right, span.start, span.end))
            }
        }
        for run in runs {
            svg +=
                #"<rect x="\#(Self.format(run.left))" y="\#(Self.format(top))" "#
                + #"width="\#(Self.format(max(run.right - run.left, 0.5)))" height="\#(Self.format(height))" "#
                + #"fill="\#(Self.colour(of: run.state))"><title>\#(run.state)  "#
                + "\(Self.timeText(run.start.time)) – \(Self.timeText(run.end.time))</title></rect>\n"
        }
    }

    /// Background work as thin bars, stacked where they overlap, and the background time as a bar whose height is
    /// the time left, running down from its start to its end.
    private func drawWork(
        _ work: [Timeline.Work], top: Double, height: Double, x: (Timeline.Moment) -> Double, into svg: inout String
    ) {
        var stackEnds: [Double] = []
        for piece in work {
            let left = x(piece.start)
            let right = max(x(piece.end), left + 1)
            let title =
                "<title>\(Self.escaped(piece.name))  \(Self.timeText(piece.start.time)) – "
                + "\(Self.timeText(piece.end.time))</title>"
            if let deadline = piece.deadline, deadline > piece.start.time {
                let left = Self.format(left)
                let bottom = Self.format(top + height)
                let fallen = (piece.end.time - piece.start.time).seconds / (deadline - piece.start.time).seconds
                let endTop = Self.format(top + height * min(fallen, 1))
                svg +=
                    #"<path class="budget" d="M\#(left) \#(bottom)V\#(Self.format(top))"#
                    + #"L\#(Self.format(right)) \#(endTop)V\#(bottom)z">\#(title)</path>"# + "\n"
                continue
            }
            let slot = stackEnds.firstIndex { $0 <= left } ?? stackEnds.count
            if slot == stackEnds.count { stackEnds.append(right) } else { stackEnds[slot] = right }
            let barTop = top + height - 4 - Double(min(slot, 2)) * 4
            svg +=
                #"<rect class="work" x="\#(Self.format(left))" y="\#(Self.format(barTop))" "#
                + #"width="\#(Self.format(right - left))" height="3">\#(title)</rect>"# + "\n"
        }
    }

    /// The row's ticks: one line for those a few pixels apart, named on hover, labelled after it where the next
    /// one leaves room.
    private func drawTicks(
        _ ticks: [Timeline.Tick], top: Double, height: Double, x: (Timeline.Moment) -> Double, into svg: inout String
    ) {
        let groups = Self.grouped(ticks, at: { x($0.moment) })
        for (index, group) in groups.enumerated() {
            let at = x(group[0].moment)
            let names = group.map { "\(Self.timeText($0.moment.time))  \($0.name)" }
            svg +=
                #"<line class="tick" x1="\#(Self.format(at))" x2="\#(Self.format(at))" "#
                + #"y1="\#(Self.format(top))" y2="\#(Self.format(top + height))">"#
                + "<title>\(Self.escaped(Self.listed(names)))</title></line>\n"
            let next = index + 1 < groups.count ? x(groups[index + 1][0].moment) : Double(width) - Self.margin
            let label = Self.shortened(group[0].name, to: 40) + (group.count > 1 ? " +\(group.count - 1)" : "")
            let room = next - at - 4
            guard room >= Double(label.count) * Self.characterWidth else { continue }
            svg +=
                #"<text class="label" x="\#(Self.format(at + 2))" y="\#(Self.format(top + height - 3))">"#
                + Self.escaped(label) + "</text>\n"
        }
    }

    private func drawLegend(at y: Double, into svg: inout String) {
        var x = Self.margin
        for state in ["active", "inactive", "background", "suspended"] {
            svg +=
                #"<rect x="\#(Self.format(x))" y="\#(Self.format(y))" width="10" height="10" "#
                + #"fill="\#(Self.colour(of: state))"/><text class="axis" x="\#(Self.format(x + 14))" "#
                + #"y="\#(Self.format(y + 9))">\#(state)</text>"#
            x += 14 + Double(state.count) * Self.characterWidth + 14
        }
        svg +=
            #"<rect class="budget" x="\#(Self.format(x))" y="\#(Self.format(y))" width="10" height="10"/>"#
            + #"<text class="axis" x="\#(Self.format(x + 14))" y="\#(Self.format(y + 9))">background time left"#
            + #"</text><text class="end" x="\#(Self.format(x + 140))" y="\#(Self.format(y + 9))">✕</text>"#
            + #"<text class="axis" x="\#(Self.format(x + 152))" y="\#(Self.format(y + 9))">killed or ended"#
            + "</text>"
        // Where the picture has room: what its axis does.
        let caption = "what happens at one instant is opened out in order; time runs between"
        if x + 250 + Double(caption.count) * Self.characterWidth <= Double(width) {
            svg += #"<text class="axis" x="\#(Self.format(x + 250))" y="\#(Self.format(y + 9))">\#(caption)</text>"#
        }
        svg += "\n"
    }

    // MARK: Helpers

    /// Runs of items whose places are within ``tickBucket`` pixels of the run's first.
    static func grouped<Item>(_ items: [Item], at place: (Item) -> Double) -> [[Item]] {
        var groups: [[Item]] = []
        var groupStart = -Double.infinity
        for item in items {
            let at = place(item)
            if at - groupStart < tickBucket, !groups.isEmpty {
                groups[groups.count - 1].append(item)
            } else {
                groups.append([item])
                groupStart = at
            }
        }
        return groups
    }

    /// Names one under the other, at most 12 of them, then how many more (a title stays short however dense the ticks).
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(12).joined(separator: "\n")
        return names.count > 12 ? shown + "\n… and \(names.count - 12) more" : shown
    }

    static func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(max(length - 1, 1))) + "…"
    }

    /// A time as the trace writes it, in seconds: `0s`, `12.5s`.
    static func timeText(_ time: Duration) -> String { time.secondsText + "s" }

    /// A coordinate with at most one decimal.
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    /// Text for SVG: what XML escapes.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // XML has no place for control characters but the line break and the tab.
            case _ where character.asciiValue.map({ $0 < 0x20 && $0 != 0x0A && $0 != 0x09 }) == true:
                escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// Where a moment goes across the picture: a share of the width is given to the records one after the other, the
/// rest to time, so that what happens at one instant opens out in order, and time still runs between.
struct TimelineScale {
    let left: Double
    /// Pixels for each record, and for each second.
    let perRecord: Double
    let perSecond: Double
    /// The width given to time.
    let timeWidth: Double
    /// The seconds the picture spans.
    let seconds: Double
    let recordTimes: [Duration]

    /// Records take 14 pixels each, half the width at most; all of it when time never moves.
    init(_ timeline: Timeline, left: Double, width: Double) {
        self.left = left
        recordTimes = timeline.recordTimes
        seconds = timeline.end.seconds
        let records = Double(recordTimes.count + 1)
        let recordsWidth = seconds > 0 ? min(width / 2, records * 14) : width
        perRecord = recordsWidth / records
        timeWidth = width - recordsWidth
        perSecond = seconds > 0 ? timeWidth / seconds : 0
    }

    func x(_ moment: Timeline.Moment) -> Double {
        left + perRecord * Double(moment.record) + perSecond * min(moment.time.seconds, seconds)
    }

    /// Where a time is: just before the first record at that time or after.
    func x(seconds time: Double) -> Double {
        let before = recordTimes.partitioningIndex { $0.seconds >= time }
        return left + perRecord * (Double(before) + 0.5) + perSecond * time
    }
}

extension Duration {
    /// The duration in seconds, for drawing.
    fileprivate var seconds: Double { inSeconds }
}

extension Array {
    /// The first index whose element satisfies a predicate that holds for a suffix of the array (a binary search).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
