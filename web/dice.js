// holotable dice panel (issue 16): the dice tool's page panel — the pool limits of a system
// (Rebellion: 5 + 5 per attack, 10 per mission) and the die maker: a die's id, name, system,
// colour and faces (symbol, value, count, Destiny's modifier and cost), started from any die the
// table offers, saved with the table (command dice saveDie: an undoable op), deleted, or exported
// as the file maps/dice reads. The pool is the tool's palette on the canvas (scenes/dice.go,
// dice_custom.go); the roll and the odds (toolState.result) stand first in this panel. ui.js builds the panel with its kit {h, t, cmd,
// focusGame, state}.
(() => {
  "use strict";

  let open = false; // the maker is unfolded
  let form = { id: "my-die", name: "my die", system: "rebellion", colour: "#1c1c1c",
    faces: [{ symbol: "hit", value: 0, count: 3, modifier: false, cost: 0 }, { symbol: "blank", value: 0, count: 3, modifier: false, cost: 0 }] };

  const fromDie = (d) => {
    form = { id: d.id, name: d.name, system: d.system, colour: d.colour || "#9a9a9a",
      faces: (d.faces || []).map((f) => ({ symbol: f.symbol, value: f.value || 0, count: f.count, modifier: !!f.modifier, cost: f.cost || 0 })) };
  };

  const download = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url; a.download = name;
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };

  const panel = (ts, kit) => {
    if (!ts) return null;
    const { h, t, cmd, focusGame } = kit;
    const dice = (arg) => cmd("dice", arg);
    const sel = (id, value, options, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
      options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
    const text = (id, value, set, attrs) => h("input", Object.assign({ id, type: "text", value, oninput: (e) => set(e.target.value) }, attrs || {}));
    const num = (value, set, attrs) => h("input", Object.assign({ type: "number", min: "0", step: "1", value: String(value), style: "width:4em",
      oninput: (e) => { const v = parseInt(e.target.value, 10); set(Number.isFinite(v) ? v : 0); } }, attrs || {}));
    const nodes = [h("label", {}, t("ui.dice.system"), sel("ht-dice-system", ts.system || "", [
      ["", t("ui.dice.system.none")], ["rebellion-attack", t("ui.dice.system.attack")], ["rebellion-mission", t("ui.dice.system.mission")]],
    (v) => { dice({ action: "system", system: v }); focusGame(); }))];

    const offered = ts.dice || [];
    const custom = offered.some((d) => d.id === form.id && d.custom);
    const faceRows = form.faces.map((f, i) => h("div", { class: "ht-dice-face", "data-face": String(i) },
      text("", f.symbol, (v) => { f.symbol = v.trim(); }, { placeholder: t("ui.dice.symbol"), style: "width:7em", "data-field": "symbol" }),
      h("label", {}, t("ui.dice.value"), num(f.value, (v) => { f.value = v; }, { "data-field": "value" })),
      h("label", {}, t("ui.dice.count"), num(f.count, (v) => { f.count = v; }, { min: "1", "data-field": "count" })),
      form.system === "destiny" ? [
        h("label", {}, t("ui.dice.modifier"), h("input", { type: "checkbox", checked: f.modifier, onchange: (e) => { f.modifier = e.target.checked; } })),
        h("label", {}, t("ui.dice.cost"), num(f.cost, (v) => { f.cost = v; }))] : [],
      h("button", { type: "button", title: t("ui.dice.delete"), onclick: () => { form.faces.splice(i, 1); kit.rerender(); } }, "\u00d7")));
    const die = () => ({ name: form.name, system: form.system, kind: "any", colour: form.colour,
      faces: form.faces.map((f) => {
        const o = { symbol: f.symbol, count: f.count };
        if (f.value) o.value = f.value;
        if (f.modifier) o.modifier = true;
        if (f.cost) o.cost = f.cost;
        return o;
      }) });
    // Unfolded, the maker stands over the table (the dock below it is a row or two high).
    const over = "position:fixed;left:8px;bottom:8px;max-height:70vh;max-width:calc(100vw - 16px);overflow:auto;" +
      "background:#16191d;border:1px solid #3a3f46;border-radius:6px;padding:8px;z-index:30;display:flex;flex-direction:column;gap:6px";
    const maker = h("details", { id: "ht-dice-maker", class: "ht-game", open, style: open ? over : "",
      ontoggle: (e) => { if (open !== e.target.open) { open = e.target.open; kit.rerender(); } } },
      h("summary", {}, t("ui.dice.make")),
      h("div", {},
        h("label", {}, t("ui.dice.from"), sel("ht-dice-from", "", [["", "\u2014"]].concat(offered.map((d) => [d.id, d.name + (d.custom ? " *" : "")])),
          (v) => { const d = offered.find((x) => x.id === v); if (d) { fromDie(d); kit.rerender(); } })),
        h("label", {}, t("ui.dice.id"), text("ht-dice-id", form.id, (v) => { form.id = v.trim(); }, { style: "width:9em" })),
        h("label", {}, t("ui.dice.name"), text("ht-dice-name", form.name, (v) => { form.name = v; }, { style: "width:10em" })),
        h("label", {}, t("ui.dice.system2"), sel("ht-dice-sys", form.system, [["rebellion", "Rebellion"], ["destiny", "Destiny"], ["swm", "Star Wars Miniatures"], ["custom", "\u2014"]],
          (v) => { form.system = v; kit.rerender(); })),
        h("label", {}, t("ui.dice.colour"), h("input", { id: "ht-dice-colour", type: "color", value: form.colour, oninput: (e) => { form.colour = e.target.value; } }))),
      faceRows,
      h("div", {},
        h("button", { type: "button", id: "ht-dice-add-face", onclick: () => { form.faces.push({ symbol: "", value: 0, count: 1, modifier: false, cost: 0 }); kit.rerender(); } }, t("ui.dice.addFace")),
        h("button", { type: "button", id: "ht-dice-save", onclick: async () => {
          const r = await dice({ action: "saveDie", dieId: form.id, die: die() });
          if (r.ok) kit.show(t("ui.dice.saved", form.id));
          focusGame();
        } }, t("ui.dice.save")),
        custom ? h("button", { type: "button", id: "ht-dice-delete", onclick: () => { dice({ action: "deleteDie", dieId: form.id }); focusGame(); } }, t("ui.dice.delete")) : null,
        h("button", { type: "button", id: "ht-dice-export", onclick: async () => {
          const r = await dice({ action: "exportDie", dieId: form.id });
          if (r.ok) download(form.id + ".json", r.result);
        } }, t("ui.dice.export"))));
    // One button per die in the pool takes one out: the palette's Shift+click, which a touch
    // screen does not have.
    for (const d of offered) {
      const n = (ts.pool || {})[d.id] || 0;
      if (n > 0) nodes.push(h("button", { type: "button", "data-remove-die": d.id, title: t("ui.dice.removeOne"),
        onclick: () => { dice({ action: "remove", die: d.id }); focusGame(); } }, "\u2212 " + d.name + " \u00d7" + n));
    }
    nodes.push(maker);
    // The result panel (the rolled faces, the pool, the result, the odds) stands first, in the
    // dock below the table rather than over its bottom edge (issue 17, item 4; scenes/dice_dock.go).
    const res = ts.result;
    if (res && (res.faces.length || res.lines.length)) {
      nodes.unshift(h("div", { id: "ht-dice-result", class: "ht-dice-result" },
        res.faces.length ? h("div", { class: "ht-dice-faces" }, res.faces.map((f) =>
          h("span", { class: "ht-die" + (f.round ? " ht-die-round" : "") + (f.dispute ? " ht-die-dispute" : ""),
            style: "background:" + f.fill + ";color:" + f.ink }, f.label))) : null,
        h("div", { class: "ht-dice-lines" }, res.lines.map((l) => h("div", { class: "ht-dice-line" }, l)))));
    }
    return nodes;
  };

  window.holotableDice = { panel };
})();
