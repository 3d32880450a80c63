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
    // The d20 roller: an attack (the measured defender's cover adds +4), a save, initiative.
    const num = (id, value, set) => h("input", { id, type: "number", min: "0", max: "60", step: "1", value: String(value), style: "width:3.5em",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (Number.isFinite(v)) set(v); } });
    nodes.push(h("span", { class: "ht-title" }, w("grid.d20")),
      h("label", {}, w("grid.attack"), num("ht-grid-attack", attack, (v) => { attack = v; })),
      h("label", {}, w("grid.defense"), num("ht-grid-defense", defense, (v) => { defense = v; })),
      h("button", { type: "button", id: "ht-grid-roll", onclick: () => grid({ action: "roll", kind: "attack", attack, defense }) }, w("grid.rollAttack")),
      h("button", { type: "button", id: "ht-grid-save", onclick: () => grid({ action: "roll", kind: "save" }) }, w("grid.rollSave")),
      h("button", { type: "button", id: "ht-grid-initiative", onclick: () => grid({ action: "roll", kind: "initiative" }) }, w("grid.rollInitiative")));
    if (ts.roll) nodes.push(h("span", { class: "ht-note", id: "ht-grid-roll-text" }, ts.roll.text));
    return nodes;
  };

  window.holotableGrid = { panel };
})();
