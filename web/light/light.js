// The light embeds' script (docs/embedding.md, "Light embeds"), inlined by Python into each
// light replay and puzzle: every step and every move was drawn ahead, so this only shows the
// step asked for, checks a move against the puzzle's seal (pyscript_app/blog/seal.py) and, for
// a puzzle the computer judges, opens the full game then. It fetches nothing, stores nothing,
// needs no interpreter. The first copy on a page starts every figure; later copies start theirs.
(() => {
"use strict";
const NAME = "jaipurLight1";
if (window[NAME]) return window[NAME]();
const start = () => {
  for (const f of document.querySelectorAll("figure[data-light]:not([data-light-on])")) {
    f.setAttribute("data-light-on", "");
    if (f.dataset.light === "replay") replay(f);
    if (f.dataset.light === "puzzle") puzzle(f);
  }
};
window[NAME] = start;

// --- SHA-256 and HMAC (crypto.subtle exists only in secure contexts) ---
const K = [], H = [];
for (let n = 2; K.length < 64; n++) {
  let prime = true;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
  if (!prime) continue;
  if (H.length < 8) H.push((n ** (1 / 2) % 1) * 2 ** 32 | 0);
  K.push((n ** (1 / 3) % 1) * 2 ** 32 | 0);
}
const rot = (x, n) => x >>> n | x << (32 - n);
const sha256 = (bytes) => {
  const size = ((bytes.length + 72) >> 6) << 6, m = new Uint8Array(size);
  m.set(bytes); m[bytes.length] = 128;
  const v = new DataView(m.buffer), w = new Int32Array(64), h = H.slice();
  v.setUint32(size - 4, bytes.length * 8);
  for (let o = 0; o < size; o += 64) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) { w[i] = v.getInt32(o + 4 * i); continue; }
      const a = w[i - 15], b = w[i - 2];
      w[i] = w[i - 16] + (rot(a, 7) ^ rot(a, 18) ^ a >>> 3) + w[i - 7] + (rot(b, 17) ^ rot(b, 19) ^ b >>> 10) | 0;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t = k + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + (e & f ^ ~e & g) + K[i] + w[i] | 0;
      const u = (rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + (a & b ^ a & c ^ b & c) | 0;
      k = g; g = f; f = e; e = d + t | 0; d = c; c = b; b = a; a = t + u | 0;
    }
    [a, b, c, d, e, f, g, k].forEach((x, i) => { h[i] = h[i] + x | 0; });
  }
  const out = new DataView(new ArrayBuffer(32));
  h.forEach((x, i) => out.setInt32(4 * i, x));
  return new Uint8Array(out.buffer);
};
const join = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};
const utf8 = (text) => new TextEncoder().encode(text);
const VERSION = utf8("jaipur-seal/1 ");
const mac = (key, ...parts) => {
  const k = new Uint8Array(64);
  k.set(key.length > 64 ? sha256(key) : key);
  const pad = (x) => k.map((c) => c ^ x);
  return sha256(join(pad(0x5c), sha256(join(pad(0x36), VERSION, ...parts))));
};
const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const xor = (a, b) => a.map((x, i) => x ^ b[i]);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// Opens the seal of figure f's data- attributes with a move: the payload, or null.
const unseal = (f, move) => {
  const key = mac(bytes(f.dataset.salt), utf8("answer "), utf8(move)), check = bytes(f.dataset.check);
  for (const wrap of f.dataset.wraps.split(" ")) {
    const content = xor(bytes(wrap), key);
    if (!same(mac(content, utf8("check")).slice(0, 16), check)) continue;
    const box = bytes(f.dataset.box), stream = [];
    for (let i = 0; stream.length * 32 < box.length; i++) {
      stream.push(mac(content, utf8("stream "), new Uint8Array([i >>> 24, i >>> 16 & 255, i >>> 8 & 255, i & 255])));
    }
    return JSON.parse(new TextDecoder().decode(xor(box, join(...stream))));
  }
  return null;
};

// Keys reach a figure only while the focus is in it; ← and → follow the reading direction.
const keyed = (f, act) => f.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, textarea, select, summary")) return;
  if (act(e.key, f.dir === "rtl") !== false) e.preventDefault();
});

// --- the replay: each step shows the parts of the drawing its list names ---
function replay(f) {
  const $ = (s) => f.querySelector(s), items = [...f.querySelectorAll(".jl-log li")];
  // Each drawing: its elements, numbered (data-shown's, then data-rest's), and each step's
  // numbers, rebuilt from what each step adds to and takes from the one before.
  const svgs = [...f.querySelectorAll("svg[data-steps]")].map((svg) => {
    const shown = svg.querySelector("[data-shown]"), now = new Set();
    const all = [...shown.children, ...svg.querySelector("[data-rest]").children];
    const steps = svg.dataset.steps.split(";").map((changes) => {
      for (const c of changes.split(" ")) if (c) c[0] === "-" ? now.delete(parseInt(c.slice(1), 36)) : now.add(parseInt(c, 36));
      return [...now].sort((a, b) => a - b).map((i) => all[i]);
    });
    return { shown, steps };
  });
  const bar = $(".jl-bar"), go = (name) => bar.querySelector(`[data-go=${name}]`), on = $("[data-testid=light-play-on]");
  const text = (item, s) => (item.querySelector(s) || {}).textContent || "";
  let at = +f.dataset.step, timer = 0;
  const show = (to) => {
    to = Math.max(0, Math.min(items.length - 1, to));
    for (const s of svgs) s.shown.replaceChildren(...s.steps[to]);
    at = to;
    const item = items[at];
    items.forEach((x, i) => { x.hidden = i > at; if (i === at) x.setAttribute("aria-current", "step"); else x.removeAttribute("aria-current"); });
    Object.assign(f.dataset, { step: at, round: item.dataset.round, at: item.dataset.at });
    $(".jl-where").textContent = item.dataset.where;
    $(".jl-said").textContent = text(item, ".jl-m");
    for (const [s, from] of [[".jl-result", ".jl-r"], [".jl-note", ".jl-t"]]) {
      $(s).textContent = text(item, from);
      $(s).hidden = !$(s).textContent;
    }
    if (on) on.href = `${on.dataset.base}&round=${item.dataset.round}&at=${item.dataset.at}`;
    go("first").disabled = go("prev").disabled = at === 0;
    go("next").disabled = go("last").disabled = at === items.length - 1;
  };
  const stop = () => {
    clearInterval(timer); timer = 0;
    go("play").textContent = bar.dataset.play; go("play").setAttribute("aria-pressed", "false");
  };
  const play = () => {
    if (timer) return stop();
    if (at === items.length - 1) show(0);
    go("play").textContent = bar.dataset.pause; go("play").setAttribute("aria-pressed", "true");
    timer = setInterval(() => { show(at + 1); if (at === items.length - 1) stop(); }, 1500);
  };
  const step = { first: () => show(0), prev: () => show(at - 1), next: () => show(at + 1), last: () => show(items.length - 1) };
  bar.addEventListener("click", (e) => {
    const b = e.target.closest("[data-go]");
    if (!b) return;
    if (b.dataset.go === "play") play(); else { stop(); step[b.dataset.go](); }
  });
  keyed(f, (key, rtl) => {
    const move = { Home: "first", End: "last", ArrowLeft: rtl ? "next" : "prev", ArrowRight: rtl ? "prev" : "next" }[key];
    if (!move) return false;
    stop(); step[move]();
  });
  $(".jl-log").open = false;
  bar.hidden = false;
  show(at);
}

// --- the puzzle: a move opens the seal, or (no fixed answers) the full game's judge ---
function puzzle(f) {
  const $ = (s) => f.querySelector(s), choices = [...f.querySelectorAll("[data-action]")];
  const verdict = $(".jl-verdict"), retry = $(".jl-retry");
  const answer = (b) => {
    choices.forEach((c) => c.setAttribute("aria-pressed", String(c === b)));
    if (f.dataset.judge) return judge(b);
    const opened = unseal(f, b.dataset.action);
    verdict.hidden = false;
    verdict.dataset.verdict = opened ? "right" : "wrong";
    verdict.textContent = opened ? verdict.dataset.right : verdict.dataset.wrong;
    retry.hidden = Boolean(opened);
    if (!opened) return;
    choices.forEach((c) => { c.disabled = true; });
    $("[data-testid=light-explanation]").textContent = opened.e;
    $(".jl-answers").replaceChildren(...opened.a.map((a) => Object.assign(document.createElement("li"), { textContent: a })));
    $(".jl-solved").hidden = false;
  };
  const judge = (b) => {
    const [page, hash] = f.dataset.judge.split("#");
    const frame = Object.assign(document.createElement("iframe"), {
      src: `${page}&move=${encodeURIComponent(b.dataset.action)}#${hash}`, title: f.dataset.frameTitle,
    });
    const said = Object.assign(document.createElement("p"), { textContent: f.dataset.prompt });
    $(".jl-choices").replaceWith(said, frame);
  };
  $(".jl-choices").addEventListener("click", (e) => { const b = e.target.closest("[data-action]"); if (b) answer(b); });
  retry.addEventListener("click", () => { retry.hidden = verdict.hidden = true; choices[0].focus(); });
  keyed(f, (key, rtl) => {
    const now = choices.indexOf(document.activeElement);
    const by = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[key];
    if (now < 0 || !by) return false;
    choices[(now + by + choices.length) % choices.length].focus();
  });
  choices.forEach((c) => { c.disabled = false; });
}

start();
})();
