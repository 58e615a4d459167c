// Draws the phone from a snapshot of the session: the lock screen, the Home screen or the foreground app, and
// whatever covers it (the switcher, Notification Center, Control Center, an alert, a call). An iPad is drawn in
// landscape, with the windows of the app in front side by side and a switcher card per window; an external
// display beside it. Every control on the screen performs a line of the scenario language, as the buttons beside
// the phone do.
"use strict";

const Phone = (() => {
    const palette = ["#ff9f0a", "#30d158", "#0a84ff", "#ff375f", "#bf5af2", "#64d2ff", "#ffd60a", "#ac8e68",
        "#5e5ce6", "#ff453a", "#32ade6", "#66d4cf"];

    let order = [];

    /** Tells the phone its apps, in the order they are declared: each gets the palette's colour at its place. */
    function declare(ids) {
        order = ids;
    }

    /** An app's colour, the same wherever it is drawn. */
    function colour(id) {
        const index = order.indexOf(id);
        if (index >= 0) return palette[index % palette.length];
        let hash = 0;
        for (const character of id) hash = (hash * 31 + character.codePointAt(0)) >>> 0;
        return palette[hash % palette.length];
    }

    function escape(text) {
        return String(text).replace(/[&<>"']/g, (c) => ({
            "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
        })[c]);
    }

    /** The wall clock the phone shows: 9:41, as in Apple's pictures, plus the virtual time. */
    function wallClock(seconds) {
        const minutes = Math.floor(9 * 60 + 41 + seconds / 60) % (24 * 60);
        return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
    }

    function icon(app, index) {
        const key = index < 9 ? `${index + 1}` : "";
        return `<button class="icon" data-line="tap ${escape(app.id)}" data-app="${escape(app.id)}"
                    title="tap ${escape(app.id)}${key ? ` (${key})` : ""}">
                <span class="glyph" style="background:${colour(app.id)}">${escape(app.id.slice(0, 1).toUpperCase())}</span>
                <span class="label">${escape(app.id)}</span>
            </button>`;
    }

    function statusBar(snapshot, dark) {
        return `<div class="status-bar${dark ? " dark" : ""}"><span>${wallClock(snapshot.time)}</span>
            <span class="signal">●●●● ▮</span></div>`;
    }

    function homeScreen(snapshot) {
        return `<div class="home-screen">${statusBar(snapshot, false)}
            <div class="icons">${snapshot.apps.map(icon).join("")}</div>${shelf(snapshot)}</div>`;
    }

    /** The windows of an app that are on screen when it is in front, left first. */
    function windowsOnScreen(app) {
        return app ? app.sessions.filter((session) => session.role === "window" && session.onScreen) : [];
    }

    /** A button that adds a line to the scenario, with the line as its title. */
    function lineButton(line, label, className) {
        return `<button class="${className}" data-line="${escape(line)}" title="${escape(line)}">${label}</button>`;
    }

    /**
     * What an iPad keeps off screen to bring back (docs/lifecycle.md §16): the window pushed out of Slide Over, a tab
     * at the edge, and iPadOS 26's minimized windows, on a shelf.
     */
    function shelf(snapshot) {
        const tab = snapshot.hiddenSlideOver
            ? lineButton("show-slide-over", `‹ ${escape(snapshot.hiddenSlideOver)}`, "slide-over-tab") : "";
        const minimized = (snapshot.minimized || []).map((scene) =>
            lineButton(`restore-window ${scene}`, escape(scene), "minimized")).join("");
        return tab + (minimized ? `<div class="shelf">${minimized}</div>` : "");
    }

    /**
     * Every window on screen, of every app there (docs/lifecycle.md §16), left first, then Slide Over: each a pane of
     * its app's colour with its scene's state; the key window marked. Each can be focused, closed, minimized (iPadOS
     * 26), and the one in Slide Over pushed off the edge.
     */
    function windowPanes(snapshot) {
        const onScreen = snapshot.onScreen && snapshot.onScreen.length ? snapshot.onScreen : [snapshot.foreground];
        const windows = onScreen.flatMap((id) =>
            windowsOnScreen(snapshot.apps.find((candidate) => candidate.id === id)).map((window) => ({ app: id, window })));
        const several = windows.length > 1;
        const minimizes = snapshot.profile === "ios26";
        const layout = windows.some(({ window }) => window.placement === "stage") ? "stage" : "tiled";
        const panes = windows.map(({ app, window }) => {
            const id = window.id;
            const isKey = several && snapshot.keyWindow === id;
            const slideOver = window.placement === "slide-over";
            return `
                <div class="window-pane${slideOver ? " slide-over" : ""}${isKey ? " key" : ""}" style="--app:${colour(app)}"
                     data-scene="${escape(id)}" data-app="${escape(app)}" data-placement="${escape(window.placement || "")}">
                    <div class="app-title">${escape(id)}</div>
                    <div class="app-state">${escape(window.state)}${isKey ? " · key" : ""}</div>
                    <div class="window-buttons">
                        ${several && !isKey ? lineButton(`focus ${id}`, "Focus", "window-focus") : ""}
                        ${slideOver ? lineButton("hide-slide-over", "Hide", "window-hide") : ""}
                        ${minimizes ? lineButton(`minimize-window ${id}`, "Minimize", "window-minimize") : ""}
                        ${lineButton(`close-window ${id}`, "Close", "window-close")}
                    </div>
                </div>`;
        }).join("");
        return `<div class="window-panes" data-layout="${layout}">${panes}</div>`;
    }

    function appScreen(snapshot, id) {
        const app = snapshot.apps.find((candidate) => candidate.id === id);
        const windows = windowsOnScreen(app);
        const sharedScreen = snapshot.device === "ipad" &&
            (windows.length > 1 || (snapshot.onScreen || []).length > 1 || snapshot.hiddenSlideOver ||
                (snapshot.minimized || []).length > 0);
        if (sharedScreen) {
            // Side by side, in Slide Over or on a stage, of one app or several: each window is a scene of its own.
            return `<div class="app-screen" style="--app:${colour(id)}">${statusBar(snapshot, true)}
                ${windowPanes(snapshot)}${shelf(snapshot)}<div class="home-indicator"></div></div>`;
        }
        const scene = app && app.scene ? ` · scene ${escape(app.scene)}` : "";
        const window = windows.length === 1 && snapshot.device === "ipad" ? ` · ${escape(windows[0].id)}` : "";
        return `<div class="app-screen" style="--app:${colour(id)}">${statusBar(snapshot, true)}
            <div class="app-title">${escape(id)}</div>
            <div class="app-state">${escape(app ? app.state : "")}${scene}${window}</div>
            <div class="home-indicator"></div></div>`;
    }

    /**
     * The notifications waiting for the user, an app's at a time, newest on top: a tap opens the app (on the lock
     * screen, through the unlock), an action is handled in the background, a dismiss clears it (docs/lifecycle.md
     * §18).
     */
    function notificationList(snapshot) {
        return snapshot.apps.filter((app) => app.notifications > 0).map((app) => {
            const id = escape(app.id);
            const actions = app.notificationDelegate
                ? `<button data-line="notification-action ${id} archive" title="notification-action ${id} archive">Archive</button>`
                : "";
            return `<div class="notification" data-app="${id}">
                <button class="notification-body" data-line="notification-tap ${id}" title="notification-tap ${id}">
                    <span class="glyph small" style="background:${colour(app.id)}">${escape(app.id.slice(0, 1).toUpperCase())}</span>
                    <b>${id}</b> ${app.notifications > 1 ? `${app.notifications} notifications` : "a notification"}</button>
                ${actions}
                <button data-line="notification-dismiss ${id}" title="notification-dismiss ${id}">Clear</button>
            </div>`;
        }).join("");
    }

    function lockScreen(snapshot) {
        return `<div class="lock-screen">${statusBar(snapshot, true)}
            <div class="lock-time">${wallClock(snapshot.time)}</div>
            <div class="lock-date">${snapshot.protectedData === "beforeFirstUnlock" ? "Not unlocked since restart" : "Locked"}</div>
            <div class="notifications">${notificationList(snapshot)}</div>
            <button class="lock-unlock" data-line="unlock">Unlock</button></div>`;
    }

    /** A switcher card per window of a scene-based app on an iPad; one per app otherwise. */
    function switcherCards(snapshot) {
        const cards = [];
        for (const id of snapshot.cards) {
            const app = snapshot.apps.find((candidate) => candidate.id === id);
            const windows = app ? app.sessions.filter((session) => session.role === "window") : [];
            if (snapshot.device === "ipad" && windows.length > 1) {
                for (const window of windows) cards.push({ app: id, name: window.id, target: window.id });
            } else {
                cards.push({ app: id, name: id, target: id });
            }
        }
        return cards;
    }

    function switcher(snapshot) {
        const cards = switcherCards(snapshot).map(({ app, name, target }) => `
            <div class="card" data-app="${escape(app)}" data-card="${escape(target)}">
                <div class="card-name"><span class="glyph small" style="background:${colour(app)}">${escape(app.slice(0, 1).toUpperCase())}</span>${escape(name)}</div>
                <button class="card-face" style="--app:${colour(app)}" data-line="pick ${escape(target)}" title="pick ${escape(target)}">${escape(name)}</button>
                <button class="card-swipe" data-line="swipe ${escape(target)}" title="swipe ${escape(target)} away">swipe away ↑</button>
            </div>`).join("");
        return `<div class="overlay switcher">${cards || '<p class="empty">No cards</p>'}
            <button class="overlay-close" data-line="dismiss">Close the switcher</button></div>`;
    }

    function notificationCenter(snapshot) {
        return `<div class="overlay notification-center">
            <div class="lock-time">${wallClock(snapshot.time)}</div>
            <div class="notifications">${notificationList(snapshot)}</div>
            <div class="nc-item">No Older Notifications</div>
            <button class="overlay-close" data-line="dismiss">Swipe up to close</button></div>`;
    }

    function controlCenter() {
        const tiles = ["Flight", "Cellular", "Wi-Fi", "Bluetooth", "Focus", "Torch", "Timer", "Camera"]
            .map((tile) => `<span class="tile">${tile}</span>`).join("");
        return `<div class="overlay control-center"><div class="tiles">${tiles}</div>
            <button class="overlay-close" data-line="dismiss">Swipe down to close</button></div>`;
    }

    function alert() {
        return `<div class="overlay alert-backdrop"><div class="alert-box">
            <b>“Settings” Would Like to Send You Notifications</b>
            <p>The app beneath is inactive while this is showing.</p>
            <button data-line="dismiss">OK</button></div></div>`;
    }

    function call(snapshot, ringing) {
        const buttons = ringing
            ? `<button class="decline" data-line="decline">Decline</button>
               <button class="answer" data-line="answer">Answer</button>`
            : `<button class="decline" data-line="hang-up">Hang up</button>`;
        return `<div class="overlay call">${statusBar(snapshot, true)}
            <div class="caller">Jony</div><div class="call-state">${ringing ? "mobile…" : "on the call"}</div>
            <div class="call-buttons">${buttons}</div></div>`;
    }

    /** Draws the snapshot into the screen element. */
    function draw(screen, snapshot) {
        let base;
        if (snapshot.isLocked) base = lockScreen(snapshot);
        else if (snapshot.foreground) base = appScreen(snapshot, snapshot.foreground);
        else base = homeScreen(snapshot);
        let cover = "";
        switch (snapshot.overlay) {
            case "switcher": cover = switcher(snapshot); break;
            case "notificationCenter": cover = notificationCenter(snapshot); break;
            case "controlCenter": cover = controlCenter(); break;
            case "alert": cover = alert(); break;
            case "ringingCall": cover = call(snapshot, true); break;
            case "callInProgress": cover = call(snapshot, false); break;
        }
        screen.innerHTML = base + cover;
        screen.dataset.overlay = snapshot.overlay || "";
        screen.dataset.locked = snapshot.isLocked;
        const phone = screen.closest(".phone");
        if (phone) phone.dataset.device = snapshot.device;
    }

    /** Draws the external display, if one is connected: the scene of its app's display session. */
    function drawDisplay(element, snapshot) {
        const app = snapshot.apps.find((candidate) => candidate.id === snapshot.externalDisplay);
        const scene = app && app.sessions.find((session) => session.role === "externalDisplay");
        element.hidden = !snapshot.externalDisplay;
        if (!snapshot.externalDisplay) return;
        element.innerHTML = `<div class="display-screen" style="--app:${colour(app ? app.id : "")}">
            <b>${escape(scene ? scene.id : snapshot.externalDisplay)}</b>
            <span class="display-state">${escape(scene ? scene.state : "no scene")}</span>
            <span class="hint">external display: it takes no touches, so its scene never becomes active</span></div>`;
    }

    return { draw, drawDisplay, declare, colour, escape };
})();
