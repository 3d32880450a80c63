// holotable page shell: the toolbar (tools, undo/redo, history, fit, overlays, language, length
// unit, export, import, share link, game record export and import), the history panel, the current
// tool's panel, and the message line, as DOM over the game canvas. Everything it does goes through window.holotable: state() to read, command(name,
// arg) to act. Labels come from the app in English or German (command "strings").
(() => {
  "use strict";

  const PREFS = "holotable.ui"; // language, length unit and overlays, kept across reloads
  const TOOLS = ["measure", "move", "terrain", "units", "setup", "game", "dice"];
  const POLL_MS = 120;

  let strings = {};
  let st = null; // the last state()
  let settings = { language: "en", lengthUnit: "in", overlays: {}, tools: [] };
  let local = null; // a message of the page's own: {text, error, until}
  let dismissed = ""; // the scene message the user closed (until the scene clears it)
  let hiddenExplain = ""; // the explanation the user closed (until it changes)
  let explainFolded = false; // the user folded the reasons away
  let shareRev = -1; // the document revision the address bar's share link carries
  let panelKey = "";

  // t is the string for key in the current language; each %s takes the next argument.
  const t = (key, ...args) => {
    let s = strings[key] !== undefined ? strings[key] : key;
    for (const a of args) s = s.replace("%s", String(a));
    return s;
  };

  const h = (tag, props, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k in e && typeof v !== "string") e[k] = v;
      else e.setAttribute(k, v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
    return e;
  };

  // cmd runs a page command and draws the page from the state it left at once, rather than at
  // the next poll: a panel rebuilt up to POLL_MS later could replace a button between a person's
  // (or a test's) press and release of the next click.
  let polling = false; // start() has the words and polls the state
  const cmd = async (name, arg) => {
    const r = await window.holotable.command(name, arg);
    if (!r.ok) show(r.error, true);
    if (polling) poll(); // not while start() is still fetching the words
    return r;
  };

  const canvas = () => document.querySelector("canvas");
  const focusGame = () => { const c = canvas(); if (c) c.focus(); };

  const loadPrefs = () => { try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; } };
  const savePrefs = () => {
    try {
      localStorage.setItem(PREFS, JSON.stringify({
        language: settings.language, lengthUnit: settings.lengthUnit, overlays: settings.overlays,
        legendFolded, sheet: sheetOpen,
      }));
    } catch { /* private mode: nothing kept */ }
  };

  // --- toolbar -------------------------------------------------------------------------------

  const labelled = (el, key, tip) => { el.dataset.label = key; if (tip) el.dataset.tip = tip; return el; };
  const button = (key, tip, onclick, extra) =>
    labelled(h("button", Object.assign({ type: "button", onclick: (e) => { onclick(e); focusGame(); } }, extra)), key, tip);

  const toolButtons = TOOLS.map((name) =>
    button("ui.tool." + name, "ui.tool." + name + ".tip", () => cmd("tool", name), { "data-tool": name }));
  // Undo, redo and fit are icons (their names are the tooltip and the accessible label).
  const svg = (d) => { const e = h("span", { class: "ht-icon", "aria-hidden": "true" }); e.innerHTML =
    `<svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${d}</svg>`; return e; };
  const iconButton = (key, icon, onclick, id) => {
    const b = h("button", { type: "button", id, onclick: () => { onclick(); focusGame(); } }, svg(icon));
    b.dataset.aria = key;
    return b;
  };
  const undoBtn = iconButton("ui.undo", `<path d="M5.5 3.5 2.5 6.5l3 3"/><path d="M2.8 6.5h6.7a4 4 0 0 1 0 8H7"/>`, () => cmd("undo"), "ht-undo");
  const redoBtn = iconButton("ui.redo", `<path d="m10.5 3.5 3 3-3 3"/><path d="M13.2 6.5H6.5a4 4 0 0 0 0 8H9"/>`, () => cmd("redo"), "ht-redo");
  // The history: every change, newest first, with its author; a click shows the table then (read
  // only; Esc or "now" goes back).
  const historyBtn = iconButton("ui.history", `<circle cx="8" cy="8" r="5.5"/><path d="M8 5v3.2l2.2 1.4"/>`, () => openHistory(historyPanel.hidden), "ht-history");
  labelled(historyBtn, "", "ui.history.tip");
  const historyList = h("ol", { class: "ht-history-list" });
  const historyPanel = h("div", { id: "ht-history-panel", class: "ht-menu ht-history", hidden: true },
    labelled(h("div", { class: "ht-menu-label" }), "ui.history"), historyList);
  const fitBtn = iconButton("ui.fit", `<path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4"/><rect x="5" y="5.5" width="6" height="5" rx="0.5"/>`, () => cmd("fit"), "ht-fit");
  labelled(fitBtn, "", "ui.fit.tip");
  // Overlay toggles are short (1", 6", Aa); their names are the tooltips.
  const overlayButtons = [["grid", '1"'], ["rangeGrid", '6"'], ["labels", "Aa"]].map(([name, short]) => {
    const b = h("button", { type: "button", "data-overlay": name, id: "ht-" + name,
      onclick: () => { setOverlay(name, !settings.overlays[name]); focusGame(); } }, short);
    b.dataset.aria = "ui." + name;
    return labelled(b, "", "ui." + name + ".tip");
  });
  // The visibility heat map (scenes/heatmap.go): on/off, and which side's trooper it is for.
  const heatOn = () => !!(st && st.heatmap && st.heatmap.on);
  const heatBtn = labelled(h("button", { type: "button", id: "ht-heatmap",
    onclick: () => { cmd("heatmap", { on: !heatOn() }); focusGame(); } }), "ui.heatmap", "ui.heatmap.tip");
  const heatSideBtn = labelled(h("button", { type: "button", id: "ht-heatmap-side", hidden: true,
    onclick: () => {
      const sides = [...new Set((st ? st.units : []).map((u) => u.side))].sort();
      const cur = st && st.heatmap ? st.heatmap.side : "";
      if (sides.length > 1) cmd("heatmap", { side: sides[(sides.indexOf(cur) + 1) % sides.length] });
      focusGame();
    } }, "\u21c4"), "", "ui.heatmap.swap.tip");
  heatSideBtn.dataset.aria = "ui.heatmap.swap";
  const langButtons = ["en", "de"].map((l) =>
    labelled(h("button", { type: "button", "data-lang": l, onclick: () => { setLanguage(l); focusGame(); } }, l.toUpperCase()), "", "ui.language.tip"));
  const unitButtons = ["in", "cm"].map((u) =>
    labelled(h("button", { type: "button", "data-unit": u, onclick: () => { setUnit(u); focusGame(); } }, u), "", "ui.lengthUnit.tip"));
  const fileInput = h("input", { type: "file", accept: ".json,application/json", id: "ht-file", hidden: true,
    onchange: () => { const f = fileInput.files[0]; fileInput.value = ""; if (f) importFile(f); } });
  const exportBtn = button("ui.export", "ui.export.tip", () => exportTable(), { id: "ht-export" });
  const importBtn = button("ui.import", "ui.import.tip", () => fileInput.click(), { id: "ht-import" });
  const shareBtn = button("ui.share", "ui.share.tip", () => shareLink(), { id: "ht-share" });
  // A Star Wars Miniatures grid table (issue 16): the built-in example map (scenes/swm_view.go).
  const gridBtn = button("ui.gridTable", "ui.gridTable.tip", () => cmd("newTable", { ruleset: "swm" }), { id: "ht-grid-table" });
  // The game record: the first table and every change (scenes/history.go, docs/format-ops.md).
  const gameInput = h("input", { type: "file", accept: ".json,application/json", id: "ht-game-file", hidden: true,
    onchange: () => { const f = gameInput.files[0]; gameInput.value = ""; if (f) importGame(f); } });
  const exportGameBtn = button("ui.exportGame", "ui.exportGame.tip", () => exportGame(), { id: "ht-export-game" });
  const importGameBtn = button("ui.importGame", "ui.importGame.tip", () => gameInput.click(), { id: "ht-import-game" });

  // A new empty table (D91): the ruleset and size (maps.Battlefields: 6'×3', 6'×4', 3'×3'), listed
  // by the app in the page's language when the menu opens.
  const newTableSel = labelled(h("select", { id: "ht-new-table-size" }), "", "ui.newTable.size");
  const newTableBtn = button("ui.newTable", "ui.newTable.tip", async () => {
    const [ruleset, size] = newTableSel.value.split(":");
    if ((await cmd("newTable", { ruleset, size })).ok) openMenu(false);
  }, { id: "ht-new-table" });
  const fillNewTable = async () => {
    const r = await cmd("battlefields");
    if (r.ok) newTableSel.replaceChildren(...r.result.map((b) => h("option", { value: b.ruleset + ":" + b.size }, b.label)));
  };

  // The built-in layouts (maps.Layouts; scenes/terrain_layout.go): one replaces the table, undoably.
  const LAYOUTS = ["default", "competitive", "skirmish"];
  const layoutButtons = LAYOUTS.map((n) =>
    button("ui.layout." + n, "ui.layout.tip", () => { openMenu(false); cmd("layout", { name: n }); }, { "data-layout": n }));
  const sep = () => h("span", { class: "ht-sep" });
  // The menu: the table file (export, import, share link), the language and the length unit.
  const menuPanel = h("div", { id: "ht-menu-panel", class: "ht-menu", role: "menu", hidden: true },
    h("div", { class: "ht-menu-row" }, labelled(h("span", { class: "ht-menu-label" }), "ui.language"), langButtons),
    h("div", { class: "ht-menu-row" }, labelled(h("span", { class: "ht-menu-label" }), "ui.lengthUnit"), unitButtons),
    h("div", { class: "ht-menu-sep" }),
    exportBtn, importBtn, shareBtn, fileInput, gridBtn,
    h("div", { class: "ht-menu-sep" }),
    exportGameBtn, importGameBtn, gameInput,
    h("div", { class: "ht-menu-sep" }),
    h("div", { class: "ht-menu-row" }, newTableSel, newTableBtn),
    h("div", { class: "ht-menu-sep" }),
    labelled(h("div", { class: "ht-menu-label" }), "ui.layout"), ...layoutButtons);
  const menuBtn = iconButton("ui.menu", `<path d="M2.5 4h11M2.5 8h11M2.5 12h11"/>`, () => openMenu(menuPanel.hidden), "ht-menu");
  labelled(menuBtn, "", "ui.menu.tip");
  menuBtn.setAttribute("aria-haspopup", "menu");
  const openMenu = (open) => {
    if (open) fillNewTable();
    menuPanel.hidden = !open;
    menuBtn.setAttribute("aria-expanded", String(open));
  };
  for (const b of [exportBtn, importBtn, shareBtn, gridBtn, exportGameBtn, importGameBtn]) b.addEventListener("click", () => openMenu(false));
  document.addEventListener("pointerdown", (e) => { if (!menuPanel.hidden && !e.target.closest("#ht-menu-wrap")) openMenu(false); }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !menuPanel.hidden) openMenu(false); }, true);

  // One row at the top right, level with the first line of the scene's heads-up text (top left),
  // so that the tools' own palettes below that text stay clear.
  // On a phone (a narrow window, ui.css) the tools and overlays fold behind one button that
  // names the current tool; a pick folds them again (issue 17, item 11).
  const toolsToggle = h("button", { type: "button", id: "ht-tools-toggle", "aria-expanded": "false",
    onclick: () => foldTools(!toolbar.classList.contains("ht-open")) });
  const foldTools = (open) => {
    toolbar.classList.toggle("ht-open", open);
    toolsToggle.setAttribute("aria-expanded", String(open));
    reserved = ""; reserve();
  };
  for (const b of toolButtons) b.addEventListener("click", () => foldTools(false));
  const toolbar = h("div", { id: "ht-toolbar", role: "toolbar" },
    h("div", { class: "ht-row" },
      h("div", { class: "ht-group", id: "ht-tools-fold" }, toolsToggle),
      h("div", { class: "ht-group", id: "ht-tools" }, toolButtons),
      h("div", { class: "ht-group", id: "ht-history-wrap" }, undoBtn, redoBtn, historyBtn, historyPanel, sep(), fitBtn),
      h("div", { class: "ht-group", id: "ht-overlays" }, overlayButtons, sep(), heatBtn, heatSideBtn),
      h("div", { class: "ht-group", id: "ht-menu-wrap" }, menuBtn, menuPanel)));
  const panel = h("div", { id: "ht-panel", class: "ht-group" });
  const message = h("div", { id: "ht-message", class: "ht-group", "aria-live": "polite" });
  // On a phone the dock below the table is a sheet (D153): folded it keeps PHONE_DOCK px below
  // the table (the panel's first row and the message's title); its handle, shown when what the
  // dock holds does not fit it, unfolds it to SHEET_DOCK px, and the table is fitted anew into
  // the room above. Kept across reloads.
  let sheetOpen = !!loadPrefs().sheet;
  const gripText = h("span", { class: "ht-grip-text" });
  const grip = h("button", { type: "button", id: "ht-grip", class: "ht-group", hidden: true,
    onclick: () => { sheetOpen = !sheetOpen; savePrefs(); gripKey = ""; reserve(); if (st) render(st); focusGame(); } },
  h("span", { class: "ht-grip-bar", "aria-hidden": "true" }), gripText);
  let gripKey = "";
  const bottom = h("div", { id: "ht-bottom" }, grip, panel, message);
  const drop = labelled(h("div", { id: "ht-drop" }), "ui.drop");
  // The terrain legend (scenes/terrain_look.go, terrain_heights.go), docked at the bottom right
  // beside the panel: what each piece on the table is drawn as (its swatch in the colours the
  // scene draws it with), heights, and notched bases when any unit stands on them. Its title
  // folds it away (kept across reloads).
  let legendFolded = !!loadPrefs().legendFolded;
  let legendKey = "";
  const legendToggle = h("button", { type: "button", class: "ht-legend-title", id: "ht-legend-toggle",
    onclick: () => { legendFolded = !legendFolded; savePrefs(); legendKey = ""; if (st) render(st); focusGame(); } });
  const legendBody = h("div", { class: "ht-legend-body" });
  const legendNote = h("span", { class: "ht-legend-height" });
  const legend = h("div", { id: "ht-legend", class: "ht-group" }, h("div", { class: "ht-legend-head" }, legendToggle, legendNote), legendBody);
  const drawLegend = (s) => {
    const looks = s.terrainLooks || [];
    const key = [settings.language, legendFolded, s.notched, looks.map((l) => l.look).join()].join("|");
    if (key === legendKey) return;
    legendKey = key;
    legendToggle.textContent = t("legend.title") + (legendFolded ? " \u25b8" : " \u25be");
    legendToggle.title = t(legendFolded ? "legend.show" : "legend.hide");
    legendToggle.setAttribute("aria-expanded", String(!legendFolded));
    legendBody.hidden = legendNote.hidden = legendFolded;
    legendNote.textContent = t("legend.height") + " \u00b7 " + t("legend.shade");
    const row = (sw, key) => h("span", { "data-look": key }, sw, h("span", {}, t(key)));
    legendBody.replaceChildren(
      ...looks.map((l) => row(h("span", { class: "ht-swatch", "aria-hidden": "true",
        style: `background:${l.fill};border-color:${l.edge}` }), "legend." + l.look)),
      ...(s.notched ? [row(h("span", { class: "ht-swatch ht-notch", "aria-hidden": "true" }), "legend.notches")] : []));
  };
  // placeLegend docks the legend in the room below the table: beside the panel on a wide screen,
  // above it on a phone (where the panel takes the whole width); hidden where it would not fit,
  // on a table with nothing to explain, and while the heat map (whose legend stands there) is on.
  let legendFolds = false; // the legend is hidden only because the phone's sheet is folded
  const placeLegend = (s) => {
    const dock = dockPx(s);
    const below = phone() ? bottom.getBoundingClientRect().height + 8 : 0;
    const room = dock - 12 - below;
    // An empty table (no terrain, no notched base) has nothing to explain.
    const empty = !(s.terrainLooks || []).length && !s.notched;
    // The heat map's own legend (drawn by the app) takes the dock's bottom right while it is on.
    const heat = !!(s.heatmap && s.heatmap.on);
    // A phone's folded sheet (D153) has no room for it: its handle offers it instead.
    const peek = phone() && !sheetOpen && (s.dock || 0) < PHONE_DOCK + 40;
    const wanted = !!settings.overlays.labels && !empty && !heat;
    legendFolds = wanted && peek;
    legend.hidden = !wanted || room < 40 || peek;
    legend.style.bottom = 8 + below + "px";
    legend.style.maxHeight = room + "px";
  };

  const relabel = () => {
    for (const el of document.querySelectorAll("[data-label],[data-tip],[data-aria]")) {
      if (el.dataset.label) el.textContent = t(el.dataset.label);
      if (el.dataset.tip) el.title = t(el.dataset.tip);
      if (el.dataset.aria) el.setAttribute("aria-label", t(el.dataset.aria));
    }
    document.documentElement.lang = settings.language;
    panelKey = legendKey = messageKey = ""; // rebuild the panel, legend and message in the new words
    if (st) render(st);
    reserve();
  };

  // reserve tells the table scene how much of the top the toolbar covers, how much of the bottom
  // a one-row tool panel takes, and the least dock: the band below the table where the panel and
  // the message line stand (issue 17), so that Fit keeps the table clear of all of them. The
  // scene puts the fitted table at the top and gives the dock all the room below it
  // (state().dock); the dock depends on the window and the table only, so the table does not
  // jump when a message or a panel comes and goes.
  const PANEL_ROW = 34;
  const DOCK_MIN = 72;
  const PHONE_DOCK = 112; // a phone's folded sheet: a row of finger-sized buttons and the message's title
  const SHEET_DOCK = 400; // the unfolded sheet (the most a reserve may ask)
  const phone = () => window.innerWidth <= 700; // web/ui.css's narrow window
  const dockMin = () => (phone() ? (sheetOpen ? SHEET_DOCK : PHONE_DOCK) : DOCK_MIN);
  // dockPx is the height the dock below the table has (CSS px): what the scene leaves, at least
  // what the page reserved — but never into a tool's palette above it (state dockRoom: two rows
  // and a hint below a width-limited table at 1024 × 700, a phone's unfolded sheet under a
  // palette), down to ROOM_MIN, below which the panel scrolls rather than shrink further.
  const ROOM_MIN = 44;
  const dockPx = (s) => {
    const d = Math.max(s.dock || 0, dockMin());
    return s.dockRoom !== undefined && s.dockRoom < d ? Math.max(s.dockRoom, ROOM_MIN) : d;
  };
  // SIDE_DOCK is the width of the column at the right of the table the dock becomes where that
  // fits the table as well (a grid table on a wide window: state().dockSide, D154); none on a phone.
  const SIDE_DOCK = 340;
  let reserved = "";
  let reservedTop = 0; // the toolbar's bottom the scene was last told of
  // left is where the toolbar's leftmost group starts, so that the heads-up lines beside it stop
  // short of it; touch says the page is on a touch screen (a phone or tablet), so that the hints
  // speak of fingers before the first touch (issue 17, item 11).
  const reserve = async () => {
    const top = Math.ceil(toolbar.getBoundingClientRect().bottom);
    const lefts = Array.from(toolbar.querySelectorAll(".ht-group")).filter((e) => e.offsetParent !== null)
      .map((e) => e.getBoundingClientRect().left);
    const left = lefts.length ? Math.max(0, Math.floor(Math.min(...lefts))) : 0;
    const touch = window.matchMedia("(pointer: coarse)").matches;
    const dock = dockMin();
    const side = phone() ? 0 : SIDE_DOCK;
    const key = [top, left, touch, dock, side].join();
    if (key === reserved) return;
    reserved = key;
    reservedTop = top;
    await cmd("reserve", { top, bottom: PANEL_ROW, dock, side, left, touch });
  };
  window.addEventListener("resize", () => { gripKey = ""; reserve(); });
  // A window can stop (or start) being a touch screen without a resize after it, as when a
  // browser's touch emulation ends right after a viewport change: tell the scene then too (D128).
  window.matchMedia("(pointer: coarse)").addEventListener("change", () => reserve());

  const setLanguage = async (l) => {
    const r = await cmd("language", l);
    if (!r.ok) return;
    strings = r.result;
    settings.language = l;
    savePrefs();
    relabel();
  };
  const setUnit = async (u) => {
    if ((await cmd("lengthUnit", u)).ok) { settings.lengthUnit = u; savePrefs(); panelKey = ""; if (st) render(st); }
  };
  const setOverlay = async (name, on) => {
    const r = await cmd("overlays", { [name]: on });
    if (r.ok) { settings.overlays = r.result; savePrefs(); if (st) render(st); }
  };

  // --- the history ------------------------------------------------------------------------------

  let historyKey = "";
  const openHistory = (open) => {
    historyPanel.hidden = !open;
    historyBtn.setAttribute("aria-expanded", String(open));
    historyKey = "";
    if (st) renderHistory(st);
  };
  const renderHistory = async (s) => {
    if (historyPanel.hidden) return;
    const viewing = s.history ? s.history.seq : -1;
    const key = JSON.stringify([s.steps, viewing, settings.language]);
    if (key === historyKey) return;
    historyKey = key;
    const r = await cmd("history");
    if (!r.ok) return;
    const item = (seq, text, author, current) => h("li", {}, h("button", { type: "button", "data-seq": String(seq),
      "aria-pressed": String(current), onclick: () => { cmd(seq < 0 ? "historyLeave" : "historyView", seq < 0 ? undefined : { seq }); focusGame(); } },
      h("span", { class: "ht-history-text" }, text), author ? h("span", { class: "ht-history-author" }, author) : null));
    const items = [item(-1, t("history.now"), "", viewing < 0)];
    for (const e of r.result) items.push(item(e.seq, e.seq + " \u00b7 " + e.text, e.author, viewing === e.seq));
    items.push(item(0, "0 \u00b7 " + t("history.first"), "", viewing === 0));
    if (r.result.length === 0) items.splice(1, 0, h("li", { class: "ht-note" }, t("ui.history.empty")));
    historyList.replaceChildren(...items);
  };
  document.addEventListener("pointerdown", (e) => { if (!historyPanel.hidden && !e.target.closest("#ht-history-wrap")) openHistory(false); }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.target === canvas()) return;
    if (!historyPanel.hidden) openHistory(false);
    if (st && st.history) cmd("historyLeave");
  }, true);

  // --- export, import, share -------------------------------------------------------------------

  // saveText saves text as a JSON file named name (the browser's download).
  const saveText = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = h("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };

  const exportTable = async () => {
    const r = await cmd("export");
    if (!r.ok) return;
    saveText("table.json", r.result);
    show(t("ui.export.done"));
  };

  const exportGame = async () => {
    const r = await cmd("exportGame");
    if (!r.ok) return;
    saveText("game.json", r.result);
    show(t("ui.exportGame.done"));
  };

  const importGame = async (file) => {
    // The size first: a record beyond the app's limit is refused without being read.
    const limit = window.holotable.limits ? window.holotable.limits.recordBytes : Infinity;
    if (file.size > limit) {
      show(t("ui.importGame.tooLarge", file.name, file.size, limit), true);
      return;
    }
    let text;
    try { text = await file.text(); } catch { show(t("ui.import.unreadable", file.name), true); return; }
    const r = await cmd("importGame", text);
    if (r.ok) show(t("ui.importGame.done", file.name, r.result.steps));
  };

  // importFile imports a File (from the picker or a drop); every path ends in command("import").
  const importFile = async (file) => {
    if (!/\.json$/i.test(file.name) && file.type !== "application/json") {
      show(t("ui.import.notJSON", file.name), true);
      return;
    }
    // The size first: a file beyond the app's limit is refused without being read.
    const limit = window.holotable.limits ? window.holotable.limits.fileBytes : Infinity;
    if (file.size > limit) {
      show(t("ui.import.tooLarge", file.name, file.size, limit), true);
      return;
    }
    let text;
    try { text = await file.text(); } catch { show(t("ui.import.unreadable", file.name), true); return; }
    // An army list (issue 15) goes into the game's reserve, for the next colour without an army.
    if (window.holotableGame && window.holotableGame.isList(text)) {
      const g = await cmd("game", { action: "import", colour: window.holotableGame.nextColour(st && st.toolState), list: text });
      if (g.ok) { show(t("ui.import.done", file.name)); cmd("tool", "game"); }
      return;
    }
    const r = await cmd("import", text);
    if (r.ok) show(t("ui.import.done", file.name));
  };

  const shareLink = async () => {
    const r = await cmd("shareLink");
    if (!r.ok) return;
    const url = location.origin + location.pathname + location.search + r.result;
    history.replaceState(null, "", url);
    shareRev = st ? st.rev : -1;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(url); copied = true; }
    } catch { /* not allowed: the link stays in the address bar */ }
    show(t(copied ? "ui.share.copied" : "ui.share.address", url.length));
  };

  // A share link pasted into the address of the open page changes only the fragment: import it.
  window.addEventListener("hashchange", async () => {
    if (!location.hash.startsWith("#t=") || (st && shareRev === st.rev)) return; // our own link
    const r = await cmd("openShared", location.hash);
    history.replaceState(null, "", location.pathname + location.search);
    shareRev = -1;
    if (r.ok) show(t("ui.import.done", "#t=\u2026"));
  });

  // Files dropped anywhere on the page. Capturing on window keeps the canvas's own drop handler
  // (Ebitengine's DroppedFiles) from importing the same file a second time.
  const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files");
  let dragDepth = 0;
  window.addEventListener("dragenter", (e) => { if (hasFiles(e)) { dragDepth++; drop.classList.add("on"); } }, true);
  window.addEventListener("dragleave", (e) => {
    if (hasFiles(e) && --dragDepth <= 0) { dragDepth = 0; drop.classList.remove("on"); }
  }, true);
  window.addEventListener("dragover", (e) => { if (hasFiles(e)) { e.preventDefault(); e.stopPropagation(); } }, true);
  window.addEventListener("drop", (e) => {
    if (!e.dataTransfer || !e.dataTransfer.files || e.dataTransfer.files.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    dragDepth = 0;
    drop.classList.remove("on");
    importFile(e.dataTransfer.files[0]);
  }, true);

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y when the page, not the canvas, has the keyboard (the canvas
  // handles them itself).
  document.addEventListener("keydown", (e) => {
    if (e.target === canvas() || e.target.closest("input, select, textarea")) return;
    if (!(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === "z") { e.preventDefault(); cmd(e.shiftKey ? "redo" : "undo"); }
    else if (k === "y") { e.preventDefault(); cmd("redo"); }
  });

  // --- messages --------------------------------------------------------------------------------

  // show puts a message of the page's own on the message line. Like the scene's, it belongs to
  // the action that caused it: it goes when the next action starts (state().action changes,
  // scenes/action.go), or after a while.
  const actionNow = () => { try { return JSON.parse(window.holotable.state()).action; } catch { return st ? st.action : 0; } };
  const show = (text, error) => {
    local = { text, error: !!error, action: actionNow(), until: performance.now() + (error ? 60000 : 15000) };
    if (st) render(st);
  };
  // isError tells a refusal from a notice in the scene's message (English or German).
  const isError = (text) => /refused|error|cannot|not |abgelehnt|fehler|nicht|kein/i.test(text);

  const reasonsOf = (ts) => {
    const ex = ts && ts.explain;
    if (!ex) return null;
    const reasons = Array.isArray(ex) ? ex : ex.reasons;
    if (!Array.isArray(reasons) || reasons.length === 0) return null;
    const title = ex.attacker ? t("measure.explainTitle", ex.attacker, ex.defender, ex.leader || "") : (ex.title || "");
    return { title, reasons: reasons.map((r) => ({ text: r.words || r.text || r.rule || "", cite: r.citeName || r.cite || "", full: r.cite || "" })) };
  };

  let messageKey = "";
  const renderMessage = (s) => {
    if (local && (performance.now() > local.until || s.action !== local.action)) local = null;
    if (!s.message) dismissed = "";
    let text = "", error = false;
    if (local) ({ text, error } = local);
    else if (s.message && s.message !== dismissed) { text = s.message; error = isError(text); }
    // A stepped command (an import) shows its progress until it is done.
    const job = s.job ? [s.job.what, s.job.done, s.job.steps] : null;
    if (job) { text = job[0] + " \u2026"; error = false; }
    let ex = reasonsOf(s.toolState);
    if (ex && JSON.stringify(ex) === hiddenExplain) ex = null;
    // A drag the rules would not let stand waits for "Place anyway" (scenes/standing.go).
    const pending = !local && s.standing && s.standing.pending ? s.standing.pending : null;
    const key = JSON.stringify([text, error, ex, job, pending, settings.language]);
    if (key === messageKey) return;
    messageKey = key;
    message.replaceChildren();
    if (!text && !ex) return;
    // Only the message itself is red when it is a refusal, never the explanation beside it.
    if (text) message.append(h("div", { class: error ? "ht-text error" : "ht-text" }, text));
    if (job) message.append(h("progress", { id: "ht-job", max: String(job[2]), value: String(job[1]) }));
    if (pending) {
      message.append(h("ul", { class: "ht-reasons" }, pending.map((r) =>
        h("li", {}, r.words || r.text, r.cite ? [" ", h("cite", { title: r.cite }, "\u2014 " + (r.citeName || r.cite))] : []))));
      message.append(h("button", { type: "button", id: "ht-place-anyway", class: "ht-anyway", title: t("ui.placeAnyway.tip"),
        onclick: () => { cmd("placeAnyway"); focusGame(); } }, t("ui.placeAnyway")));
    }
    if (ex) {
      // The reasons with their citations; the summary line folds them away (and they stay folded
      // for the next explanation until unfolded).
      const d = h("details", { class: "ht-explain", open: !explainFolded,
        ontoggle: () => { explainFolded = !d.open; } },
        h("summary", {}, ex.title || t("ui.why")),
        h("ul", { class: "ht-reasons" }, ex.reasons.map((r) =>
          h("li", {}, r.text, r.cite ? [" ", h("cite", { title: r.full }, "\u2014 " + r.cite)] : []))));
      message.append(d);
    }
    message.append(h("button", { type: "button", class: "ht-close", title: "×", onclick: () => {
      if (local) local = null;
      else if (s.message) { dismissed = s.message; cmd("message", ""); }
      if (ex) hiddenExplain = JSON.stringify(ex);
      messageKey = "";
      render(st);
    } }, "×"));
  };

  // --- the tool panel ----------------------------------------------------------------------------

  const num = (v) => (typeof v === "number" ? String(Math.round(v * 1000) / 1000) : "");
  const field = (key, input) => h("label", {}, t(key), input);
  const select = (value, options, onchange) => h("select", { onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
  const number = (value, onchange, attrs) => h("input", Object.assign({ type: "number", step: "0.1", value: num(value),
    onchange: (e) => { const v = parseFloat(e.target.value); if (Number.isFinite(v)) onchange(v); } }, attrs || {}));
  const coverOptions = () => [["none", t("ui.cover.none")], ["light", t("ui.cover.light")], ["heavy", t("ui.cover.heavy")]];
  const moveOptions = () => [["open", t("ui.terrain.open")], ["difficult", t("ui.terrain.difficult")], ["impassable", t("ui.terrain.impass")]];
  const kindOptions = () => [["solid", t("ui.kind.solid")], ["area", t("ui.kind.area")], ["depression", t("ui.kind.depression")]];

  // --- issue 14: the move tool's modes and the units panel's keywords -------------------------------
  // moveModeNodes are the move panel's mode buttons (the modes the unit may make, from toolState)
  // and, for a move, the facing at its end and the wounds of a compulsory move that ends short.
  const moveModeNodes = (ts) => {
    const out = [];
    if (ts.modes && ts.modes.length > 1) {
      out.push(h("span", { class: "ht-modes" }, ts.modes.map((m) =>
        h("button", { type: "button", "aria-pressed": String(ts.mode === m), "data-mode": m,
          onclick: () => { cmd("moveMode", m); focusGame(); } }, t("move.mode." + modeKey(m))))));
    }
    // Reposition (the move's own pivot): before or after the move, as key T switches it.
    if (ts.reposition) {
      out.push(h("button", { type: "button", "data-reposition": ts.after ? "after" : "before", "aria-pressed": String(ts.turn !== null && ts.turn !== undefined),
        onclick: () => { cmd("moveTurn", { turn: ts.turn === undefined ? null : ts.turn, after: !ts.after }); focusGame(); } },
      t("move.reposition", t(ts.after ? "move.repAfter" : "move.repBefore"))));
    }
    const a = ts.answer;
    if (a && typeof a.facing === "number") out.push(h("span", { class: "ht-note" }, t("ui.move.facing", num(ts.facing), num(a.facing))));
    if (a && a.wounds > 0) out.push(h("span", { class: "ht-note ht-bad" }, t("ui.move.wounds", a.wounds)));
    return out;
  };
  const modeKey = (m) => ({ "strafe-left": "strafeLeft", "strafe-right": "strafeRight" })[m] || m;
  // keywordNodes edit the keywords the moves' rules read (one unitKeywords command each change).
  const keywordNodes = (u) => {
    const k = u.keywords;
    if (!k) return null;
    const set = (patch) => cmd("unitKeywords", Object.assign({}, k, patch, { unit: u.id }));
    // check and optNumber edit a key of o (k, or its game block k.game) through put.
    const check = (name, o = k, put = set) => h("label", {}, h("input", { type: "checkbox", checked: !!o[name], "data-kw": name,
      onchange: (e) => put({ [name]: e.target.checked }) }), t("ui.kw." + name));
    const optNumber = (name, o = k, put = set) => h("input", { type: "number", step: "1", min: "0", placeholder: t("ui.kw.none"),
      "data-kw": name, value: o[name] === null || o[name] === undefined ? "" : num(o[name]), style: "width:4em",
      onchange: (e) => { const v = parseFloat(e.target.value); put({ [name]: Number.isFinite(v) ? v : null }); } });
    const g = k.game || {};
    const setGame = (patch) => set({ game: Object.assign({}, g, patch) });
    const transportFlag = (name) => h("label", {}, h("input", { type: "checkbox", checked: !!k.transport[name], "data-kw": "transport-" + name,
      onchange: (e) => set({ transport: Object.assign({}, k.transport, { [name]: e.target.checked }) }) }), t("ui.kw.transport." + name));
    // weakX is the X of a Weak Point side: empty for none (0), else 1 or more.
    const weakX = (name) => h("input", { type: "number", step: "1", min: "0", placeholder: t("ui.kw.none"), "data-kw": name,
      value: k[name] ? String(k[name]) : "", style: "width:4em",
      onchange: (e) => { const v = parseInt(e.target.value, 10); set({ [name]: v >= 1 ? v : 0 }); } });
    const nodes = [h("span", { class: "ht-note" }, t("ui.kw.title") + ":")];
    if (u.type !== "trooper") {
      nodes.push(field("ui.kw.speeder", optNumber("speeder")),
        field("ui.kw.hover", select(k.hover || "", [["", t("ui.kw.hover.none")], ["ground", t("ui.kw.hover.ground")], ["air", t("ui.kw.hover.air")]],
          (v) => set({ hover: v, hoverX: v === "air" ? (k.hoverX || 1) : 0 }))));
      if (k.hover === "air") nodes.push(field("ui.kw.hoverX", number(k.hoverX, (v) => set({ hoverX: v }), { min: "0", step: "1" })));
      nodes.push(check("sideNotches"), check("fullPivot"), check("reposition"),
        field("ui.kw.transport", h("input", { type: "number", step: "1", min: "0", placeholder: t("ui.kw.none"), "data-kw": "transport",
          value: k.transport ? String(k.transport.capacity) : "",
          onchange: (e) => { const v = parseInt(e.target.value, 10); set({ transport: v >= 1 ? Object.assign({ open: false, light: false }, k.transport, { capacity: v }) : null }); } })));
      if (k.transport) nodes.push(transportFlag("open"), transportFlag("light"));
      nodes.push(field("ui.kw.weakRear", weakX("weakRear")), field("ui.kw.weakSides", weakX("weakSides")),
        field("ui.kw.arcs", h("span", {}, [0, 1, 2, 3].map((i) => number(k.lines[i], (v) => {
          const lines = k.lines.slice(); lines[i] = v; set({ arcs: lines });
        }, { min: "1", max: "359", step: "1", "data-arc": String(i), style: "width:4em" })))));
    } else {
      nodes.push(check("expertClimber"), field("ui.kw.jump", optNumber("jump")));
    }
    nodes.push(check("meleeWeapon"), check("plodding", g, setGame),
      ...["agile", "tactical", "cover", "sharpshooter"].map((n) => field("ui.kw." + n, optNumber(n, g, setGame))),
      check("lowProfile", g, setGame), field("ui.kw.armor", optNumber("armor", g, setGame)),
      check("immuneBlast", g, setGame), check("immunePierce", g, setGame));
    return nodes;
  };

  // panels build the current tool's properties from its toolState; each returns DOM nodes or
  // nothing. They only read toolState and call the tool's commands.
  const panels = {
    measure: (ts) => {
      if (!ts || !ts.selected || !st) return null;
      const u = st.units.find((u) => u.id === ts.selected || u.minis.some((m) => m.id === ts.selected));
      if (!u) return null;
      const labels = ts.labels || [];
      const nodes = [h("span", { class: "ht-title" }, u.id),
        h("button", { type: "button", id: "ht-ruler", "aria-pressed": String(!!ts.armed || !!(ts.ruler && ts.ruler.live)),
          title: t("ui.ruler.tip"), onclick: () => { cmd("ruler"); focusGame(); } }, t("ui.ruler"))];
      // issue 14: measuring from a unit carried by the selected transport (scenes/measure_carried.go).
      if (ts.from && ts.from.reasons && ts.from.reasons.length) {
        const r = ts.from.reasons[0];
        nodes.push(h("span", { class: "ht-note", id: "ht-measure-from", title: r.cite }, r.words + " [" + r.citeName + "]"));
      }
      if (labels.length > 0) {
        const current = ts.explain ? ts.explain.defender : "";
        // An enemy's carried unit is listed with its transport (D138); the attacker is the carried
        // unit measured from, if any.
        nodes.push(field("ui.why", select(current, [["", "\u2014"]].concat(labels.map((l) => [l.unit, l.carried ? t("play.carriedIn", l.unit, l.carried) : l.unit])),
          (v) => (v ? cmd("explain", { attacker: ts.from ? ts.from.unit : u.id, defender: v }) : cmd("select", ts.selected)))));
      }
      return nodes;
    },
    move: (ts) => {
      // On a phone the tool's lines (direction, bend, the move's legality) stand here, not over the
      // table's top (scenes/move.go narrowDocked).
      const lines = ts && ts.lines && ts.lines.length ? h("div", { class: "ht-note ht-move-lines", id: "ht-move-lines" },
        ts.lines.map((l) => h("div", {}, l))) : null;
      if (!ts || !ts.unit) return lines;
      const a = ts.answer;
      const nodes = [h("span", { class: "ht-title" }, ts.unit),
        h("span", { class: "ht-speed" }, t("ui.field.speed"), [1, 2, 3].map((n) =>
          h("button", { type: "button", "aria-pressed": String(ts.speed === n), "data-speed": String(n),
            onclick: () => { cmd("moveSpeed", n); focusGame(); } }, String(n))))];
      if (a) {
        nodes.push(h("span", { class: a.legal ? "ht-note" : "ht-note ht-bad" },
          (a.legal ? t("ui.move.legal") : t("ui.move.illegal")) + " \u00b7 " + t("ui.move.max", a.maxSpeed)));
      } else if (ts.error) {
        nodes.push(h("span", { class: "ht-note ht-bad" }, ts.error));
      }
      nodes.push(...moveModeNodes(ts));
      // issue 14: a transport the speed-1 move reaches (move_transport.go): one button each.
      (ts.embark || []).forEach((o) => nodes.push(h("button", { type: "button", "data-embark": o.vehicle,
        onclick: () => { cmd("moveEmbark", { vehicle: o.vehicle }); focusGame(); } }, t("ui.move.embark", o.vehicle))));
      // The enemy unit the tool reaches (move_melee.go): charge it, or charge with the defender's
      // reply (keys M and Shift+M, which a touch screen lacks).
      if (ts.charge) nodes.push(
        h("button", { type: "button", "data-charge": ts.charge, title: t("ui.move.chargeTip"),
          onclick: () => { cmd("moveCharge", { target: ts.charge }); focusGame(); } }, t("ui.move.charge", ts.charge)),
        h("button", { type: "button", "data-charge-reply": ts.charge, title: t("ui.move.chargeTip"),
          onclick: () => { cmd("moveCharge", { target: ts.charge, reply: true }); focusGame(); } }, t("ui.move.chargeReply", ts.charge)));
      // The clambers and climbs the leader may make now (move_climb.go; keys K and Shift+K).
      (ts.climbs || []).forEach((o) => nodes.push(h("button", { type: "button", "data-climb": o.onto, "data-climb-mode": o.mode,
        onclick: () => { cmd("moveClimb", { onto: o.onto, mode: o.mode }); focusGame(); } }, t("ui.move.climbOn", t("move." + o.mode), o.onto))));
      // issue 14: the disembark the preview shows (move_disembark.go), towards the pointer's last point.
      const d = ts.disembark;
      if (d) {
        // D139: which carried unit, when the transport carries more than one (key N cycles).
        if (d.carried) nodes.push(field("ui.move.disembarkWhich", h("select", { id: "ht-move-disembark-unit",
          onchange: (e) => { cmd("moveDisembarkUnit", e.target.value); focusGame(); } },
          d.carried.map((id) => h("option", { value: id, selected: id === d.unit }, id)))));
        nodes.push(h("button", { type: "button", id: "ht-move-disembark", disabled: !d.legal,
          onclick: () => { cmd("moveDisembark", { unit: d.unit, x: d.x, y: d.y }); focusGame(); } }, t("ui.move.disembark", d.unit)));
        if (!d.legal && d.reason) nodes.push(h("span", { class: "ht-note ht-bad" }, d.reason));
      }
      nodes.push(h("button", { type: "button", id: "ht-move-commit", disabled: !(ts.placed && a && a.legal),
        onclick: () => { cmd("moveCommit"); focusGame(); } }, t("ui.commit")));
      nodes.push(h("button", { type: "button", id: "ht-move-cancel", disabled: !ts.placed,
        onclick: () => { cmd("moveCancel"); focusGame(); } }, t("ui.cancel")));
      if (lines) nodes.push(lines);
      return nodes;
    },
    terrain: (ts) => {
      const p = ts && (ts.piece || ts.selectedPiece);
      if (!p) return null;
      const set = (patch) => cmd("terrainSet", Object.assign({ id: p.id }, patch));
      const mv = p.move || {};
      return [h("span", { class: "ht-title" }, p.id),
        field("ui.field.kind", select(p.kind, kindOptions(), (v) => set({ kind: v }))),
        field("ui.field.height", number(p.height, (v) => set({ height: v }), { min: "0" })),
        field("ui.field.cover", select(typeof p.cover === "string" ? p.cover : "",
          (typeof p.cover === "string" ? [] : [["", t("ui.cover.byClass")]]).concat(coverOptions()), (v) => v && set({ cover: v }))),
        h("span", { class: "ht-note" }, t("ui.field.move") + ":"),
        ["trooper", "ground", "repulsor"].map((c) =>
          field("ui.class." + c, select(mv[c] || "open", moveOptions(), (v) => set({ move: Object.assign({}, mv, { [c]: v }) })))),
        h("button", { type: "button", onclick: () => cmd("terrainDuplicate", { id: p.id }) }, t("ui.duplicate")),
        h("button", { type: "button", onclick: () => cmd("terrainDelete", { id: p.id }) }, t("ui.delete"))];
    },
    units: (ts) => {
      const u = ts && (ts.unit || ts.selectedUnit);
      // issue 14 (scenes/carried.go): the units carried by transports, off the table; a click
      // selects the transport.
      const carried = ts && ts.carried && ts.carried.length ? [h("span", { class: "ht-note" }, t("carried.title") + ":"),
        ...ts.carried.flatMap((c) => [h("button", { type: "button", "data-carried": c.unit,
          onclick: () => { cmd("select", c.vehicleLeader); focusGame(); } }, c.text),
          h("button", { type: "button", "data-measure-carried": c.unit,
            onclick: () => { cmd("select", c.unit); focusGame(); } }, t("carried.measure", c.unit))])] : [];
      if (!u || typeof u !== "object") return carried.length ? carried : null;
      const set = (patch) => cmd("unitSet", Object.assign({ id: u.id }, patch));
      return [h("span", { class: "ht-title" }, u.id), ...carried,
        field("ui.field.side", select(u.side, [["red", t("units.side.red")], ["blue", t("units.side.blue")]], (v) => set({ side: v }))),
        field("ui.field.speed", select(String(u.speed || 2), [["1", "1"], ["2", "2"], ["3", "3"]], (v) => set({ speed: Number(v) }))),
        field("ui.field.height", number(u.height, (v) => set({ height: v }), { min: "0" })),
        keywordNodes(u),
        h("button", { type: "button", onclick: () => cmd("unitDelete", { id: u.id }) }, t("ui.delete"))];
    },
  };

  // The setup tool's panel: where the setup is, whose turn it is and what is still to do (the
  // actions are the palette on the canvas; a refusal and its reason are on the message line).
  panels.setup = (ts) => {
    if (!ts) return null;
    const nodes = [h("span", { class: "ht-title" }, t("ui.tool.setup") + (ts.phase ? " \u00b7 " + t("setup.phase." + ts.phase) : ""))];
    if (!ts.phase) {
      nodes.push(h("button", { type: "button", id: "ht-setup-start", onclick: () => { cmd("setup", { action: "start" }); focusGame(); } }, t("setup.startHere")),
        h("button", { type: "button", id: "ht-setup-empty", onclick: () => { cmd("setup", { action: "start", empty: true }); focusGame(); } }, t("setup.startEmpty")));
      return nodes;
    }
    if (ts.turn) nodes.push(h("span", { class: "ht-note" }, t("setup.turn", t("setup." + ts.turn))));
    // The fallback placement (within range 1, the card's fallback) for the next tap: a touch
    // screen has no Shift+click.
    if (ts.canFallback) nodes.push(h("button", { type: "button", id: "ht-setup-fallback", "aria-pressed": String(!!ts.fallback), title: t("setup.fallbackNext.tip"),
      onclick: () => { cmd("setup", { action: "nextFallback", fallback: !ts.fallback }); focusGame(); } }, t("setup.fallbackNext")));
    if (ts.missing && ts.missing.length) nodes.push(h("span", { class: "ht-note" }, t("setup.missing", ts.missing[0])));
    return nodes;
  };

  const renderPanel = (s) => {
    if (panel.contains(document.activeElement) && document.activeElement.matches("input, select")) return; // typing
    const key = JSON.stringify([s.tool, s.toolState && (s.toolState.panel || s.toolState), s.rev, settings.language, settings.lengthUnit]);
    if (key === panelKey) return;
    panelKey = key;
    // The game tool's panel is web/game.js's (issue 15), built with the page's kit.
    const extra = window.holotableGame && s.tool === "game" ? (ts) => window.holotableGame.panel(ts, { h, t, cmd, focusGame, saveText, state: () => st })
      : window.holotableGrid && s.tool === "grid" ? (ts) => window.holotableGrid.panel(ts, { h, t, cmd, focusGame, state: () => st,
        rerender: () => { panelKey = ""; if (st) renderPanel(st); } })
      : window.holotableDice && s.tool === "dice" ? (ts) => window.holotableDice.panel(ts, { h, t, cmd, focusGame, show, state: () => st,
        rerender: () => { panelKey = ""; if (st) renderPanel(st); } }) : null;
    const make = panels[s.tool] || extra;
    let nodes = null;
    try { nodes = make ? make(s.toolState) : null; } catch (e) { console.error("holotable panel:", e); }
    panel.replaceChildren(...(nodes ? [nodes].flat(2).filter((n) => n !== null && n !== undefined && n !== "") : []));
  };

  // --- state → DOM -------------------------------------------------------------------------------

  const render = (s) => {
    const dock = dockPx(s) - 8 + "px";
    if (bottom.style.maxHeight !== dock) bottom.style.maxHeight = dock;
    // The dock as a column at the right of the table (D154): from below the toolbar down.
    const side = s.dockSide > 0;
    bottom.classList.toggle("ht-side", side);
    const width = side ? s.dockSide + "px" : "";
    if (bottom.style.width !== width) bottom.style.width = width;
    const top = side ? reservedTop + 8 + "px" : "";
    if (bottom.style.top !== top) bottom.style.top = top;
    bottom.classList.toggle("ht-sheet", phone() && sheetOpen);
    bottom.classList.toggle("ht-peek", phone() && !sheetOpen && (s.dock || 0) < PHONE_DOCK + 40);
    placeLegend(s);
    if (!legend.hidden) drawLegend(s);
    const toggleText = t("ui.tool." + s.tool) + " \u25be";
    if (toolsToggle.textContent !== toggleText) { toolsToggle.textContent = toggleText; toolsToggle.title = t("ui.tools.tip"); }
    // A grid table (ruleset swm) has none of the Legion tools, history, heat map or range grid.
    const grid = s.ruleset === "swm";
    for (const b of toolButtons) {
      b.setAttribute("aria-pressed", String(s.tool === b.dataset.tool));
      b.hidden = grid || (settings.tools.length > 0 && !settings.tools.includes(b.dataset.tool));
    }
    for (const b of [historyBtn, heatBtn, exportGameBtn, importGameBtn]) b.hidden = grid; // undo and redo stay (D117)
    for (const b of overlayButtons) b.hidden = grid && b.dataset.overlay !== "labels";
    if (grid) legend.hidden = true;
    undoBtn.disabled = !s.canUndo;
    undoBtn.title = s.canUndo ? t("ui.undo.tip", s.undoLabel) : t("ui.undo.none");
    redoBtn.disabled = !s.canRedo;
    redoBtn.title = s.canRedo ? t("ui.redo.tip", s.redoLabel) : t("ui.redo.none");
    for (const b of overlayButtons) b.setAttribute("aria-pressed", String(!!settings.overlays[b.dataset.overlay]));
    heatBtn.setAttribute("aria-pressed", String(heatOn()));
    heatSideBtn.hidden = !heatOn();
    if (heatOn()) heatSideBtn.title = t("ui.heatmap.swap.tip") + " (" + st.heatmap.side + ")";
    for (const b of langButtons) b.setAttribute("aria-pressed", String(settings.language === b.dataset.lang));
    for (const b of unitButtons) b.setAttribute("aria-pressed", String(settings.lengthUnit === b.dataset.unit));
    // The share link in the address bar is the table as it was: drop it once the table changes.
    if (shareRev >= 0 && s.rev !== shareRev && location.hash.startsWith("#t=")) {
      history.replaceState(null, "", location.pathname + location.search);
      shareRev = -1;
    }
    historyBtn.setAttribute("aria-pressed", String(!!s.history));
    renderHistory(s);
    renderPanel(s);
    renderMessage(s);
    renderGrip();
  };

  // renderGrip shows the sheet's handle on a phone while the sheet is unfolded or what the dock
  // holds does not fit it (the panel or the message scrolls): "more" or "less".
  const overflows = (e) => e.scrollHeight > e.clientHeight + 2;
  const renderGrip = () => {
    const inner = [bottom, ...bottom.querySelectorAll("#ht-panel, #ht-message, #ht-panel .ht-game")];
    const show = phone() && (sheetOpen || legendFolds || inner.some((e) => e.offsetParent !== null && overflows(e)));
    if (grip.hidden === !show && gripKey === settings.language) return;
    grip.hidden = !show;
    gripKey = settings.language;
    gripText.textContent = t(sheetOpen ? "ui.sheet.less" : "ui.sheet.more");
    grip.title = t(sheetOpen ? "ui.sheet.less.tip" : "ui.sheet.more.tip");
    grip.setAttribute("aria-expanded", String(sheetOpen));
  };

  const poll = () => {
    try {
      const s = JSON.parse(window.holotable.state());
      if (s && !s.error) { st = s; render(s); }
    } catch (e) { console.error("holotable ui:", e); }
  };

  // --- start -----------------------------------------------------------------------------------

  const start = async () => {
    document.body.append(toolbar, bottom, legend, drop);
    const prefs = loadPrefs();
    const r = await cmd("settings");
    if (r.ok) settings = Object.assign(settings, r.result);
    if (prefs.lengthUnit && prefs.lengthUnit !== settings.lengthUnit) await setUnit(prefs.lengthUnit);
    if (prefs.overlays && typeof prefs.overlays === "object") {
      const o = await cmd("overlays", prefs.overlays);
      if (o.ok) settings.overlays = o.result;
    }
    const lang = prefs.language || ((navigator.language || "").slice(0, 2) === "de" ? "de" : "en");
    if (lang !== settings.language) await setLanguage(lang);
    else { const s = await cmd("strings"); if (s.ok) strings = s.result; relabel(); }
    await reserve();
    polling = true;
    poll();
    setInterval(poll, POLL_MS);
    window.holotableUI = { ready: true, t, settings: () => settings };
  };

  const waitReady = () => {
    if (window.holotable && window.holotable.ready) start();
    else if (!window.holotableLoadError) setTimeout(waitReady, 50);
  };
  waitReady();
})();
