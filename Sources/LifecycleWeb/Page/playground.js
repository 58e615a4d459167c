// The playground: one WebSocket to the server's session, whose replies redraw the phone, the apps' cards, the
// timers, the state diagram, the scenario and its trace. Every control sends a request (see
// PlaygroundRequest.swift); nothing here decides what iOS does.
"use strict";

(() => {
    const $ = (id) => document.getElementById(id);
    const ui = {
        connection: $("connection"), clock: $("clock"), profile: $("profile"), memory: $("memory"),
        screen: $("screen"), display: $("display"), homeButton: $("home-button"), targetApp: $("target-app"),
        argument: $("argument"), taskIdentifier: $("task-identifier"), waitAmount: $("wait-amount"), cards: $("app-cards"), timers: $("timers"),
        diagram: $("diagram"), diagramApp: $("diagram-app"), caption: $("edge-caption"), scenarios: $("scenarios"),
        source: $("source"), gutter: $("gutter"), problem: $("problem"), trace: $("trace"), timeline: $("timeline"),
    };

    /** What the page knows of its session. */
    const state = {
        socket: null, source: "", snapshot: null, trace: [], nextLine: null, problem: null, timeline: null,
        drawnTimeline: null,
        waiting: false, queue: [], speed: 0, followed: null, pinned: false, shared: null, charts: null, svgs: {},
    };

    // MARK: The connection

    function connect() {
        const scheme = location.protocol === "https:" ? "wss:" : "ws:";
        const socket = new WebSocket(`${scheme}//${location.host}/session`);
        state.socket = socket;
        state.waiting = true;
        socket.onopen = () => setConnection("connected", "ok");
        socket.onclose = (event) => {
            // 1009: a message larger than the server takes; the server says its limit first when it can.
            setConnection(event.reason === "idle" ? "closed after a long idle time: reload" :
                event.code === 1009 ? "closed: the last message was too large for the server: reload" :
                state.snapshot === null ? "no session: reload later" : "disconnected: reload", "bad");
            pause();
        };
        socket.onmessage = (event) => receive(JSON.parse(event.data));
    }

    function setConnection(text, kind) {
        ui.connection.textContent = text;
        ui.connection.className = `connection ${kind}`;
    }

    /**
     * Sends a request, or queues it while the previous one is being answered. A request that depends on the one
     * before it (a step after loading the edited scenario) is dropped when that one fails.
     */
    function send(request, dependsOnPrevious = false) {
        if (state.waiting) {
            state.queue.push({ request, dependsOnPrevious });
            return;
        }
        state.waiting = true;
        state.socket.send(JSON.stringify(request));
    }

    function perform(line) {
        syncSource((afterLoad) => send({ type: "perform", line }, afterLoad));
    }

    /** Loads the editor's text first when it differs from the session's scenario, then does the rest. */
    function syncSource(then) {
        if (ui.source.value === state.source) return then(false);
        send({ type: "load", source: ui.source.value });
        then(true);
    }

    function receive(reply) {
        if (reply.problem !== undefined && reply.phone === undefined) {
            // The server has no room: say why and close, as it expects.
            showProblem({ message: reply.problem, diagnostic: reply.problem });
            state.socket.close();
            return;
        }
        if (reply.timeline) {
            // The timeline asked for on its own changes nothing else: only it is drawn again, so the rest of the page
            // is not replaced under the learner's pointer.
            state.timeline = reply.timeline;
            drawTimeline();
            return answered(reply);
        }
        // The whole text comes when it was replaced; otherwise only what changed: the first `keep` UTF-16 units of the
        // text the session had stay, and `text` follows them.
        let source = reply.source ?? null;
        if (source === null && reply.sourceEdit) {
            source = state.source.slice(0, reply.sourceEdit.keep) + reply.sourceEdit.text;
        }
        if (state.shared !== null) {
            // A shared link's scenario goes to the editor whatever becomes of it, so a mistake in it is not lost.
            ui.source.value = state.shared;
            state.shared = null;
        } else if (source !== null && ui.source.value !== source && ui.source.value === state.source) {
            // Only when the learner has not typed since: what they write is never overwritten.
            ui.source.value = source;
            ui.source.scrollTop = ui.source.scrollHeight;
        }
        if (source !== null) state.source = source;
        state.nextLine = reply.nextLine ?? null;
        const fresh = reply.trace;
        state.trace.length = Math.min(state.trace.length, reply.traceFrom);
        for (const line of fresh) state.trace.push(line);
        state.snapshot = reply.phone;
        askForTimeline();
        showProblem(reply.problem || null);
        if (reply.export) download("playground.jsonl", reply.export, "application/jsonl");
        render(reply.traceFrom, fresh);
        answered(reply);
    }

    /** A reply has been taken in: the next request waiting may go. */
    function answered(reply) {
        state.waiting = false;
        if (reply.problem) {
            pause();
            while (state.queue.length && state.queue[0].dependsOnPrevious) state.queue.shift();
        }
        const next = state.queue.shift();
        if (next) send(next.request);
    }

    // MARK: Drawing

    function render(traceFrom, fresh) {
        const snapshot = state.snapshot;
        ui.clock.textContent = `${snapshot.time.toFixed(3)} s`;
        ui.profile.textContent = snapshot.profile.replace("ios", "");
        ui.memory.textContent = `${snapshot.memoryInUse} of ${snapshot.deviceMemory} MB`;
        Phone.declare(snapshot.apps.map((app) => app.id));
        Phone.draw(ui.screen, snapshot);
        Phone.drawDisplay(ui.display, snapshot);
        document.body.dataset.device = snapshot.device;
        fillAppChoices(snapshot.apps.map((app) => app.id), fresh);
        drawCards(snapshot, fresh);
        drawTimers(snapshot);
        drawTrace(traceFrom, fresh);
        drawTimeline();
        drawDiagram(snapshot, fresh);
        drawGutter();
    }

    // The timeline is asked for on its own, a quarter of a second after the phone last changed: drawing it takes
    // the server time that grows with the session, and the phone's own replies stay small and quick.
    let timelineTimer = null;
    function askForTimeline() {
        if (timelineTimer !== null) return;
        timelineTimer = setTimeout(() => {
            timelineTimer = null;
            send({ type: "timeline" });
        }, 250);
    }

    // The server draws the timeline (the same SVG as `lifecycle timeline`), its text escaped: it is shown as it is.
    function drawTimeline() {
        if (state.timeline && state.drawnTimeline !== state.timeline) {
            ui.timeline.innerHTML = state.timeline;
            state.drawnTimeline = state.timeline;
        }
    }

    function fillAppChoices(ids, fresh) {
        const choices = { [ui.targetApp.id]: ids, [ui.diagramApp.id]: ["", ...ids] };
        for (const select of [ui.targetApp, ui.diagramApp]) {
            const wanted = choices[select.id];
            const current = [...select.options].map((option) => option.value);
            if (current.join("\n") === wanted.join("\n")) continue;
            const chosen = select.value;
            select.replaceChildren(...wanted.map((id) => new Option(id || "the app that last changed", id)));
            if (wanted.includes(chosen)) select.value = chosen;
        }
        // Unless the learner chose an app, the diagram follows the app whose state changed last.
        const changed = fresh.filter((line) => line.kind === "transition" && !line.scene && line.app);
        if (!state.pinned && changed.length) state.followed = changed[changed.length - 1].app;
        if (!ids.includes(state.followed)) state.followed = ids[0] || null;
        ui.diagramApp.value = state.pinned ? state.followed : "";
    }

    function drawCards(snapshot, fresh) {
        // What each app heard last in this reply: its last callback, or else its last notification.
        const heard = {};
        for (const line of fresh) {
            if (!line.app || (line.kind !== "callback" && line.kind !== "notification" && line.kind !== "task")) continue;
            if (line.kind === "notification" && heard[line.app] && !heard[line.app].startsWith("↳")) continue;
            heard[line.app] = line.text.replace(/^\s*\S+\s+\S+\s+/, "");
        }
        ui.cards.replaceChildren(...snapshot.apps.map((app) => {
            const card = document.createElement("article");
            card.className = `app-card state-${app.state}`;
            card.dataset.app = app.id;
            card.classList.toggle("followed", app.id === state.followed);
            const budget = app.budget == null ? "" : `<span title="background time remaining">budget ${app.budget.toFixed(1)} s</span>`;
            const tasks = app.tasks ? `<span title="background tasks begun and not ended">tasks ${app.tasks}</span>` : "";
            // One chip per scene session when the app has several (docs/lifecycle.md §16).
            // With each scene's state, what a SwiftUI view of it reads as scenePhase, and what the App reads
            // (docs/lifecycle.md §22).
            const phase = (value) => value ? ` <small class="phase" title="SwiftUI's scenePhase">.${Phone.escape(value)}</small>` : "";
            const scene = app.sessions.length > 1
                ? app.sessions.map((session) => `<span class="scene" data-scene="${Phone.escape(session.id)}">${Phone.escape(session.id)} ${Phone.escape(session.state)}${phase(session.phase)}</span>`).join("")
                : app.usesScenes ? `<span class="scene">scene ${Phone.escape(app.scene || "none")}${phase(app.sessions[0] && app.sessions[0].phase)}</span>` : "";
            const appPhase = app.scenePhase ? `<span class="app-phase" title="SwiftUI's scenePhase of the App: the most active of its windows'">App .${Phone.escape(app.scenePhase)}</span>` : "";
            // Scheduled tasks (docs/lifecycle.md §17): requests waiting for the system, tasks the process runs.
            const scheduled = app.pendingRequests.map((id) => `<span class="task pending" title="a request waiting for the system">pending ${Phone.escape(id)}</span>`).join("")
                + app.scheduledTasks.map((id) => `<span class="task running" title="a scheduled task the app runs">running ${Phone.escape(id)}</span>`).join("");
            // Its notifications waiting in Notification Center, with what the user may do to the newest
            // (docs/lifecycle.md §18).
            const id = Phone.escape(app.id);
            const waiting = app.notifications === 0 ? "" : `<span class="waiting-notifications">${app.notifications} waiting
                <button data-line="notification-tap ${id}">Tap</button>${app.notificationDelegate ? `<button data-line="notification-action ${id} archive">Archive</button>` : ""}<button data-line="notification-dismiss ${id}">Dismiss</button></span>`;
            const modes = app.backgroundModes.length ? `<span class="modes">${Phone.escape(app.backgroundModes.join(", "))}</span>` : "";
            card.innerHTML = `
                <header><span class="glyph small" style="background:${Phone.colour(app.id)}">${Phone.escape(app.id.slice(0, 1).toUpperCase())}</span>
                    <b>${Phone.escape(app.id)}</b><span class="badge">${app.state}</span></header>
                <div class="facts">${scene}${appPhase}${tasks}${scheduled}${waiting}${budget}<span>${app.memory} MB</span>${modes}</div>
                <div class="heard">${heard[app.id] ? Phone.escape(heard[app.id]) : ""}</div>`;
            if (heard[app.id]) card.classList.add("hears");
            card.onclick = () => follow(app.id);
            return card;
        }));
    }

    function drawTimers(snapshot) {
        ui.timers.replaceChildren(...snapshot.timers.map((timer) => {
            const item = document.createElement("li");
            item.innerHTML = `<b>${timer.remaining.toFixed(1)} s</b> ${timer.app ? `${Phone.escape(timer.app)}: ` : ""}${Phone.escape(timer.what)}`;
            return item;
        }));
        if (!snapshot.timers.length) {
            const item = document.createElement("li");
            item.className = "none";
            item.textContent = "none";
            ui.timers.appendChild(item);
        }
    }

    function drawTrace(traceFrom, fresh) {
        if (traceFrom === 0) ui.trace.replaceChildren();
        while (ui.trace.children.length > traceFrom) ui.trace.lastChild.remove();
        const fragment = document.createDocumentFragment();
        for (const line of fresh) {
            const row = document.createElement("div");
            row.className = `line ${line.kind}${line.passed === false ? " failed" : ""}`;
            if (line.app) row.dataset.app = line.app;
            if (line.line) {
                row.dataset.line = line.line;
                row.onclick = () => selectLine(line.line);
            }
            row.textContent = line.text;
            fragment.appendChild(row);
        }
        ui.trace.appendChild(fragment);
        for (const row of ui.trace.querySelectorAll(".line.new")) row.classList.remove("new");
        for (let index = traceFrom; index < ui.trace.children.length; index++) ui.trace.children[index].classList.add("new");
        ui.trace.scrollTop = ui.trace.scrollHeight;
    }

    function drawDiagram(snapshot, fresh) {
        if (!state.charts) return;
        const appStates = Object.fromEntries(snapshot.apps.map((app) => [app.id, app.state]));
        const sceneStates = Object.fromEntries(snapshot.apps.filter((app) => app.usesScenes)
            .map((app) => [app.id, app.scene || "unattached"]));
        Diagram.mark(state.svgs.app, appStates, state.followed);
        const showsScenes = snapshot.apps.some((app) => app.usesScenes);
        state.svgs.scene.style.display = showsScenes ? "" : "none";
        if (showsScenes) Diagram.mark(state.svgs.scene, sceneStates, state.followed);
        const taken = fresh.filter((line) => line.kind === "transition" && line.app === state.followed);
        const last = taken[taken.length - 1];
        if (last) {
            Diagram.animate(last.scene ? state.svgs.scene : state.svgs.app, last.from, last.to);
            ui.caption.textContent = `${last.app}${last.scene ? ` (scene ${last.scene})` : ""}: ${last.from} → ${last.to}`;
        }
    }

    /** Makes the diagram follow an app, or (with no app) the app whose state changed last. */
    function follow(id) {
        state.pinned = Boolean(id);
        if (id) state.followed = id;
        if (state.snapshot) render(state.trace.length, []);
    }

    // MARK: The editor

    function drawGutter() {
        const count = ui.source.value.split(/\r\n|\r|\n/).length;
        const numbers = [];
        for (let number = 1; number <= count; number++) {
            let kind = "";
            if (state.problem && state.problem.line === number) kind = "error";
            else if (number === state.nextLine) kind = "next";
            numbers.push(kind ? `<span class="${kind}">${number}</span>` : `${number}`);
        }
        ui.gutter.innerHTML = numbers.join("\n");
        if (state.nextLine && document.activeElement !== ui.source) {
            // Keep the next line in sight while stepping.
            const lineHeight = parseFloat(getComputedStyle(ui.source).lineHeight) || 18;
            const top = (state.nextLine - 1) * lineHeight;
            const height = ui.source.clientHeight;
            if (top < ui.source.scrollTop || top > ui.source.scrollTop + height - 2 * lineHeight) {
                ui.source.scrollTop = Math.max(0, top - height / 3);
            }
        }
        ui.gutter.scrollTop = ui.source.scrollTop;
    }

    function showProblem(problem) {
        state.problem = problem;
        ui.problem.hidden = !problem;
        ui.problem.textContent = problem ? problem.diagnostic : "";
        if (problem && problem.line) selectLine(problem.line, problem.column);
        drawGutter();
    }

    /** Selects a line of the scenario (and a column of it) in the editor, scrolled into view. */
    function selectLine(line, column) {
        const lines = ui.source.value.split("\n");
        let offset = 0;
        for (let index = 0; index < line - 1 && index < lines.length; index++) offset += lines[index].length + 1;
        const length = (lines[line - 1] || "").length;
        const start = column ? offset + Math.min(column - 1, length) : offset;
        ui.source.setSelectionRange(start, column ? Math.min(start + 1, offset + length) : offset + length);
        const lineHeight = parseFloat(getComputedStyle(ui.source).lineHeight) || 18;
        ui.source.scrollTop = Math.max(0, (line - 4) * lineHeight);
        drawGutter();
    }

    function download(name, text, type) {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([text], { type }));
        link.download = name;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }

    /** The scenario in a link: UTF-8, base64url, in the fragment (never sent to a server). */
    function shareLink() {
        const bytes = new TextEncoder().encode(ui.source.value);
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        const encoded = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        return `${location.origin}${location.pathname}#scenario=${encoded}`;
    }

    function sharedScenario() {
        const match = location.hash.match(/^#scenario=([A-Za-z0-9_-]*)$/);
        if (!match) return null;
        try {
            const binary = atob(match[1].replace(/-/g, "+").replace(/_/g, "/"));
            return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
        } catch {
            showProblem({ message: "the link's scenario is damaged", diagnostic: "The link's scenario could not be read." });
            return null;
        }
    }

    // MARK: Time

    let playTimer = null;
    const tick = 100;

    function play(speed) {
        pause();
        if (!speed) return;
        state.speed = speed;
        for (const button of document.querySelectorAll("[data-speed]")) {
            button.classList.toggle("on", Number(button.dataset.speed) === speed);
        }
        playTimer = setInterval(() => {
            // Time plays only as fast as the server answers: a tick waits for the previous one.
            if (state.waiting || state.queue.length) return;
            syncSource((afterLoad) => send({ type: "advance", milliseconds: tick * state.speed }, afterLoad));
        }, tick);
    }

    function pause() {
        clearInterval(playTimer);
        playTimer = null;
        state.speed = 0;
        for (const button of document.querySelectorAll("[data-speed]")) button.classList.remove("on");
    }

    // MARK: Controls

    function wireControls() {
        document.addEventListener("click", (event) => {
            const target = event.target.closest("[data-line]");
            if (target && !target.closest("#trace")) perform(target.dataset.line);
            const forApp = event.target.closest("[data-app-line]");
            if (forApp) {
                // The app goes after the command's first word: `new-window split` is `new-window APP split`.
                const [command, ...rest] = forApp.dataset.appLine.split(" ");
                const takesArgument = ["open-url", "shortcut", "continue"].includes(command);
                const takesTask = ["submit", "bgtask-launch", "bgtask-expire"].includes(command);
                const after = takesArgument ? [ui.argument.value.trim()]
                    : takesTask ? [ui.taskIdentifier.value.trim(), ...rest] : rest;
                perform([command, ui.targetApp.value, ...after].join(" "));
            }
            const speed = event.target.closest("[data-speed]");
            if (speed) play(Number(speed.dataset.speed));
        });
        // One press of Home is `home`; two within a third of a second open the switcher.
        let pending = null;
        ui.homeButton.addEventListener("click", () => {
            if (pending) {
                clearTimeout(pending);
                pending = null;
                perform("switcher");
            } else {
                pending = setTimeout(() => {
                    pending = null;
                    perform("home");
                }, 330);
            }
        });
        $("wait").onclick = () => perform(`wait ${ui.waitAmount.value.trim()}`);
        $("run").onclick = () => syncSource((afterLoad) => send({ type: "run" }, afterLoad));
        $("step").onclick = () => syncSource((afterLoad) => send({ type: "step" }, afterLoad));
        $("back").onclick = () => send({ type: "back" });
        $("restart").onclick = () => syncSource((afterLoad) => send({ type: "restart" }, afterLoad));
        $("save").onclick = () => download("playground.scenario", ui.source.value, "text/plain");
        $("download").onclick = () => syncSource((afterLoad) => send({ type: "export" }, afterLoad));
        $("share").onclick = () => {
            const link = shareLink();
            history.replaceState(null, "", link);
            if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
            ui.caption.textContent = "The link is in the address bar (and the clipboard).";
        };
        ui.scenarios.onchange = () => {
            const chosen = state.builtIns.find((scenario) => scenario.name === ui.scenarios.value);
            if (!chosen) return;
            pause();
            ui.source.value = chosen.source;
            send({ type: "load", source: chosen.source });
            ui.scenarios.value = "";
        };
        ui.diagramApp.onchange = () => follow(ui.diagramApp.value);
        ui.source.addEventListener("input", drawGutter);
        ui.source.addEventListener("scroll", () => { ui.gutter.scrollTop = ui.source.scrollTop; });
        document.addEventListener("keydown", onKey);
    }

    const keys = {
        h: "home", s: "switcher", n: "notification-center", c: "control-center", Escape: "dismiss", l: "lock",
        u: "unlock", a: "alert", k: "call", y: "answer", d: "decline", e: "hang-up", m: "memory-warning",
        p: "memory-pressure", t: "time-change",
    };

    function onKey(event) {
        if (event.target.closest("input, textarea, select") || event.metaKey || event.ctrlKey || event.altKey) return;
        const apps = state.snapshot ? state.snapshot.apps : [];
        if (/^[1-9]$/.test(event.key) && apps[Number(event.key) - 1]) {
            perform(`tap ${apps[Number(event.key) - 1].id}`);
        } else if (keys[event.key]) {
            perform(keys[event.key]);
        } else if (event.key === "w") {
            $("wait").click();
        } else if (event.key === " ") {
            state.speed ? pause() : play(1);
        } else if (event.key === "ArrowRight") {
            $("step").click();
        } else if (event.key === "ArrowLeft") {
            $("back").click();
        } else if (event.key === "r") {
            $("run").click();
        } else {
            return;
        }
        event.preventDefault();
    }

    // MARK: Start

    async function start() {
        wireControls();
        const [charts, builtIns] = await Promise.all([
            fetch("diagram.json").then((response) => response.json()),
            fetch("scenarios.json").then((response) => response.json()),
        ]);
        state.charts = charts;
        state.builtIns = builtIns;
        state.svgs.app = Diagram.draw(ui.diagram, "app", charts.app);
        state.svgs.scene = Diagram.draw(ui.diagram, "scene", charts.scene);
        for (const scenario of builtIns) {
            ui.scenarios.appendChild(new Option(`${scenario.name} — ${scenario.summary}`, scenario.name));
        }
        state.shared = sharedScenario();
        connect();
        if (state.shared !== null) send({ type: "load", source: state.shared });
    }

    start();
})();
