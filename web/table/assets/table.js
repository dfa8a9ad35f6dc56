// The web table's page: it shows what the server sends (the state, then
// each change as a server-sent event) and sends back what the player
// presses or types. It decides nothing: the server checks every move.
// Texts from the server are set as text, never as HTML.
"use strict";
(function () {
  const body = document.body;
  const T = JSON.parse(body.dataset.texts || "{}");
  let session = body.dataset.session || "";
  let state = null;
  let selected = null; // the grid cell a word is placed from: {col,row}
  let dir = "";
  let steps = null; // the buttons of the choice under way, null: the hand's
  let stepTargets = null; // the board's places those buttons name
  let word = ""; // the word composed on the grid, typed or picked
  let preview = { line: "", text: "", refused: false }; // the server's word on it

  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  };
  const fmt = (s, ...args) => { let i = 0; return s.replace(/%v/g, () => String(args[i++] ?? "")); };
  const colName = (i) => String.fromCharCode(65 + i);

  function status(key) { $("status").textContent = T[key] || ""; }

  async function api(path, opts) {
    opts = opts || {};
    opts.headers = Object.assign({ "X-Tablee-Session": session }, opts.headers || {});
    return fetch(path, opts);
  }

  // ---- drawing ----

  function tile(t, label) {
    const e = el("span", "tile");
    if (t.fill) e.classList.add("fill-" + t.fill);
    if (t.empty) e.classList.add("empty");
    if (t.highlight) e.classList.add("last");
    if (t.lying) e.classList.add("lying");
    if (t.mark) e.classList.add("mark-" + t.mark);
    if (t.icon) e.classList.add("icon-" + t.icon);
    if (t.icon && !t.text) e.classList.add("icon-only");
    e.appendChild(el("span", "letter", t.text || ""));
    if (t.corner) e.appendChild(el("span", "corner", t.corner));
    for (const [edge, j] of [["top", t.top], ["bottom", t.bottom]]) {
      if (!j) continue;
      // An ink shape with the colour inside: its edge stands out on the
      // white card whatever the colour (yellow on white is 1.3:1).
      const join = el("span", "join " + edge + " shape-" + j.shape);
      join.appendChild(el("span", "join-fill fill-" + j.color));
      e.appendChild(join);
    }
    if (label) e.setAttribute("aria-label", label);
    return e;
  }

  function tileWords(t) {
    const parts = [];
    if (t.icon) parts.push(T["web.icon_" + t.icon]);
    if (t.text) parts.push(t.text);
    if (t.corner) parts.push(t.corner);
    for (const [key, j] of [["web.join_top", t.top], ["web.join_bottom", t.bottom]]) {
      if (j) parts.push(fmt(T[key], T["web.colour_" + j.color], T["web.shape_" + j.shape]));
    }
    if (!parts.length) parts.push(T["web.empty"]);
    return parts.join(" ");
  }

  function gridBlock(b, playable) {
    const g = el("div", "grid");
    g.setAttribute("role", "grid");
    g.setAttribute("aria-label", b.label || T["web.board"]);
    const width = b.rows.reduce((m, r) => Math.max(m, r.length), 0);
    g.style.setProperty("--cols", String(width + 1));
    const head = el("div", "grid-row");
    head.setAttribute("role", "row");
    head.appendChild(el("span", "coord corner-cell"));
    for (let c = 0; c < width; c++) {
      const h = el("span", "coord", colName(c));
      h.setAttribute("role", "columnheader");
      head.appendChild(h);
    }
    g.appendChild(head);
    b.rows.forEach((row, r) => {
      const re = el("div", "grid-row");
      re.setAttribute("role", "row");
      const rh = el("span", "coord", String(r + 1));
      rh.setAttribute("role", "rowheader");
      re.appendChild(rh);
      row.forEach((t, c) => {
        const name = colName(c) + (r + 1);
        const cell = tile(t);
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-label", fmt(T["web.cell"], name, t.empty && !t.text ? T["web.empty"] : tileWords(t)));
        cell.dataset.col = String(c);
        cell.dataset.row = String(r);
        cell.tabIndex = -1;
        if (selected && selected.col === c && selected.row === r) {
          cell.classList.add("selected");
          cell.setAttribute("aria-selected", "true");
        }
        if (playable) cell.addEventListener("click", () => pickCell(c, r));
        re.appendChild(cell);
      });
      g.appendChild(re);
    });
    // One cell takes the focus (a roving tabindex): the arrows move it.
    const first = g.querySelector(".selected") || g.querySelector('[role="gridcell"]');
    if (first) first.tabIndex = 0;
    g.addEventListener("keydown", (ev) => gridKey(ev, g, playable));
    return g;
  }

  function gridKey(ev, g, playable) {
    const cur = ev.target.closest('[role="gridcell"]');
    if (!cur) return;
    let c = Number(cur.dataset.col), r = Number(cur.dataset.row);
    switch (ev.key) {
      case "ArrowLeft": c--; break;
      case "ArrowRight": c++; break;
      case "ArrowUp": r--; break;
      case "ArrowDown": r++; break;
      case "Home": c = 0; break;
      case "End": c = 99; break;
      case "Enter": case " ":
        if (playable) { ev.preventDefault(); pickCell(c, r); }
        return;
      default: return;
    }
    ev.preventDefault();
    const rows = g.querySelectorAll('[role="row"]');
    r = Math.max(0, Math.min(rows.length - 2, r));
    const cells = rows[r + 1].querySelectorAll('[role="gridcell"]');
    c = Math.max(0, Math.min(cells.length - 1, c));
    const next = cells[c];
    cur.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  function scene(s, playable) {
    const box = el("div", "scene");
    let blocks = 0;
    if (s.columns > 1) box.style.setProperty("--columns", String(s.columns));
    for (const b of s.blocks || []) {
      const be = el("div", "block" + (b.wide ? " wide" : ""));
      if (b.label) be.appendChild(el("h3", "block-label", b.label));
      if (b.grid) {
        be.appendChild(gridBlock(b, playable));
      } else {
        // The blocks that hold tiles are numbered, and their tiles: the
        // places of the board a button may name (a row, a pile).
        if ((b.rows || []).length) be.dataset.block = String(blocks++);
        let n = 0;
        for (const row of b.rows || []) {
          const re = el("div", "tiles");
          re.setAttribute("role", "list");
          for (const t of row) {
            const te = tile(t, tileWords(t));
            te.setAttribute("role", "listitem");
            te.dataset.tile = String(n++);
            re.appendChild(te);
          }
          be.appendChild(re);
        }
      }
      if (b.note) be.appendChild(el("p", "note", b.note));
      for (const l of b.lines || []) {
        const p = el("p", "line" + (l.bold ? " bold" : ""));
        if (l.swatch) {
          const sw = tile(l.swatch);
          sw.classList.add("swatch");
          sw.setAttribute("aria-hidden", "true");
          p.appendChild(sw);
        }
        p.appendChild(document.createTextNode(l.text));
        be.appendChild(p);
      }
      box.appendChild(be);
    }
    return box;
  }

  function mono(lines) { return el("pre", "mono", (lines || []).join("\n")); }

  function fill(id, ...nodes) {
    const e = $(id);
    e.replaceChildren(...nodes);
    return e;
  }

  function render(st) {
    const focused = document.activeElement;
    const focusCell = focused && focused.dataset && focused.dataset.col !== undefined ?
      { col: focused.dataset.col, row: focused.dataset.row } : null;
    const focusId = focused && focused.id;
    if (state && st.moves !== state.moves) { selected = null; dir = ""; steps = null; stepTargets = null; word = ""; preview = { line: "", text: "", refused: false }; }
    state = st;
    body.dataset.moves = String(st.moves); // what the page shows, for its tests
    document.title = st.title;
    $("title").textContent = st.title;
    $("board-heading").textContent = T["web.board"];
    const playable = !!st.compose;
    fill("board", st.board ? scene(st.board, playable) : mono(st.mono));
    // The board drawn as the chat's text, folded away under a drawn one:
    // to read it aloud line by line, or copy it into a chat.
    $("board-text-area").hidden = !st.board;
    $("board-text-heading").textContent = T["web.board_text"];
    $("board-text").textContent = (st.mono || []).join("\n");
    // A scene says what the lines say (the pictures' notes): the lines
    // stand alone for a game drawn as text.
    fill("lines", ...(st.board ? [] : (st.lines || [])).map((l) => el("p", "line", l)));
    $("seats-heading").textContent = T["web.scores"];
    fill("seats", ...st.seats.map((s, i) => {
      const li = el("li", s.turn ? "turn" : "");
      li.appendChild(el("span", "name", s.name));
      li.appendChild(el("span", "score", String(s.score)));
      if (s.turn) li.appendChild(el("span", "badge", T["web.turn"] + (s.deadline_text ? " · " + s.deadline_text : "")));
      if (i === st.seat) li.classList.add("you");
      return li;
    }));
    $("events-heading").textContent = T["web.events"];
    fill("events", ...(st.events || []).map((e) => el("li", "", e)));
    const hand = st.hand;
    $("hand-area").hidden = !hand;
    $("spectator").hidden = !!hand;
    $("spectator").textContent = T["web.spectator"];
    if (hand) {
      $("hand-heading").textContent = hand.title || T["web.your_hand"];
      const parts = [];
      if (hand.scene) parts.push(scene(hand.scene, false));
      else if (hand.mono && hand.mono.length) parts.push(mono(hand.mono));
      for (const l of hand.lines || []) parts.push(el("p", "line", l));
      fill("hand", ...parts);
      drawChoices();
      drawCompose();
      $("typed-label").textContent = T["web.typed"];
      $("typed-send").textContent = T["web.send"];
      $("typed").hidden = !hand.must_act;
    }
    if (focusCell) {
      const c = document.querySelector(`[role="gridcell"][data-col="${focusCell.col}"][data-row="${focusCell.row}"]`);
      if (c) { document.querySelectorAll('[role="gridcell"]').forEach((x) => { x.tabIndex = -1; }); c.tabIndex = 0; c.focus(); }
    } else if (focusId && $(focusId)) {
      $(focusId).focus();
    }
  }

  let drawn = 0; // how many times the choices were drawn, for the page's tests

  function drawChoices() {
    const rows = steps || (state.hand && state.hand.buttons) || [];
    markTargets(rows);
    $("choices").dataset.drawn = String(++drawn);
    fill("choices", ...rows.map((row) => {
      const r = el("div", "choice-row");
      for (const b of row) {
        const btn = el("button", "choice", b.Label);
        btn.type = "button";
        // The move the button stands for (its payload after the table and
        // the counter): what the chat's button of the same move carries.
        btn.dataset.move = b.Data.split(".").slice(2).join(".");
        btn.addEventListener("click", () => press(b));
        r.appendChild(btn);
      }
      return r;
    }));
  }

  // markTargets makes the board's places the buttons name tappable: a
  // row of cards, a pile.
  function markTargets(rows) {
    const targets = (steps ? stepTargets : state.targets) || {};
    document.querySelectorAll("#board .tile.target").forEach((t) => {
      t.classList.remove("target");
      t.removeAttribute("tabindex");
      t.setAttribute("role", "listitem");
    });
    for (const row of rows) {
      for (const b of row) {
        const tg = targets[b.Data];
        if (!tg) continue;
        const block = document.querySelector(`#board [data-block="${tg.block}"]`);
        if (!block) continue;
        block.querySelectorAll(".tile").forEach((t) => {
          if (tg.tile >= 0 && Number(t.dataset.tile) !== tg.tile) return;
          t.classList.add("target");
          t.tabIndex = 0;
          t.setAttribute("role", "button");
        });
      }
    }
  }

  // tapBoard presses the button a tapped place of the board names; when
  // several do (a row's two sides), the choices narrow to them.
  function tapBoard(t) {
    if (!t || !t.classList.contains("target")) return;
    const block = Number(t.closest("[data-block]").dataset.block);
    const at = Number(t.dataset.tile);
    const targets = (steps ? stepTargets : state.targets) || {};
    const rows = steps || (state.hand && state.hand.buttons) || [];
    const named = [];
    for (const row of rows) {
      for (const b of row) {
        const tg = targets[b.Data];
        if (tg && tg.block === block && (tg.tile < 0 || tg.tile === at)) named.push(b);
      }
    }
    if (named.length === 1) { press(named[0]); return; }
    if (!named.length) return;
    stepTargets = Object.fromEntries(named.map((b) => [b.Data, targets[b.Data]]));
    steps = [named];
    drawChoices();
    const first = document.querySelector("#choices button");
    if (first) first.focus();
  }

  $("board").addEventListener("click", (ev) => tapBoard(ev.target.closest(".tile")));
  $("board").addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const t = ev.target.closest(".tile.target");
    if (!t) return;
    ev.preventDefault();
    tapBoard(t);
  });

  function press(b) {
    if (!b.Ask) { send({ payload: b.Data }); return; }
    // The button asks for a word first, as a chat's modal does.
    const form = el("form", "ask");
    const id = "ask-input";
    const label = el("label", "", b.Ask);
    label.htmlFor = id;
    const input = el("input");
    input.id = id;
    input.autocomplete = "off";
    input.maxLength = 200;
    const ok = el("button", "", T["web.send"]);
    ok.type = "submit";
    form.append(label, input, ok);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (input.value.trim()) send({ payload: b.Data, text: input.value.trim() });
    });
    fill("choices", form);
    input.focus();
  }

  function pickCell(c, r) {
    if (!state || !state.compose) return;
    selected = { col: c, row: r };
    render(state);
    const first = document.querySelector("#compose .dir");
    if (first) first.focus();
  }

  function drawCompose() {
    const box = $("compose");
    const cp = state.compose;
    if (!cp) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    if (!selected) { box.replaceChildren(el("p", "hint", T["web.pick_cell"])); return; }
    const cell = colName(selected.col) + (selected.row + 1);
    const nodes = [el("p", "place", fmt(T["web.place"], cell))];
    const dirs = el("div", "choice-row");
    const ways = [["→ ", "web.right", cp.right], ["↓ ", "web.down", cp.down]];
    if (cp.down_right) ways.push(["↘ ", "web.down_right", cp.down_right], ["↗ ", "web.up_right", cp.up_right]);
    for (const [arrow, key, way] of ways) {
      const b = el("button", "dir", arrow + T[key]);
      b.type = "button";
      b.setAttribute("aria-pressed", dir === way ? "true" : "false");
      b.addEventListener("click", () => {
        dir = way;
        drawCompose();
        askPreview();
        $("compose-word").focus();
      });
      dirs.appendChild(b);
    }
    nodes.push(dirs);
    const form = el("form", "ask");
    const label = el("label", "", T["web.word"]);
    label.htmlFor = "compose-word";
    const input = el("input");
    input.id = "compose-word";
    input.autocomplete = "off";
    input.autocapitalize = "off";
    input.spellcheck = false;
    input.maxLength = 40;
    input.value = word;
    input.addEventListener("input", () => { word = input.value; markLetters(); askPreview(); });
    const ok = el("button", "", T["web.send"]);
    ok.type = "submit";
    ok.id = "compose-send";
    const cancel = el("button", "", T["web.cancel"]);
    cancel.type = "button";
    cancel.addEventListener("click", () => { selected = null; dir = ""; word = ""; render(state); });
    form.append(label, input, ok, cancel);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      word = input.value;
      const line = composeLine();
      if (line) send({ typed: line });
    });
    nodes.push(form);
    const letters = handLetters();
    if (letters.length) {
      // The hand's letters (La Coquillaude's pions), each tapped once
      // into the word; the board's letters it crosses are typed.
      const row = el("div", "letters");
      row.id = "compose-letters";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", T["web.letters"]);
      for (const l of letters) {
        const b = el("button", "letter-pick", l);
        b.type = "button";
        b.dataset.letter = l;
        b.setAttribute("aria-label", fmt(T["web.letter"], l));
        b.addEventListener("click", () => { word += l; input.value = word; markLetters(); askPreview(); });
        row.appendChild(b);
      }
      const erase = el("button", "letter-erase", "⌫");
      erase.type = "button";
      erase.setAttribute("aria-label", T["web.erase"]);
      erase.addEventListener("click", () => { word = word.slice(0, -1); input.value = word; markLetters(); askPreview(); });
      row.appendChild(erase);
      nodes.push(row);
    }
    // The word and what it would score, as the server says it.
    const score = el("p", "score" + (preview.refused ? " score-refused" : ""), preview.line === composeLine() ? preview.text : "");
    score.id = "compose-score";
    score.setAttribute("role", "status");
    nodes.push(score);
    box.replaceChildren(...nodes);
    markLetters();
  }

  // composeLine is the chat's line for the word composed, "" until the
  // cell, the direction and a word are chosen.
  function composeLine() {
    const cp = state && state.compose;
    const w = word.trim();
    if (!cp || !selected || !dir || !w) return "";
    const cell = colName(selected.col) + (selected.row + 1);
    return cp.template.replace("{cell}", cell.toLowerCase()).replace("{dir}", dir).replace("{word}", w);
  }

  // handLetters are the letters of the player's hand drawn as tiles: one
  // letter each.
  function handLetters() {
    const out = [];
    const sc = state && state.hand && state.hand.scene;
    for (const b of (sc && sc.blocks) || []) {
      if (b.grid) continue;
      for (const row of b.rows || []) {
        for (const t of row) {
          if (t.text && /^\p{L}$/u.test(t.text)) out.push(t.text.toUpperCase());
        }
      }
    }
    return out;
  }

  // markLetters greys the hand's letters the word already uses.
  function markLetters() {
    const left = {};
    for (const ch of word.toUpperCase()) left[ch] = (left[ch] || 0) + 1;
    document.querySelectorAll("#compose-letters .letter-pick").forEach((b) => {
      const l = b.dataset.letter;
      b.disabled = left[l] > 0;
      if (left[l] > 0) left[l]--;
    });
  }

  let previewTimer = 0;
  let previewAsked = 0;

  // askPreview asks the server what the word would score, after a pause
  // in the typing: the rules are the server's.
  function askPreview() {
    clearTimeout(previewTimer);
    const line = composeLine();
    const show = (text, refused) => {
      preview = { line, text, refused };
      const out = $("compose-score");
      if (!out) return;
      out.textContent = text;
      out.classList.toggle("score-refused", refused);
      out.dataset.line = line; // what it speaks of, for the page's tests
    };
    if (!line) { show("", false); return; }
    const asked = ++previewAsked;
    previewTimer = setTimeout(async () => {
      let res;
      try {
        res = await api("/api/preview", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ typed: line }) });
      } catch (e) { return; }
      const data = await res.json().catch(() => ({}));
      if (asked !== previewAsked) return; // the word changed meanwhile
      if (!res.ok) { show(data.error || "", true); return; }
      if (data.refusal) show(data.refusal, true);
      else show(data.known ? fmt(T["web.preview"], word.trim().toUpperCase(), data.points) : "", false);
    }, 150);
  }

  async function send(move) {
    $("reply").textContent = "";
    let res;
    try {
      res = await api("/api/move", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(move) });
    } catch (e) {
      status("web.offline");
      return;
    }
    const data = await res.json().catch(() => ({}));
    if (!res.ok) { $("reply").textContent = data.error || ""; return; }
    for (const r of data.replies || []) {
      if (r.buttons && r.buttons.length) {
        steps = r.buttons; // the next step of the choice
        stepTargets = r.targets || null;
        drawChoices();
        const b = document.querySelector("#choices button");
        if (b) b.focus();
      } else if (r.refusal) {
        $("reply").textContent = r.text || "";
      } else {
        steps = null;
        stepTargets = null;
      }
    }
  }

  $("typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const line = $("typed-line").value.trim();
    if (!line) return;
    send({ typed: line.startsWith("/") ? line : "/" + line });
    $("typed-line").value = "";
  });

  // ---- live ----

  async function stream() {
    for (;;) {
      try {
        const res = await api("/api/events");
        if (res.status === 401 || res.status === 404) {
          // The session is over, or the table gone: said, not retried.
          const data = await res.json().catch(() => ({}));
          $("status").textContent = data.error || T["web.session_gone"];
          return;
        }
        if (!res.ok || !res.body) throw new Error(String(res.status));
        status("web.live");
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let end;
          while ((end = buf.indexOf("\n\n")) >= 0) {
            const ev = buf.slice(0, end);
            buf = buf.slice(end + 2);
            const data = ev.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
            if (data) render(JSON.parse(data));
          }
        }
      } catch (e) { /* reconnect below */ }
      status("web.offline");
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  async function openMiniApp() {
    // Telegram passes the init data in the address's fragment
    // (tgWebAppData): read here, so that no script of Telegram's is loaded.
    const hash = new URLSearchParams(location.hash.slice(1));
    const initData = hash.get("tgWebAppData") || "";
    const link = new URLSearchParams(location.search).get("link") || "";
    const res = await fetch("/api/open", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ init_data: initData, link: link || undefined }) });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      $("reply").textContent = "";
      const p = el("p", "refused-why", data.error || "");
      p.id = "why";
      document.querySelector("main").replaceChildren(p);
      return false;
    }
    session = data.session;
    return true;
  }

  (async function start() {
    if (!session && body.dataset.miniapp && !(await openMiniApp())) return;
    stream();
  })();
})();
