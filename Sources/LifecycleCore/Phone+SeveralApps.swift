extension Phone {
    // MARK: The apps on screen

    /// The apps with a window on screen: the app in front, then those beside it in the screen's order.
    var screenOrder: [Int] {
        guard let foreground else { return [] }
        return alongside.isEmpty ? [foreground] : [foreground] + alongside
    }

    /// Whether an app has a window on screen (or is on its way there beside others).
    @inline(__always)
    func isOnScreen(_ index: Int) -> Bool {
        foreground == index || (!alongside.isEmpty && alongside.contains(index))
    }

    /// Whether a window is on screen: its app is, and shows it.
    func isOnScreen(_ window: ScreenWindow) -> Bool {
        isOnScreen(window.app) && apps[window.app].windowsOnScreen.contains(window.number)
    }

    /// Books an app entering the foreground: the app in front, unless it comes beside the one there.
    ///
    /// Inlined, with the shared screen's case out of line: every launch and return passes here.
    @inline(__always)
    mutating func bookComingOnScreen(_ index: Int) {
        guard foreground != index else { return }
        if alongside.isEmpty {
            foreground = index
        } else {
            bookComingBeside(index)
        }
    }

    private mutating func bookComingBeside(_ index: Int) {
        if let position = alongside.firstIndex(of: index) {
            // Beside the app in front; or the first, when that one has left meanwhile.
            if foreground != nil { return }
            alongside.remove(at: position)
        }
        foreground = index
    }

    /// Books an app leaving the screen: when it was the first, the next one on screen takes its place.
    mutating func dropFromScreen(_ index: Int) {
        if foreground == index {
            foreground = alongside.isEmpty ? nil : alongside.removeFirst()
        } else if !alongside.isEmpty, let position = alongside.firstIndex(of: index) {
            alongside.remove(at: position)
        }
    }

    /// Every app on screen resigns (an overlay covers them all), left to right, then Slide Over (§16).
    mutating func resignScreen() {
        guard let foreground else { return }
        resignActive(foreground)
        for index in alongside { resignActive(index) }
    }

    /// Every app on screen becomes active again, in the same order.
    mutating func activateScreen() {
        guard let foreground else { return }
        becomeActive(foreground)
        for index in alongside { becomeActive(index) }
    }

    /// Every app on screen leaves it, each in turn, left to right, then Slide Over: it resigns and enters the
    /// background before the next one resigns (§16). Apps are processes of their own: an app's steps wait for its
    /// callbacks to return, so any other order would differ between a host of real code and the simulator.
    mutating func leaveScreen() {
        guard let foreground else { return }
        if alongside.isEmpty {
            leaveForeground(foreground)
            return
        }
        for index in screenOrder { leaveForeground(index) }
    }

    /// Every app on screen but one leaves it, each in turn, after that one's window came forward full screen over
    /// them.
    mutating func leaveScreen(except kept: Int) {
        guard !alongside.isEmpty || foreground != kept else { return }
        for index in screenOrder where index != kept { leaveForeground(index) }
    }

    /// Puts the apps that were on screen back, after a lock or a call: the first as `returning` brings it, then
    /// those that were beside it, each to its place; one that was terminated meanwhile does not come back.
    mutating func returnToScreen(_ first: Int, with others: [Int], _ returning: (inout Phone, Int) -> Void) {
        returning(&self, first)
        for index in others where !isOnScreen(index) && projectedState(of: index) != .notRunning {
            alongside.append(index)
            returning(&self, index)
        }
    }

    // MARK: How the screen is laid out

    /// The windows on screen, across its apps: how many are tiled, whose is in Slide Over, whether they are a stage.
    struct ScreenLayout {
        var tiled = 0
        var windows = 0
        var slideOverApp: Int?
        var onStage = false
    }

    var screenLayout: ScreenLayout {
        var layout = ScreenLayout()
        for index in screenOrder {
            let record = apps[index]
            layout.windows += record.windowsOnScreen.count
            layout.tiled += record.windowsOnScreen.count - (record.slideOverWindow == nil ? 0 : 1)
            if record.slideOverWindow != nil { layout.slideOverApp = index }
            if record.windowsOnStage { layout.onStage = true }
        }
        return layout
    }

    /// The window of a scene on screen, or why it is not.
    func windowOnScreen(_ scene: SceneID) throws(ImpossibleAction) -> ScreenWindow {
        let (index, position) = try windowSession(scene)
        let window = ScreenWindow(app: index, number: apps[index].sessions[position].number)
        guard isOnScreen(window) else { throw ImpossibleAction("\(scene) is not on screen", culprit: .scene) }
        return window
    }

    /// Throws unless a window on screen is one of two side by side in Split View: what `unsplit` and `replacing`
    /// act on.
    func requireSideBySide(_ window: ScreenWindow, _ scene: SceneID) throws(ImpossibleAction) {
        let layout = screenLayout
        guard layout.tiled == 2, !layout.onStage, apps[window.app].slideOverWindow != window.number else {
            throw ImpossibleAction("\(scene) is not one of two windows side by side (Split View)")
        }
    }

    /// Makes the windows on screen a Stage Manager stage, with those of the app joining them.
    private mutating func stageTheScreen(joinedBy index: Int) {
        for other in screenOrder { apps[other].windowsOnStage = true }
        apps[index].windowsOnStage = true
    }

    /// The window on screen the user last tapped into: the key window, whose scene UIKit draws with the active
    /// appearance (docs/lifecycle.md §16). Focus is not the life cycle: every window on screen is
    /// `foregroundActive` whichever has it.
    public var keyWindow: SceneID? {
        if let key = sharedScreen.keyWindow, isOnScreen(key), let id = sceneID(of: key) { return id }
        guard let foreground, let position = apps[foreground].frontWindowPosition else { return nil }
        return apps[foreground].sessions[position].id
    }

    /// The window pushed off screen from Slide Over (`hide-slide-over`), while its session lasts.
    public var hiddenSlideOverWindow: SceneID? {
        sharedScreen.hiddenSlideOver.flatMap(sceneID(of:))
    }

    /// The windows minimized from their window controls (iPadOS 26), oldest first, while their sessions last.
    public var minimizedWindows: [SceneID] {
        sharedScreen.minimized.filter { !isOnScreen($0) }.compactMap(sceneID(of:))
    }

    private func sceneID(of window: ScreenWindow) -> SceneID? {
        apps[window.app].sessionPosition(number: window.number).map { apps[window.app].sessions[$0].id }
    }

    // MARK: Another app beside

    /// Brings a window of an app that is not on screen beside those there (docs/lifecycle.md §16): the app comes
    /// forward as a tap would bring it (launched, resumed, or its scene connected again), showing that one window;
    /// the apps on screen hear nothing. `slot` is its place among those beside the first; by default before the one
    /// in Slide Over, or last for Slide Over.
    mutating func bringBeside(_ index: Int, window number: Int32, _ placement: WindowPlacement, at slot: Int? = nil) {
        showOnly(number, of: index)
        switch placement {
        case .slideOver: apps[index].slideOverWindow = number
        case .stage: stageTheScreen(joinedBy: index)
        case .split, .fullScreen: break
        }
        let slideOver = screenLayout.slideOverApp.flatMap { alongside.firstIndex(of: $0) }
        let position = slot ?? (placement == .slideOver ? nil : slideOver) ?? alongside.endIndex
        alongside.insert(index, at: position)
        sharedScreen.keyWindow = ScreenWindow(app: index, number: number)
        bringForward(index)
    }

    /// The window an app shows when it comes beside others: its front window, or a new session when it has none.
    mutating func windowToShowBeside(_ index: Int) -> Int32 {
        if let position = apps[index].frontWindowPosition { return apps[index].sessions[position].number }
        return apps[index].makeWindowSession(needsConfiguration: false)
    }

    /// `new-window ID split replacing SCENE`: a window takes the place of one of two side by side. The new window
    /// comes first, as a window full screen covers the ones it replaces; then the replaced one resigns and enters
    /// the background, its app with it when that was the app's only window on screen.
    mutating func replaceWindow(_ scene: SceneID, with index: Int) throws(ImpossibleAction) {
        let app = apps[index].id
        guard usesScenes(index) else {
            throw ImpossibleAction("\(app) is not scene-based (declare it with 'scenes')", culprit: .app)
        }
        try requireUnlocked()
        try requireNothingOpen()
        guard device == .ipad else { throw ImpossibleAction("Split View needs an iPad ('device ipad')") }
        let replaced = try windowOnScreen(scene)
        try requireSideBySide(replaced, scene)
        if index == replaced.app {
            guard apps[index].configuration.supportsMultipleWindows else {
                throw ImpossibleAction(
                    "\(app) has one window and no more (declare it with 'scenes multiple-windows')", culprit: .app)
            }
            let number = apps[index].makeWindowSession()
            if let slot = apps[index].windowsOnScreen.firstIndex(of: replaced.number) {
                apps[index].windowsOnScreen[slot] = number
            }
            sharedScreen.keyWindow = ScreenWindow(app: index, number: number)
            queueWindowComingForward(number, of: index, connecting: true, covering: [replaced.number])
            return
        }
        guard !isOnScreen(index) else {
            throw ImpossibleAction("\(app) has a window on screen already", culprit: .app)
        }
        try requireSceneBasedScreen()
        let slot = replaced.app == foreground ? 0 : alongside.firstIndex(of: replaced.app).map { $0 + 1 }
        bringBeside(index, window: windowToShowBeside(index), .split, at: slot)
        takeOffScreen(replaced)
    }

    /// Throws unless every app on screen is scene-based: the model shares the screen between scene-based apps
    /// (iOS 13 and later), whose windows have names.
    func requireSceneBasedScreen() throws(ImpossibleAction) {
        if let other = screenOrder.first(where: { !usesScenes($0) }) {
            throw ImpossibleAction(
                "\(apps[other].id) is on screen and not scene-based; the model puts apps side by side only when "
                    + "both have scenes")
        }
    }

    /// A window leaves the screen: its scene resigns and enters the background, the app with it when that was its
    /// only window on screen; the app's other windows, and the other apps, hear nothing.
    mutating func takeOffScreen(_ window: ScreenWindow) {
        let index = window.app
        guard apps[index].windowsOnScreen.count > 1 else {
            leaveForeground(index)
            return
        }
        queueWindowLeaving(window.number, of: index)
        apps[index].removeFromScreen(window.number)
        queue(.focus(.window), for: index)
        run(index)
    }

    /// `focus SCENE`: the user taps into a window on screen. It becomes the key window; no callback, and no app
    /// resigns (docs/lifecycle.md §16).
    mutating func focusWindow(_ scene: SceneID) throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        let window = try windowOnScreen(scene)
        sharedScreen.keyWindow = window
        note(window.app, "\(scene) is the key window now: focus is not the life cycle, no callback")
    }

    /// `unsplit SCENE`: the divider dragged over a window of two side by side; it leaves the screen, and the other
    /// goes full screen, hearing nothing.
    mutating func unsplit(_ scene: SceneID) throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        let window = try windowOnScreen(scene)
        try requireSideBySide(window, scene)
        takeOffScreen(window)
    }

    /// `hide-slide-over`: the window in Slide Over is pushed off the screen's edge: its scene resigns and enters
    /// the background (a decision of §16), to come back with `show-slide-over`.
    mutating func hideSlideOver() throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        guard let index = screenLayout.slideOverApp, let number = apps[index].slideOverWindow else {
            throw ImpossibleAction("no window is in Slide Over")
        }
        let window = ScreenWindow(app: index, number: number)
        sharedScreen.hiddenSlideOver = window
        takeOffScreen(window)
    }

    /// `show-slide-over`: the window pushed off screen comes back over those on screen: its scene enters the
    /// foreground and becomes active (its app comes forward first if it had left).
    mutating func showSlideOver() throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        guard let hidden = sharedScreen.hiddenSlideOver,
            let position = apps[hidden.app].sessionPosition(number: hidden.number)
        else { throw ImpossibleAction("no window was pushed off screen from Slide Over") }
        guard foreground != nil else { throw ImpossibleAction("no window is on screen for Slide Over to float over") }
        let layout = screenLayout
        if let other = layout.slideOverApp { throw ImpossibleAction("a window of \(apps[other].id) is in Slide Over") }
        if layout.onStage { throw ImpossibleAction("the windows on screen are on a stage, where Slide Over is off") }
        let index = hidden.app
        if !isOnScreen(index) { try requireSceneBasedScreen() }
        if isOnScreen(hidden) {
            throw ImpossibleAction("\(apps[index].sessions[position].id) is on screen already")
        }
        sharedScreen.hiddenSlideOver = nil
        guard isOnScreen(index) else {
            bringBeside(index, window: hidden.number, .slideOver)
            return
        }
        apps[index].windowsOnScreen.append(hidden.number)
        apps[index].slideOverWindow = hidden.number
        queueWindowComingForward(
            hidden.number, of: index, connecting: apps[index].sessions[position].scene == nil, covering: [])
    }

    /// `minimize-window SCENE` (iPadOS 26): the window leaves the screen, its scene resigns and enters the
    /// background, the app's other windows and the other apps untouched.
    mutating func minimizeWindow(_ scene: SceneID) throws(ImpossibleAction) {
        try requireFreeWindows(for: "minimizing a window")
        let window = try windowOnScreen(scene)
        // Kept once, and only while its session lasts: a long scenario of minimized windows keeps a short list.
        var minimized = sharedScreen.minimized
        minimized.removeAll { $0 == window || sceneID(of: $0) == nil }
        minimized.append(window)
        sharedScreen.minimized = minimized
        takeOffScreen(window)
    }

    /// `restore-window SCENE` (iPadOS 26): a minimized window comes back: beside the windows on screen, or alone
    /// when the Home screen shows; its scene enters the foreground and becomes active, its app coming forward first
    /// if it had left.
    mutating func restoreWindow(_ scene: SceneID) throws(ImpossibleAction) {
        try requireFreeWindows(for: "restoring a window")
        let (index, position) = try windowSession(scene)
        let number = apps[index].sessions[position].number
        let window = ScreenWindow(app: index, number: number)
        guard let entry = sharedScreen.minimized.firstIndex(of: window) else {
            throw ImpossibleAction("\(scene) is not minimized", culprit: .scene)
        }
        if isOnScreen(window) { throw ImpossibleAction("\(scene) is on screen already", culprit: .scene) }
        if foreground != nil, !isOnScreen(index) { try requireSceneBasedScreen() }
        sharedScreen.minimized.remove(at: entry)
        if isOnScreen(index) {
            apps[index].windowsOnScreen.append(number)
            stageTheScreen(joinedBy: index)
            sharedScreen.keyWindow = window
            queueWindowComingForward(
                number, of: index, connecting: apps[index].sessions[position].scene == nil, covering: [])
        } else if foreground != nil {
            bringBeside(index, window: number, .stage)
        } else {
            showOnly(number, of: index)
            bringForward(index)
        }
    }

    /// Throws unless the device has iPadOS 26's free windows, unlocked, with nothing open.
    private func requireFreeWindows(for what: String) throws(ImpossibleAction) {
        guard device == .ipad, profile >= .ios26 else {
            throw ImpossibleAction("\(what) came with iPadOS 26's windows: it needs 'profile ios26' and 'device ipad'")
        }
        try requireUnlocked()
        try requireNothingOpen()
    }
}
