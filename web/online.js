// holotable online table, the page's part (docs/protocol.md, scenes/online.go): the menu's "Play
// online" (a room made from the current table, its three links with copy buttons), the presence
// line (who is connected, online or offline), the other players' pointers and selected minis over
// the table, and
// the service worker that keeps the loaded app working offline. The connection itself is the
// app's (online_js.go); this reads window.holotable.online().
(() => {
  "use strict";

  const SEATS = ["blue", "red", "spectator"];
  let ui = null; // window.holotableUI once the page shell is up
  const t = (key, ...args) => (ui ? ui.t(key, ...args) : key);

  const h = (tag, props, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
    return e;
  };
  const label = (el, key) => { el.dataset.online = key; el.textContent = t(key); return el; };
  const relabel = () => { for (const el of document.querySelectorAll("[data-online]")) el.textContent = t(el.dataset.online); };

  // --- Play online: a room from the current table, and its links ---------------------------------

  const dialog = h("div", { id: "ht-online-dialog", class: "ht-online-dialog", role: "dialog", hidden: "" });
  const closeDialog = () => { dialog.hidden = true; };

  const linkRow = (seat, link) => {
    const input = h("input", { type: "text", readonly: "", value: link, "data-seat": seat, class: "ht-online-link" });
    const copy = label(h("button", { type: "button", "data-copy": seat, onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
      copy.textContent = t("ui.online.copied");
      setTimeout(() => { copy.textContent = t("ui.online.copy"); }, 1500);
    } }), "ui.online.copy");
    const open = label(h("a", { href: link, target: "_blank", rel: "noopener", "data-open": seat }), "ui.online.open");
    return h("div", { class: "ht-online-row ht-seat-" + seat },
      label(h("span", { class: "ht-online-seat" }), "ui.online.link." + seat), input, copy, open);
  };

  const playOnline = async () => {
    const menu = document.getElementById("ht-menu-panel");
    if (menu) menu.hidden = true;
    const r = await window.holotable.command("export");
    if (!r.ok) return showDialog([label(h("p", { class: "ht-online-error" }), "ui.online.failed"), h("p", {}, r.error)]);
    let links;
    try {
      const resp = await fetch("api/rooms", { method: "POST", headers: { "Content-Type": "application/json" }, body: r.result });
      const body = await resp.json();
      if (!resp.ok) throw new Error(body.error || resp.statusText);
      links = body.links;
    } catch (e) {
      const why = navigator.onLine === false ? t("ui.online.noNetwork") : String(e.message || e);
      return showDialog([label(h("p", { class: "ht-online-error" }), "ui.online.failed"), h("p", {}, why)]);
    }
    showDialog([label(h("p", {}), "ui.online.made"), ...SEATS.map((s) => linkRow(s, links[s])),
      label(h("p", { class: "ht-online-note" }), "ui.online.note")]);
  };

  const showDialog = (body) => {
    dialog.replaceChildren(
      h("div", { class: "ht-online-head" }, label(h("strong", {}), "ui.online.title"),
        label(h("button", { type: "button", class: "ht-online-close", onclick: closeDialog }), "ui.online.close")),
      ...body);
    dialog.hidden = false;
  };
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !dialog.hidden) closeDialog(); }, true);

  // --- presence and pointers ---------------------------------------------------------------------

  const presence = h("div", { id: "ht-online", class: "ht-group", hidden: "", "aria-live": "polite" });
  const pointers = h("div", { id: "ht-online-pointers" });
  let shown = "";

  const render = () => {
    let s = null;
    try { s = JSON.parse(window.holotable.online()); } catch { s = null; }
    if (!s) { presence.hidden = true; pointers.replaceChildren(); return; }
    const key = JSON.stringify([s.status, s.text, s.pending, s.peers, s.offers, s.shown, document.documentElement.lang]);
    if (key !== shown) {
      shown = key;
      presence.hidden = false;
      presence.dataset.status = s.status;
      const peers = (s.peers || []).map((p) => h("span", { class: "ht-online-peer ht-seat-" + p.seat, "data-seat": p.seat },
        t("online.seat." + p.seat) + (p.you ? " (" + t("ui.online.you") + ")" : "")));
      const pending = s.pending > 0 ? h("span", { class: "ht-online-pending" }, t("ui.online.pending", s.pending)) : null;
      presence.replaceChildren(...[h("span", { class: "ht-online-status" }, s.text),
        peers.length ? h("span", { class: "ht-sep" }) : null, ...peers, pending, shownOf(s.shown), offersOf(s.offers)].filter((k) => k));
    }
    const rings = (s.selected || []).map((m) => {
      const d = 2 * m.r + 10;
      return h("div", { class: "ht-online-selected ht-seat-" + m.seat, "data-seat": m.seat, "data-id": m.id,
        style: `left:${m.x - d / 2}px;top:${m.y - d / 2}px;width:${d}px;height:${d}px` });
    });
    pointers.replaceChildren(...rings, ...(s.pointers || []).map((p) =>
      h("div", { class: "ht-online-pointer ht-seat-" + p.seat, "data-seat": p.seat, style: `left:${p.x}px;top:${p.y}px` },
        h("span", {}, t("online.seat." + p.seat)))));
  };

  // --- offers: a change to the other side's unit, for its owner to accept or refuse (issue 15) ---

  const answer = (id, accept) => window.holotable.command("offer", { id, accept });
  const offersOf = (offers) => {
    if (!offers || !offers.length) return null;
    return h("div", { id: "ht-online-offers" }, ...offers.map((o) => {
      const text = o.mine ? t("ui.online.offerTo", t("online.seat." + o.to), o.text)
        : t("ui.online.offerFrom", t("online.seat." + o.from), o.text);
      const buttons = o.answer
        ? [h("button", { type: "button", "data-accept": o.id, onclick: () => answer(o.id, true) }, t("ui.online.accept")),
          h("button", { type: "button", "data-refuse": o.id, onclick: () => answer(o.id, false) }, t("ui.online.refuse"))]
        : o.mine ? [h("button", { type: "button", "data-withdraw": o.id, onclick: () => answer(o.id, false) }, t("ui.online.withdraw"))] : [];
      return h("div", { class: "ht-online-offer ht-seat-" + o.from, "data-offer": o.id }, h("span", {}, text), ...buttons);
    }));
  };

  // The explanation another player opened, offered: open the same one here (both see the same reasons).
  const shownOf = (x) => x ? h("div", { id: "ht-online-shown", class: "ht-online-offer ht-seat-" + x.seat },
    h("span", {}, t("online.shows", t("online.seat." + x.seat), x.attacker, x.defender)),
    h("button", { type: "button", "data-open-explain": "", onclick: () => window.holotable.command("explain", { attacker: x.attacker, defender: x.defender }) },
      t("ui.online.openIt"))) : null;

  // --- start ---------------------------------------------------------------------------------

  const start = () => {
    ui = window.holotableUI;
    const menu = document.getElementById("ht-menu-panel");
    const btn = label(h("button", { type: "button", id: "ht-play-online", onclick: () => playOnline() }), "ui.online.play");
    btn.title = t("ui.online.play.tip");
    if (menu) menu.append(h("div", { class: "ht-menu-sep" }), btn);
    const bottom = document.getElementById("ht-bottom");
    // Below the phone's sheet handle (web/ui.js, D153), above the panel.
    const grip = document.getElementById("ht-grip");
    if (bottom && grip) grip.after(presence);
    else if (bottom) bottom.prepend(presence);
    else document.body.append(presence);
    document.body.append(pointers, dialog);
    let lang = document.documentElement.lang;
    setInterval(() => {
      if (document.documentElement.lang !== lang) { lang = document.documentElement.lang; relabel(); btn.title = t("ui.online.play.tip"); }
      render();
    }, 100);
    window.holotableOnline = { ready: true, playOnline };
  };
  const waitReady = () => {
    if (window.holotableUI && window.holotableUI.ready) start();
    else if (!window.holotableLoadError) setTimeout(waitReady, 50);
  };
  waitReady();
  // A room's link opened in this tab (only the fragment changed): join it; a page in another room
  // already loads afresh.
  window.addEventListener("hashchange", () => {
    if (!location.hash.includes("room=")) return;
    if (!(window.holotable && window.holotable.joinLink && window.holotable.joinLink())) location.reload();
  });

  // The service worker keeps the loaded app (sw.js) for when the network is gone.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("holotable: no offline copy:", e));
  }
})();
