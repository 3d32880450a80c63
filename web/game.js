// holotable game panel (issue 15): the game tool's panel over the canvas — army list import (paste
// or drop), deployment from the reserve, the rounds and phases (command cards, priority, orders,
// activations, end phase, scoring), tokens, and the attack assistant (attacker, defender, the pool
// with its reasons, roll, apply). Hot seat: one screen plays both sides. Everything goes through
// the app's command "game" (scenes/game_tool.go); ui.js builds the panel with it and hands it its
// kit {h, t, cmd, focusGame, saveText, state}.
(() => {
  "use strict";

  let listText = ""; // what is pasted in the list box, kept while the panel is rebuilt
  let importColour = "blue";
  let attacker = "";
  let defender = "";
  let melee = false;
  let tokenUnit = "";
  let tokenKind = "suppression";
  let deployUnit = "";
  let lastActive = "";
  let woundUnit = "";
  let woundMini = "";
  let woundLeader = "";
  let cardEdit = { seen: "" };
  let cardOpen = false;
  let optionsOpen = false; // the attack's weapon rows unfolded (kept while the panel is rebuilt)
  let weaponForm = { name: "", melee: false, min: 1, max: 3, red: 0, black: 0, white: 0, keywords: "" };
  let heal = { unit: "", ability: "treat", card: "", x: 1, capacity: 1, mini: "", restore: "", token: "" };
  const TOKENS = ["aim", "dodge", "standby", "surge", "suppression", "panic", "ion", "immobilize", "observation", "shield", "poison"];

  // isList reports whether a dropped or pasted text is an army list (the Tabletop Simulator format:
  // armyFaction and units, no holotable format).
  const isList = (text) => {
    try {
      const v = JSON.parse(text);
      return v && typeof v === "object" && !v.format && Array.isArray(v.units) && ("armyFaction" in v || "author" in v);
    } catch { return false; }
  };

  // The colour the next list is for: the chosen one, or the first without an army.
  const nextColour = (ts) => {
    if (!ts || !ts.sides) return importColour;
    const has = (c) => (ts.units || []).some((u) => u.colour === c) || (ts.reserve || []).some((u) => u.colour === c);
    if (has(importColour)) return importColour === "blue" ? "red" : "blue";
    return importColour;
  };

  const game = (kit, arg) => kit.cmd("game", arg);

  // adjustRow is a rolled attack's result the players may change before Apply (the Golden Rule):
  // hits, crits and blocks with − and +, the defending player's first wound and new leader.
  const adjustRow = (kit, a, r) => {
    const { h, t } = kit;
    const bt = (id, label, onclick, attrs) => h("button", Object.assign({ type: "button", id, onclick: () => { onclick(); kit.focusGame(); } }, attrs || {}), label);
    const step = (key, value) => h("span", { class: "ht-adj", title: t("play.adjust.tip"), style: "margin-right: 0.8em; white-space: nowrap" }, t("play." + key) + " ",
      bt("ht-game-adj-" + key + "-minus", "\u2212", () => game(kit, { action: "adjust", [key]: Math.max(0, value - 1) }), { disabled: value <= 0 }),
      h("b", { id: "ht-game-adj-" + key }, " " + value + " "),
      bt("ht-game-adj-" + key + "-plus", "+", () => game(kit, { action: "adjust", [key]: value + 1 })));
    const woundable = (r.minis || []).filter((m) => (a.woundable || []).includes(m));
    // (the focus goes back to the table so that the panel, not rebuilt while a select has it, shows the result)
    const pick = (id, value, list, key) => h("select", { id, onchange: (e) => { game(kit, key === "woundOrder" ?
      { action: "adjust", woundOrder: e.target.value ? [e.target.value] : [] } : { action: "adjust", newLeader: e.target.value }); kit.focusGame(); } },
    [h("option", { value: "" }, t("play.byRules"))].concat(list.map((m) => h("option", { value: m, selected: m === value }, m))));
    const out = [h("span", { class: "ht-note", id: "ht-game-adjust" }, step("hits", r.hits), step("crits", r.crits), step("blocks", r.blocks),
      r.adjusted ? h("i", {}, " " + t("play.adjusted")) : ""),
    h("label", { title: t("play.firstWound.tip") }, t("play.firstWound"), pick("ht-game-first-wound", (r.woundOrder || [])[0] || "", woundable, "woundOrder")),
    h("label", {}, t("play.newLeader"), pick("ht-game-new-leader", r.newLeader || "", (r.minis || []).slice(1), "newLeader"))];
    if (r.adjusted) out.push(bt("ht-game-as-rolled", t("play.asRolled"), () => game(kit, { action: "adjust", reset: true })));
    return out;
  };

  const panel = (ts, kit) => {
    const { h, t } = kit;
    if (!ts) return null;
    const bt = (id, label, onclick, attrs) => h("button", Object.assign({ type: "button", id, onclick: () => { onclick(); kit.focusGame(); } }, attrs || {}), label);
    const colourName = (c) => t("setup." + c);
    const nodes = [];
    const head = [t("ui.tool.game")];
    if (ts.phase) {
      head.push(t("play.round", ts.round, ts.rounds), t("play.phase." + ts.phase));
      if (ts.priority) head.push(t("play.priority", colourName(ts.priority)));
      if (ts.turn) head.push(t("play.turn", colourName(ts.turn)));
    }
    nodes.push(h("span", { class: "ht-title", id: "ht-game-head" }, head.join(" \u00b7 ")));
    for (const s of ts.sides || []) {
      const bits = [colourName(s.colour) + (s.side ? " (" + s.side + ")" : ""), t("play.vp", s.vp)];
      if (s.points) bits.push(t("play.points", s.points, s.size));
      if (s.card) bits.push(s.card + " " + s.pips);
      if (s.pool && s.pool.length) bits.push(s.pool.length + " \u25a3");
      // The players may overrule the scoring (the Golden Rule): a victory point given or taken.
      const vp = ts.phase && ts.phase !== "setup" ? [" ",
        bt("ht-game-vp-" + s.colour + "-minus", "\u2212", () => game(kit, { action: "vp", colour: s.colour, delta: -1 }), { title: t("play.vp.tip"), disabled: s.vp <= 0 }),
        bt("ht-game-vp-" + s.colour + "-plus", "+", () => game(kit, { action: "vp", colour: s.colour, delta: 1 }), { title: t("play.vp.tip") })] : [];
      nodes.push(h("span", { class: "ht-note", "data-side": s.colour }, bits.join(" \u00b7 "), ...vp));
    }

    // The selected unit's game record, as its card shows it; the active unit's courage check.
    if (ts.card) {
      const c = ts.card;
      const bits = [c.name || c.unit, c.rank].filter(Boolean); // the rank comes in the page's language (scenes/game_state.go)
      if (c.values) bits.push(c.values);
      if (c.badge) bits.push(c.badge);
      for (const [m, n] of Object.entries(c.wounds || {})) bits.push(t("play.woundsOn", m, n));
      if (c.defeated && c.defeated.length) bits.push(t("play.defeated", c.defeated.join(", ")));
      nodes.push(h("span", { class: "ht-note", id: "ht-game-card" }, bits.join(" \u00b7 ")));
      // The card's values (D115): kept while the panel is rebuilt, read anew for another unit.
      const seen = c.unit + JSON.stringify(c.edit || {}); // another unit, or its card changed (saved, undone)
      if (cardEdit.seen !== seen) cardEdit = Object.assign({ seen, wounds: 0, courage: "", defence: "", surgeAttack: "", surgeDefence: "" }, c.edit || {});
      const sel = (id, key, options) => h("select", { id, onchange: (e) => { cardEdit[key] = e.target.value; } },
        options.map(([v, label]) => h("option", { value: v, selected: v === (cardEdit[key] || "") }, label)));
      const none = t("play.cardNone");
      const editor = [h("span", { class: "ht-note", id: "ht-game-card-edit", title: t("play.cardEdit.tip") },
        h("label", {}, t("play.cardWounds"), h("input", { id: "ht-game-card-wounds", type: "number", min: "0", max: "99", style: "width:3.5em",
          value: String(cardEdit.wounds || ""), onchange: (e) => { cardEdit.wounds = parseInt(e.target.value, 10) || 0; } })),
        h("label", {}, t("play.cardCourageL"), h("input", { id: "ht-game-card-courage", style: "width:2.5em", value: cardEdit.courage || "",
          onchange: (e) => { cardEdit.courage = e.target.value.trim(); } })),
        h("label", {}, t("play.cardDefence"), sel("ht-game-card-defence", "defence", [["", none], ["red", t("play.die.red")], ["white", t("play.die.white")]])),
        h("label", {}, t("play.cardSurgeAttack"), sel("ht-game-card-surge-attack", "surgeAttack", [["", none], ["hit", t("dice.sym.hit")], ["critical", t("dice.sym.critical")]])),
        h("label", {}, t("play.cardSurgeDef"), sel("ht-game-card-surge-defence", "surgeDefence", [["", none], ["block", t("dice.sym.block")]])),
        bt("ht-game-card-save", t("play.cardSave"), () => game(kit, { action: "cardValues", unit: c.unit, wounds: cardEdit.wounds,
          courage: cardEdit.courage, defenceDie: cardEdit.defence, surgeAttack: cardEdit.surgeAttack, surgeDefence: cardEdit.surgeDefence })),
        bt("ht-game-cards-export", t("play.exportCards"), async () => {
          const r = await game(kit, { action: "exportCards" });
          if (r.ok) kit.saveText("holotable-cards.json", r.result);
        }, { title: t("play.exportCards.tip") }))];
      // Its weapons (D115): each with × to remove it, and a row to add one.
      const wl = (c.weapons || []).map((w, i) => h("span", { class: "ht-weapon", style: "display: inline-block; max-width: 100%; margin-right: 0.8em" },
        w.name + (w.from ? " [" + w.from + "]" : "") + ": " + w.text + " ",
        bt("ht-game-weapon-remove-" + i, "\u00d7", () => game(kit, { action: "weapon", unit: c.unit, remove: w.name }), { title: t("play.weapon.remove", w.name) })));
      const wnum = (id, key, max, width) => h("input", { id, type: "number", min: "0", max: String(max), style: "width:" + (width || "3em"),
        value: String(weaponForm[key] || 0), onchange: (e) => { weaponForm[key] = parseInt(e.target.value, 10) || 0; } });
      editor.push(h("span", { class: "ht-note", id: "ht-game-weapons" }, t("play.weapons") + ": ", ...wl),
        h("span", { class: "ht-note", id: "ht-game-weapon-add-row" },
          h("label", {}, t("play.weapon.name"), h("input", { id: "ht-game-weapon-name", style: "width:8em", value: weaponForm.name,
            oninput: (e) => { weaponForm.name = e.target.value; } })),
          h("label", {}, t("play.weapon.melee"), h("input", { id: "ht-game-weapon-melee", type: "checkbox", checked: weaponForm.melee,
            onchange: (e) => { // a melee weapon has no range unless one is typed after
              weaponForm.melee = e.target.checked;
              if (weaponForm.melee) for (const k of ["min", "max"]) { weaponForm[k] = 0; document.getElementById("ht-game-weapon-" + k).value = "0"; }
            } })),
          h("label", {}, t("play.weapon.min"), wnum("ht-game-weapon-min", "min", 5)),
          h("label", {}, t("play.weapon.max"), wnum("ht-game-weapon-max", "max", 5)),
          h("label", {}, t("play.die.red"), wnum("ht-game-weapon-red", "red", 20)),
          h("label", {}, t("play.die.black"), wnum("ht-game-weapon-black", "black", 20)),
          h("label", {}, t("play.die.white"), wnum("ht-game-weapon-white", "white", 20)),
          h("label", { title: t("play.weapon.kw.tip") }, t("play.weapon.kw"), h("input", { id: "ht-game-weapon-keywords", style: "width:10em",
            value: weaponForm.keywords, oninput: (e) => { weaponForm.keywords = e.target.value; } })),
          bt("ht-game-weapon-add", t("play.weapon.add"), async () => {
            const r = await game(kit, Object.assign({ action: "weapon", unit: c.unit }, weaponForm));
            if (r.ok) weaponForm = { name: "", melee: false, min: 1, max: 3, red: 0, black: 0, white: 0, keywords: "" };
          })));
      // Folded by default, so that the phase's controls stay in view; kept open while the panel is rebuilt.
      nodes.push(h("details", { id: "ht-game-card-details", class: "ht-note", open: cardOpen, ontoggle: (e) => { cardOpen = e.target.open; } },
        h("summary", { title: t("play.cardEdit.tip") }, t("play.cardEdit")), ...editor));
    }
    if (ts.courage) nodes.push(h("span", { class: "ht-note", id: "ht-game-courage" }, ts.courage));
    if (ts.panic) nodes.push(bt("ht-game-panic-move", t("play.panicMove"), () => game(kit, { action: "panicMove" }), { title: t("play.panicMove.tip", ts.panic.edges) }));

    // Import: before the game starts (no game, or its setup).
    if (!ts.phase || ts.phase === "setup") {
      const colour = nextColour(ts);
      const box = h("textarea", { id: "ht-game-list", rows: "2", cols: "28", placeholder: t("play.pasteHere"), title: t("play.importList.tip"),
        oninput: (e) => { listText = e.target.value; } });
      box.value = listText;
      nodes.push(h("label", {}, t("play.for"), h("select", { id: "ht-game-colour", onchange: (e) => { importColour = e.target.value; } },
        ["blue", "red"].map((c) => h("option", { value: c, selected: c === colour }, colourName(c))))), box,
      bt("ht-game-import", t("play.importList"), async () => {
        const r = await game(kit, { action: "import", colour: document.getElementById("ht-game-colour").value, list: listText });
        if (r.ok) listText = "";
      }, { title: t("play.importList.tip") }),
      bt("ht-game-cards", t("play.importCards"), async () => {
        const r = await game(kit, { action: "cards", cards: listText });
        if (r.ok) listText = "";
      }));
    }
    if (!ts.phase) return h("div", { id: "ht-game", class: "ht-game" }, nodes);

    const units = ts.units || [];
    // A new activation: the tokens and the attack start from the active unit.
    if (ts.active && ts.active !== lastActive && !ts.attack) { attacker = ts.active; defender = ""; tokenUnit = ts.active; }
    lastActive = ts.active || "";
    const name = (id) => id;
    switch (ts.phase) {
      case "setup": {
        const reserve = ts.reserve || [];
        if (reserve.length) {
          if (!reserve.some((u) => u.id === deployUnit)) deployUnit = reserve[0].id;
          nodes.push(h("label", {}, t("play.reserve"), h("select", { id: "ht-game-reserve", onchange: (e) => { deployUnit = e.target.value; } },
            reserve.map((u) => h("option", { value: u.id, selected: u.id === deployUnit }, colourName(u.colour) + ": " + u.id)))),
          bt("ht-game-deploy", t("play.deploy"), () => game(kit, { action: "arm", unit: deployUnit }), { title: t("play.deploy.tip") }));
          if (ts.armed) nodes.push(h("span", { class: "ht-note" }, ts.armed + ": " + t("play.deploy.tip")));
        } else {
          nodes.push(bt("ht-game-start", t("play.start"), () => game(kit, { action: "start" })));
        }
        break;
      }
      case "command":
        for (const s of ts.sides) {
          if (!s.card && (s.hand || []).length) {
            const sel = h("select", { id: "ht-game-hand-" + s.colour }, s.hand.map((c) => h("option", { value: c }, c)));
            nodes.push(h("label", {}, colourName(s.colour), sel),
              bt("ht-game-play-" + s.colour, t("play.play"), () => game(kit, { action: "card", colour: s.colour, name: sel.value })));
          }
        }
        if (ts.sides.every((s) => s.card) && !ts.priority) nodes.push(bt("ht-game-priority", t("play.rollPriority"), () => game(kit, { action: "priority" })));
        if (ts.priority) {
          const first = ts.sides.find((s) => s.colour === ts.priority);
          const second = ts.sides.find((s) => s.colour !== ts.priority);
          const next = !first.issued ? first : second;
          nodes.push(bt("ht-game-orders", t("play.issue") + " (" + colourName(next.colour) + ")",
            () => game(kit, { action: "orders", colour: next.colour })));
        }
        break;
      case "activation":
        if (!ts.active) {
          const mine = units.filter((u) => u.colour === ts.turn && (u.minis > 0 || u.in) && u.order !== "faceDown"); // a carried unit activates too (D151)
          const up = mine.filter((u) => u.order === "faceUp");
          for (const u of (up.length ? up : mine)) {
            nodes.push(bt("ht-game-activate-" + u.id, t("play.activate") + " " + name(u.id), () => game(kit, { action: "activate", unit: u.id })));
          }
        } else {
          const a = units.find((u) => u.id === ts.active);
          if (a && a.tokens && a.tokens.suppression) nodes.push(bt("ht-game-rally", t("play.rally"), () => game(kit, { action: "rally" })));
          nodes.push(bt("ht-game-end-activation", t("play.endActivation") + " " + ts.active, () => game(kit, { action: "endActivation" })));
        }
        break;
      case "end":
        if (ts.score) nodes.push(h("span", { class: "ht-note", id: "ht-game-score-text" }, ts.score));
        nodes.push(bt("ht-game-score", t("play.score"), () => game(kit, { action: "score" })),
          bt("ht-game-end-round", t("play.endRound"), () => game(kit, { action: "endRound" })));
        break;
    }

    // Tokens beside a unit.
    if (ts.phase !== "over" && units.length) {
      if (!units.some((u) => u.id === tokenUnit)) tokenUnit = ts.active || units[0].id;
      nodes.push(h("label", {}, t("play.tokens"),
        h("select", { id: "ht-game-token-unit", onchange: (e) => { tokenUnit = e.target.value; } },
          units.filter((u) => u.minis > 0 || u.in).map((u) => h("option", { value: u.id, selected: u.id === tokenUnit }, u.id))),
        h("select", { id: "ht-game-token-kind", onchange: (e) => { tokenKind = e.target.value; } },
          TOKENS.map((k) => h("option", { value: k, selected: k === tokenKind }, t("play.token." + k))))),
      bt("ht-game-token-add", "+", () => game(kit, { action: "tokens", unit: tokenUnit, token: tokenKind, delta: 1 })),
      bt("ht-game-token-remove", "\u2212", () => game(kit, { action: "tokens", unit: tokenUnit, token: tokenKind, delta: -1 })));
    }

    // Wounds by hand, outside an attack: the unit, the mini that takes the first one, the new leader.
    if (ts.phase !== "over" && units.length) {
      const alive = units.filter((u) => u.minis > 0 || u.in); // a carried unit suffers wounds too (D151)
      if (alive.length) {
        if (!alive.some((u) => u.id === woundUnit)) woundUnit = alive[0].id;
        const ids = (alive.find((u) => u.id === woundUnit) || {}).ids || [];
        if (!ids.includes(woundMini)) woundMini = "";
        if (!ids.includes(woundLeader)) woundLeader = "";
        const miniOptions = (value, list) => [h("option", { value: "" }, t("play.byRules"))].concat(list.map((m) => h("option", { value: m, selected: m === value }, m)));
        const miniSel = h("select", { id: "ht-game-wound-mini", onchange: (e) => { woundMini = e.target.value; } }, miniOptions(woundMini, ids));
        const leaderSel = h("select", { id: "ht-game-wound-leader", onchange: (e) => { woundLeader = e.target.value; } }, miniOptions(woundLeader, ids.slice(1)));
        nodes.push(h("label", {}, t("play.woundsLabel"),
          h("select", { id: "ht-game-wound-unit", onchange: (e) => {
            woundUnit = e.target.value; woundMini = ""; woundLeader = "";
            const now = (alive.find((u) => u.id === woundUnit) || {}).ids || []; // the unit's minis in the two selects
            miniSel.replaceChildren(...miniOptions("", now));
            leaderSel.replaceChildren(...miniOptions("", now.slice(1)));
          } }, alive.map((u) => h("option", { value: u.id, selected: u.id === woundUnit }, u.id)))),
        h("label", { title: t("play.firstWound.tip") }, t("play.firstWound"), miniSel),
        h("label", {}, t("play.newLeader"), leaderSel),
        bt("ht-game-wound-add", t("play.addWound"), () => game(kit, { action: "wounds", unit: woundUnit, wounds: 1, mini: woundMini, newLeader: woundLeader }),
          { title: t("play.addWound.tip") }));
      }
    }

    // Healing (D112): Treat or Repair by the active unit (the card named, X and capacity), or a
    // card's effect: one wound token off a mini, or a mini defeated this round restored. The
    // selects change in place (the panel is rebuilt only when the table changes).
    if (ts.phase !== "over" && units.length) {
      const HEALS = ["poison", "ion", "damaged", "disabled", "weaponDamaged"]; // Treat: poison; Repair: the others
      const healTokens = (u) => HEALS.filter((k) => (u.tokens || {})[k] > 0);
      const healable = units.filter((u) => u.minis > 0 && ((u.hurt || []).length || (u.restorable || []).length || healTokens(u).length));
      if (healable.length) {
        if (!healable.some((u) => u.id === heal.unit)) heal.unit = healable[0].id;
        const listsOf = (id) => { const u = healable.find((x) => x.id === id) || {}; return [u.hurt || [], u.restorable || [], healTokens(u)]; };
        const send = (extra) => game(kit, Object.assign({ action: "heal", unit: heal.unit, ability: heal.ability, card: heal.card,
          treatX: heal.x, capacity: heal.capacity }, extra));
        const num = (id, key) => h("input", { id, type: "number", min: "1", max: "9", value: String(heal[key]), style: "width:3em",
          onchange: (e) => { heal[key] = parseInt(e.target.value, 10) || 1; } });
        const miniSel = h("select", { id: "ht-game-heal-mini", onchange: (e) => { heal.mini = e.target.value; } });
        const restoreSel = h("select", { id: "ht-game-heal-restore-mini", onchange: (e) => { heal.restore = e.target.value; } });
        const countIn = h("input", { id: "ht-game-heal-count", type: "number", min: "1", max: "9", value: "1", style: "width:3em",
          title: t("play.heal.count.tip") });
        const woundBt = bt("ht-game-heal-wound", t("play.heal.woundOff"), () => send({ mini: heal.mini, count: parseInt(countIn.value, 10) || 1 }));
        const restoreBt = bt("ht-game-heal-restore", t("play.heal.restore"), () => send({ restore: heal.restore }), { title: t("play.heal.restoreTip") });
        const tokenSel = h("select", { id: "ht-game-heal-token", onchange: (e) => { heal.token = e.target.value; } });
        const tokenBt = bt("ht-game-heal-token-off", t("play.heal.tokenOff"), () => send({ token: heal.token }));
        const fill = () => { // the chosen unit's wounded and restorable minis
          const [hurt, back, toks] = listsOf(heal.unit);
          if (!toks.includes(heal.token)) heal.token = toks[0] || "";
          tokenSel.replaceChildren(...toks.map((k) => h("option", { value: k, selected: k === heal.token }, t("play.token." + k))));
          tokenSel.disabled = tokenBt.disabled = !toks.length;
          if (!hurt.includes(heal.mini)) heal.mini = hurt[0] || "";
          if (!back.includes(heal.restore)) heal.restore = back[0] || "";
          miniSel.replaceChildren(...hurt.map((m) => h("option", { value: m, selected: m === heal.mini }, m)));
          restoreSel.replaceChildren(...back.map((m) => h("option", { value: m, selected: m === heal.restore }, m)));
          miniSel.disabled = woundBt.disabled = countIn.disabled = !hurt.length;
          restoreSel.disabled = restoreBt.disabled = !back.length;
        };
        fill();
        const treat = h("span", { id: "ht-game-heal-treat", style: heal.ability === "effect" ? "display:none" : "" },
          h("label", {}, t("play.heal.card"), h("input", { id: "ht-game-heal-card", value: heal.card, style: "width:8em",
            oninput: (e) => { heal.card = e.target.value; } })), h("label", {}, "X", num("ht-game-heal-x", "x")),
          h("label", {}, t("play.heal.capacity"), num("ht-game-heal-capacity", "capacity")));
        nodes.push(h("label", { title: t("play.heal.tip") }, t("play.heal"),
          h("select", { id: "ht-game-heal-unit", onchange: (e) => { heal.unit = e.target.value; heal.mini = ""; heal.restore = ""; fill(); } },
            healable.map((u) => h("option", { value: u.id, selected: u.id === heal.unit }, u.id))),
          h("select", { id: "ht-game-heal-ability", onchange: (e) => {
            heal.ability = e.target.value; treat.style.display = heal.ability === "effect" ? "none" : ""; } },
          ["treat", "repair", "effect"].map((k) => h("option", { value: k, selected: k === heal.ability }, t("play.heal." + k))))),
        treat, miniSel, countIn, woundBt, tokenSel, tokenBt, restoreSel, restoreBt);
      }
    }

    // The attack assistant.
    if (ts.phase === "activation" || ts.phase === "command" || ts.phase === "end") {
      const onTable = units.filter((u) => u.minis > 0 || u.in); // a carried unit attacks and defends from its transport (D138)
      const a = ts.attack;
      if (a) { attacker = a.attacker; defender = a.defender; melee = !!a.melee; }
      const col = (id) => (units.find((u) => u.id === id) || {}).colour;
      const options = (value, list) => [h("option", { value: "" }, "\u2014")].concat(list.map((u) => h("option", { value: u.id, selected: u.id === value },
        u.in ? t("play.carriedIn", u.id, u.in) : u.id)));
      const targets = () => onTable.filter((u) => !attacker || u.colour !== col(attacker));
      const defSel = h("select", { id: "ht-game-defender", onchange: (e) => { defender = e.target.value; } }, options(defender, targets()));
      const attSel = h("select", { id: "ht-game-attacker", onchange: (e) => {
        attacker = e.target.value;
        if (defender && col(defender) === col(attacker)) defender = "";
        defSel.replaceChildren(...options(defender, targets())); // the defenders are the attacker's enemies
        sbFill();
      } }, options(attacker, onTable));
      // A standby attack (D149): offered to an attacker holding a standby token; disabled, with the
      // rules' reason, while it may not spend it (the active unit, another phase).
      const sbBt = bt("ht-game-standby-attack", t("play.standbyAttack"), () => {
        if (attacker && defender) game(kit, { action: "attack", attacker, defender, melee, standby: true });
      });
      const sbFill = () => {
        const sb = (ts.standby || []).find((x) => x.unit === attacker);
        sbBt.style.display = sb ? "" : "none";
        sbBt.disabled = !sb || !sb.allowed;
        sbBt.title = sb && !sb.allowed ? sb.why : t("play.standbyAttack.tip");
      };
      sbFill();
      nodes.push(h("label", {}, t("play.attacker"), attSel), h("label", {}, t("play.defender"), defSel),
        h("label", {}, h("input", { type: "checkbox", id: "ht-game-melee", checked: melee, onchange: (e) => { melee = e.target.checked; } }), t("play.melee")),
        bt("ht-game-attack", t("play.attack"), () => { if (attacker && defender) game(kit, { action: "attack", attacker, defender, melee }); }), sbBt);
      // Minis of the two units treated as in base contact (the players' call, Toleranzbereich).
      const idsOf = (id) => (units.find((u) => u.id === id) || {}).ids || [];
      if (attacker && defender && idsOf(attacker).length && idsOf(defender).length) {
        const ca = h("select", { id: "ht-game-contact-a" }, idsOf(attacker).map((m) => h("option", { value: m }, m)));
        const cb = h("select", { id: "ht-game-contact-b" }, idsOf(defender).map((m) => h("option", { value: m }, m)));
        nodes.push(h("label", { title: t("play.contact.tip") }, t("play.contact"), ca, "\u2194", cb),
          bt("ht-game-contact-set", t("play.contactMark"), () => game(kit, { action: "contact", a: ca.value, b: cb.value, on: true }), { title: t("play.contact.tip") }));
      }
      (ts.contacts || []).forEach(([x, y], i) => nodes.push(h("span", { class: "ht-note" }, x + " \u2194 " + y + " ",
        bt("ht-game-contact-clear-" + i, "\u00d7", () => game(kit, { action: "contact", a: x, b: y, on: false }), { title: t("play.contactClear") }))));
      if (a) {
        const info = a.standby ? [t("play.standbyAttacking")] : [];
        info.push(t("play.range", a.band), t("play.cover", a.cover) /* the state words it (scenes/game_state.go) */, t("play.shooters", a.eligible.length), t("play.woundable", a.woundable.length));
        if (a.hidden && a.hidden.length) info.push(t("play.hidden", a.hidden.join(", ")));
        if (a.pool) info.push(t("play.pool", a.pool.Red, a.pool.Black, a.pool.White) + (a.pool.keywords ? " (" + a.pool.keywords + ")" : ""));
        if (!a.allowed) info.push(t("play.notAllowed"));
        nodes.push(h("span", { class: a.allowed ? "ht-note" : "ht-note ht-bad", id: "ht-game-attack-info" }, info.join(" \u00b7 ")));
        // The pool's Sperrig and Ram X notes, and each weapon's row: may it join, and why (D150).
        if (a.pool && a.pool.notes) nodes.push(h("span", { class: "ht-note", id: "ht-game-pool-notes" }, a.pool.notes.join(" \u00b7 ")));
        if (a.options && a.options.length) {
          nodes.push(h("details", { class: "ht-note", id: "ht-game-weapon-options", open: optionsOpen, ontoggle: (e) => { optionsOpen = e.target.open; } },
            h("summary", {}, t("play.weaponOptions", a.options.filter((o) => o.joins).length, a.options.length)),
            h("ul", {}, a.options.map((o) => h("li", { class: o.joins ? "" : "ht-bad" },
              o.mini + ": " + o.weapon + " \u2014 " + t(o.joins ? "play.optionJoins" : "play.optionOut") + (o.why ? " (" + o.why + ")" : ""))))));
        }
        if (a.reasons && a.reasons.length) {
          // Each reason's citation as the explanation shows it: the rule's name in German and
          // English, then the lines (a <cite>, web/ui.js).
          const cited = (i) => [a.reasons[i], a.cites && a.cites[i] ? [" ", h("cite", {}, "\u2014 " + a.cites[i])] : []];
          nodes.push(h("details", { class: "ht-note", id: "ht-game-attack-reasons" }, h("summary", {}, cited(0)),
            h("ul", {}, a.reasons.slice(1).map((_, i) => h("li", {}, cited(i + 1))))));
        }
        if (a.pool && a.allowed) nodes.push(bt("ht-game-roll", t("play.roll"), () => game(kit, { action: "roll" })));
        if (a.rolled) {
          const r = a.rolled;
          // Each die a button: a click turns it to its next face (D113, the players' correction).
          const CYCLE = { attack: ["hit", "critical", "surge", "blank"], defence: ["block", "surge", "blank"] };
          const dice = (side, list, set) => h("span", { class: "ht-dice", id: "ht-game-dice-" + side, title: t("play.face.tip") },
            (list || []).map((f, i) => bt("ht-game-die-" + side + "-" + i, t("dice.sym." + f), () => game(kit, { action: "face", dice: side, from: f,
              to: CYCLE[side][(CYCLE[side].indexOf(f) + 1) % CYCLE[side].length] }), { "data-face": f })),
            set ? h("i", {}, " " + t("play.facesSet")) : "");
          nodes.push(h("span", { class: "ht-note", id: "ht-game-rolled" }, dice("attack", r.attackDice, r.attackSet), " / ",
            dice("defence", r.defenceDice, r.defenceSet), " \u2192 " + t("play.result", r.wounds, (r.defeated || []).join(", ") || "\u2014")),
          h("details", { class: "ht-note" }, h("summary", {}, "\u2026"), h("ul", {}, r.steps.map((s, i) => h("li", {}, s,
            r.cites && r.cites[i] ? [" ", h("cite", {}, "\u2014 " + r.cites[i])] : [])))));
          nodes.push(...adjustRow(kit, a, r),
            bt("ht-game-apply", t("play.apply"), () => game(kit, { action: "apply" })));
        }
      }
    }
    return h("div", { id: "ht-game", class: "ht-game" }, nodes);
  };

  window.holotableGame = { panel, isList, nextColour };
})();
