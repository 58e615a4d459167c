// Draws the core's state charts (served as /diagram.json, the same tables `lifecycle diagram` draws) as SVG,
// marks the state each app is in, and animates the edge an app has just taken.
"use strict";

const Diagram = (() => {
    const width = 520;
    const nodeWidth = 118;
    const nodeHeight = 34;
    // Where each state sits: the app chart as docs/lifecycle.md draws it, foreground above, background below.
    const places = {
        app: {
            notRunning: [70, 140], inactive: [230, 50], active: [430, 50],
            background: [230, 230], suspended: [430, 230],
        },
        scene: {
            unattached: [70, 140], foregroundInactive: [230, 50], foregroundActive: [430, 50], background: [230, 230],
        },
    };

    const svgNamespace = "http://www.w3.org/2000/svg";

    function element(name, attributes, parent) {
        const node = document.createElementNS(svgNamespace, name);
        for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
        if (parent) parent.appendChild(node);
        return node;
    }

    /** Where a state sits: its place, or a circle for a state the page does not know. */
    function place(kind, chart, state) {
        const known = places[kind] && places[kind][state];
        if (known) return known;
        const index = chart.states.indexOf(state);
        const angle = (index / chart.states.length) * 2 * Math.PI;
        return [width / 2 + 180 * Math.cos(angle), 140 + 100 * Math.sin(angle)];
    }

    /** The point where the segment from a box's centre towards another point leaves the box. */
    function border([x, y], [towardX, towardY]) {
        const dx = towardX - x;
        const dy = towardY - y;
        const scale = Math.min(
            dx === 0 ? Infinity : (nodeWidth / 2) / Math.abs(dx), dy === 0 ? Infinity : (nodeHeight / 2) / Math.abs(dy));
        return [x + dx * scale, y + dy * scale];
    }

    /** Draws a chart; returns the SVG element. */
    function draw(container, kind, chart) {
        const svg = element("svg", {
            viewBox: `0 0 ${width} 280`, class: `chart chart-${kind}`, role: "img",
            "aria-label": `The ${kind} state chart`,
        });
        const definitions = element("defs", {}, svg);
        const marker = element("marker", {
            id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7,
            orient: "auto-start-reverse",
        }, definitions);
        element("path", { d: "M0,0 L10,5 L0,10 z", class: "arrowhead" }, marker);
        for (const arrow of chart.arrows) {
            const from = place(kind, chart, arrow.from);
            const to = place(kind, chart, arrow.to);
            // Two arrows between the same states bow apart, so both can be seen.
            const reverse = chart.arrows.some((other) => other.from === arrow.to && other.to === arrow.from);
            const [mx, my] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
            const [nx, ny] = [to[1] - from[1], from[0] - to[0]];
            const length = Math.hypot(nx, ny) || 1;
            const bow = reverse ? 22 : 0;
            const control = [mx + (nx / length) * bow, my + (ny / length) * bow];
            const start = border(from, control);
            const end = border(to, control);
            const path = element("path", {
                d: `M${start[0]},${start[1]} Q${control[0]},${control[1]} ${end[0]},${end[1]}`,
                class: "edge", "data-from": arrow.from, "data-to": arrow.to,
                "marker-end": `url(#arrow-${kind})`,
            }, svg);
            element("title", {}, path).textContent = `${arrow.from} → ${arrow.to}: ${arrow.labels.join("; ")}`;
        }
        for (const state of chart.states) {
            const [x, y] = place(kind, chart, state);
            const group = element("g", { class: "state", "data-state": state }, svg);
            element("rect", {
                x: x - nodeWidth / 2, y: y - nodeHeight / 2, width: nodeWidth, height: nodeHeight, rx: 10,
            }, group);
            element("text", { x, y: y + 5, "text-anchor": "middle" }, group).textContent = state;
            element("g", { class: "chips", transform: `translate(${x - nodeWidth / 2 + 6},${y + nodeHeight / 2 + 4})` },
                group);
        }
        container.appendChild(svg);
        return svg;
    }

    /** Marks where each app is: a chip per app, and the followed app's state highlighted. */
    function mark(svg, where, followed) {
        for (const group of svg.querySelectorAll(".state")) {
            const state = group.dataset.state;
            group.classList.toggle("current", where[followed] === state);
            const chips = group.querySelector(".chips");
            chips.replaceChildren();
            let offset = 0;
            for (const [app, appState] of Object.entries(where)) {
                if (appState !== state) continue;
                const chip = element("g", { transform: `translate(${offset},0)`, class: "chip" }, chips);
                element("circle", { cx: 7, cy: 7, r: 7, fill: Phone.colour(app) }, chip);
                element("text", { x: 7, y: 11, "text-anchor": "middle" }, chip).textContent =
                    app.slice(0, 1).toUpperCase();
                element("title", {}, chip).textContent = app;
                offset += 17;
            }
        }
    }

    /** Animates the edge from one state to another, and leaves it marked until the next. */
    function animate(svg, from, to) {
        const edge = svg.querySelector(`.edge[data-from="${from}"][data-to="${to}"]`);
        for (const other of svg.querySelectorAll(".edge.took")) other.classList.remove("took");
        if (!edge) return;
        // Restart the animation: reading the layout makes the removal count.
        void edge.getBoundingClientRect();
        edge.classList.add("took");
    }

    return { draw, mark, animate };
})();
