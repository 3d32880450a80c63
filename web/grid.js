// holotable grid panel (issue 16): the panel of a Star Wars Miniatures grid table (ruleset "swm",
// scenes/swm_*.go) — the selected figure and the one measured to (line of sight, cover, distance),
// the legal targets, the reach, and the d20 roller (attack, save, initiative). Everything goes
// through the app's command "grid"; ui.js builds the panel with it and hands it its kit
// {h, t, cmd, focusGame, state}. The words come with the state (toolState.words), in the app's
// language.
(() => {
  "use strict";

  let attack = 6; // the d20 roller's numbers, kept while the panel is rebuilt
  let defense = 14;
  // The figure tool's card folds behind a button (D129): open, its dozen fields took three more
  // rows than a 1024×700 window's dock has, and the panel's first row (Figure, Target) was cut
  // off at the top. Kept while the panel is rebuilt.
  let cardOpen = false;

  const panel = (ts, kit) => {
    if (!ts) return null;
    const { h, cmd, focusGame } = kit;
    const w = (k) => (ts.words && ts.words[k]) || k;
    const grid = (arg) => { cmd("grid", arg); focusGame(); };
    const figures = (ts.figures || []).map((f) => [f.id, f.name ? f.id + " \u00b7 " + f.name : f.id]);
    const select = (id, value, options, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
      options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
    const nodes = [
      h("label", {}, w("grid.figure"), select("ht-grid-figure", ts.selected, [["", "\u2014"]].concat(figures),
        (v) => grid({ action: "select", figure: v }))),
      h("label", {}, w("grid.target"), select("ht-grid-target", ts.target, [["", "\u2014"]].concat(figures.filter(([id]) => id !== ts.selected)),
        // The figure is read from its select, not from the state this panel was built from: a
        // target picked right after a figure (before the page's next poll rebuilds the panel)
        // measures from that figure.
        (v) => {
          const fig = document.getElementById("ht-grid-figure");
          const from = (fig && fig.value) || ts.selected;
          return v && from ? grid({ action: "measure", from, to: v }) : grid({ action: "select", figure: from });
        })),
    ];
    const m = ts.measure;
    if (ts.path) nodes.push(h("span", { class: "ht-note", id: "ht-grid-path" }, ts.path.text));
    if (m) {
      nodes.push(h("span", { class: "ht-note", id: "ht-grid-measure" }, m.text));
    } else if (ts.targets) {
      const legal = ts.targets.legal.length ? ts.targets.legal.join(", ") : w("grid.none");
      nodes.push(h("span", { class: "ht-note", id: "ht-grid-targets" }, w("grid.targets") + ": " + legal));
      if (ts.reach) {
        nodes.push(h("span", { class: "ht-note" }, w("grid.reach") + ": " + ts.reach.count +
          (ts.reach.provoking ? " (" + ts.reach.provoking + " " + w("grid.provoking") + ")" : "") +
          " \u00b7 " + w("grid.sight") + ": " + ts.sight.count));
      }
    }
    // The d20 roller: an attack (the measured defender's cover adds +4), a save, initiative. While
    // an editor tool is chosen the panel holds the editor instead, so that it fits the dock.
    const editing = ts.edit && ts.edit.tool !== "measure";
    const num = (id, value, set) => h("input", { id, type: "number", min: "0", max: "60", step: "1", value: String(value), style: "width:3.5em",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (Number.isFinite(v)) set(v); } });
    if (!editing) {
      nodes.push(h("span", { class: "ht-title" }, w("grid.d20")),
        h("label", {}, w("grid.attack"), num("ht-grid-attack", attack, (v) => { attack = v; })),
        h("label", {}, w("grid.defense"), num("ht-grid-defense", defense, (v) => { defense = v; })),
        h("button", { type: "button", id: "ht-grid-roll", onclick: () => grid({ action: "roll", kind: "attack", attack, defense }) }, w("grid.rollAttack")),
        h("button", { type: "button", id: "ht-grid-save", onclick: () => grid({ action: "roll", kind: "save" }) }, w("grid.rollSave")),
        h("button", { type: "button", id: "ht-grid-initiative", onclick: () => grid({ action: "roll", kind: "initiative" }) }, w("grid.rollInitiative")));
      if (ts.roll) nodes.push(h("span", { class: "ht-note", id: "ht-grid-roll-text" }, ts.roll.text));
    }
    if (ts.edit) nodes.push(...editor(ts, kit, w, grid, select));
    return nodes;
  };

  // The map editor (scenes/swm_edit.go): the pointer tool and what it puts down. Every change the
  // pointer makes on the map is an op of the table (undoable); a figure's card is applied to the
  // selected figure with a button.
  const editor = (ts, kit, w, grid, select) => {
    const { h } = kit;
    const e = ts.edit;
    const out = [h("span", { class: "ht-title" }, w("grid.edit"))];
    for (const tool of ["measure", "paint", "wall", "door", "figure", "zone"]) {
      out.push(h("button", { type: "button", id: "ht-grid-tool-" + tool, "data-grid-tool": tool, "aria-pressed": String(e.tool === tool),
        title: w("grid.tip." + tool), onclick: () => grid({ action: "tool", tool }) }, w("grid.tool." + tool)));
    }
    const check = (id, label, checked, onchange, title) => h("label", { title: title || "" }, h("input", { id, type: "checkbox", checked, onchange: (ev) => onchange(ev.target.checked) }), label);
    if (e.tool === "paint") {
      out.push(select("ht-grid-square", e.square, e.kinds.map((k) => [k, w("grid.square." + k)]), (v) => grid({ action: "tool", square: v })));
    }
    if (e.tool === "zone") {
      out.push(select("ht-grid-zone", String(e.zone), [["0", w("grid.zone.0")], ["1", w("grid.zone.1")]], (v) => grid({ action: "tool", zone: parseInt(v, 10) })));
    }
    if (e.tool === "wall") {
      out.push(h("label", {}, w("grid.bevel"), select("ht-grid-bevel", e.bevel, e.bevels.map((b) => [b, w("grid.bevel." + b)]), (v) => grid({ action: "tool", bevel: v }))));
    }
    if (e.tool === "wall" || e.tool === "door" || e.tool === "figure") {
      out.push(check("ht-grid-erase", w("grid.erase"), e.erase, (v) => grid({ action: "tool", erase: v }), w("grid.tip.erase")));
    }
    if (e.tool === "figure") {
      // The card the next figure is placed with; "apply" gives it to the selected figure.
      const sel = (ts.figures || []).find((f) => f.id === ts.selected);
      const c = sel ? sel.card : e.card;
      const read = () => {
        const num = (id) => parseInt(document.getElementById(id).value, 10);
        return { name: document.getElementById("ht-grid-name").value, side: document.getElementById("ht-grid-side").value,
          size: document.getElementById("ht-grid-size").value, speed: num("ht-grid-speed"), reach: num("ht-grid-reach"),
          abilities: e.abilities.filter((a) => document.getElementById("ht-grid-ab-" + a).checked) };
      };
      const set = () => grid({ action: "tool", card: read() });
      out.push(h("button", { type: "button", id: "ht-grid-card", "aria-expanded": String(cardOpen),
        onclick: () => { cardOpen = !cardOpen; kit.rerender(); } }, w("grid.card") + (cardOpen ? " \u25be" : " \u25b8")));
      if (!cardOpen) return out;
      out.push(
        h("label", {}, w("grid.name"), h("input", { id: "ht-grid-name", value: c.name, size: 10, onchange: set })),
        h("label", {}, w("grid.side"), h("input", { id: "ht-grid-side", value: c.side, size: 8, onchange: set })),
        h("label", {}, w("grid.figSize"), select("ht-grid-size", c.size, e.sizes.map((z) => [z, w("grid.size." + z)]), set)),
        h("label", {}, w("grid.speed"), h("input", { id: "ht-grid-speed", type: "number", min: "0", max: "50", value: String(c.speed), style: "width:3.5em", onchange: set })),
        h("label", {}, w("grid.meleeReach"), h("input", { id: "ht-grid-reach", type: "number", min: "1", max: "6", value: String(c.reach), style: "width:3em", onchange: set })),
        h("span", { class: "ht-note" }, w("grid.abilities") + ":"),
        ...e.abilities.map((a) => check("ht-grid-ab-" + a, w("grid.ability." + a), c.abilities.includes(a), set)));
      if (sel) out.push(h("button", { type: "button", id: "ht-grid-apply", onclick: () => grid({ action: "card", figure: sel.id, card: read() }) }, w("grid.applyCard")));
    }
    return out;
  };

  window.holotableGrid = { panel };
})();
