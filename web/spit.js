// The game's page: the canvas, lights, keys, buttons, sound and storage for desktop/browser.py, and the
// frame loop of web/spit_page.py. Query keys (the contract for tests and embedding): spit_page.py's docstring.
import { boot } from "./boot.js";

const KEYS = { // KeyboardEvent.code (a key's place) -> key_number: desktop/window.py's keys
  KeyW: 0, KeyS: 1, KeyA: 2, KeyD: 3,
  ArrowUp: 4, ArrowDown: 5, ArrowLeft: 6, ArrowRight: 7,
  KeyI: 8, KeyK: 9, KeyJ: 10, KeyL: 11,
  Numpad8: 12, Numpad5: 13, Numpad4: 14, Numpad6: 15,
  Escape: 16, // hal.PAUSE: pause the game, resume it
};
const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx = canvas.getContext("2d", { alpha: false });
const message = $("message");
const region = $("said"); // the one live region: the page's messages and the game's news (spit_page.py's Voice)
const bench = (window.spitBench = { frames: [], firstFrameMs: null, bootMs: null, readyMs: null, tones: 0 });

function say(text, error) {
  message.textContent = text;
  message.dataset.error = error ? "1" : "";
  if (text) announce(text);
}

// A screen reader says the region's words only when they change: the same words again get a no-break space
function announce(text) {
  region.textContent = text === region.textContent ? text + "\u00a0" : text;
}

// ---- sound: one square wave at a time, like the handheld's speaker ----
let audio = null;
let voice = null;
function wakeAudio() {
  if (!audio && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}
function tone(hz, ms) {
  if (!$("sound").checked || !audio || audio.state !== "running") return;
  if (voice) { try { voice.stop(); } catch (e) { /* ended */ } }
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "square";
  osc.frequency.value = hz;
  gain.gain.value = 0.08;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + ms / 1000);
  voice = osc;
  bench.tones += 1;
}

// ---- what desktop/browser.py asks of the page ----
const lightDots = [...document.querySelectorAll("#lights i")];
const side = {
  draw(rgb, width, x1, y1, x2, y2) {
    const buffer = rgb.getBuffer("u8");
    try {
      const src = buffer.data;
      const w = x2 - x1, h = y2 - y1;
      const image = ctx.createImageData(w, h);
      const out = image.data;
      let o = 0;
      for (let y = y1; y < y2; y++) {
        let i = 3 * (y * width + x1);
        for (let x = 0; x < w; x++, i += 3, o += 4) {
          out[o] = src[i]; out[o + 1] = src[i + 1]; out[o + 2] = src[i + 2]; out[o + 3] = 255;
        }
      }
      ctx.putImageData(image, x1, y1);
    } finally {
      buffer.release();
    }
    if (bench.firstFrameMs === null) bench.firstFrameMs = performance.now();
  },
  lights(shown) {
    const rgb = shown.toJs();
    lightDots.forEach((dot, i) => {
      // an LED at a low duty looks brighter than the same value on a screen (desktop/window.py)
      const c = [0, 1, 2].map((k) => Math.round(255 * Math.sqrt(rgb[3 * i + k] / 255)));
      dot.style.background = `rgb(${c[0]},${c[1]},${c[2]})`;
    });
  },
  tone,
  load(key) {
    return window.localStorage.getItem(key) ?? undefined; // undefined: None; throws when the storage is forbidden
  },
  store(key, text) {
    try {
      window.localStorage.setItem(key, text);
      return true;
    } catch (e) {
      return false; // full, or not allowed
    }
  },
  channel(deliver) {
    const keep = deliver.copy(); // called long after this call returns
    const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    const bc = new BroadcastChannel("spit-link");
    bc.onmessage = (e) => {
      const m = e.data;
      if (m && typeof m.from === "string" && m.data instanceof Uint8Array) keep(m.from, m.to ?? undefined, m.data); // undefined is None (null would be jsnull)
    };
    return {
      id,
      post(to, data) { bc.postMessage({ from: id, to: to ?? null, data: data.toJs() }); },
      close() { bc.close(); keep.destroy(); },
    };
  },
  finished() { $("download").disabled = false; showStats(); },
  announce,
};

// ---- the screen's size: a whole-number zoom that fits the window ----
function fit(width, height) {
  canvas.width = width;
  canvas.height = height;
  const room = Math.min((window.innerWidth - 420) / width, (window.innerHeight - 230) / height);
  const zoom = Math.max(1, Math.min(6, Math.floor(room)));
  canvas.style.width = width * zoom + "px";
  canvas.style.height = height * zoom + "px";
  canvas.dataset.zoom = zoom;
}

let page = null;
let py = null;

function showStats() {
  if (!page) return;
  const rows = JSON.parse(page.stats());
  const body = $("stats-rows");
  body.textContent = "";
  for (const [game, mode, level, played, won, best] of rows) {
    const tr = document.createElement("tr");
    for (const cell of [game, mode, level || "-", played, won, best === null ? "-" : (best / 1000).toFixed(1) + " s"]) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

function loop(mine) {
  if (mine !== generation) return; // another game was opened
  let wait;
  const t0 = performance.now();
  try {
    wait = page.tick();
  } catch (e) {
    say("spit: the game stopped: " + String(e).split("\n").filter(Boolean).pop(), true);
    console.error(e);
    return;
  }
  if (page.ran) {
    bench.frames.push(performance.now() - t0);
    if (bench.frames.length > 20000) bench.frames.splice(0, 10000);
  }
  setTimeout(loop, wait, mine);
}

function downloadReplay() {
  if (!page) return;
  const got = page.replay_text();
  if (!got) return;
  const [name, text] = got.toJs();
  got.destroy();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function listen() {
  const held = new Set();
  const live = () => page !== null;
  window.addEventListener("keydown", (e) => {
    wakeAudio();
    const k = KEYS[e.code];
    if (k === undefined || e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "SELECT") return;
    e.preventDefault();
    if (!e.repeat) live() && page.key(k, true);
  });
  window.addEventListener("keyup", (e) => {
    const k = KEYS[e.code];
    if (k !== undefined) { e.preventDefault(); live() && page.key(k, false); }
  });
  window.addEventListener("blur", () => live() && page.release_all());
  document.addEventListener("visibilitychange", () => { if (document.hidden) live() && page.release_all(); });
  for (const b of document.querySelectorAll(".cluster button")) {
    const k = Number(b.dataset.key);
    const down = () => {
      wakeAudio();
      if (held.has(b)) return;
      held.add(b);
      b.classList.add("held");
      live() && page.key(k, true);
    };
    const up = () => { if (held.delete(b)) { b.classList.remove("held"); live() && page.key(k, false); } };
    b.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      b.setPointerCapture(e.pointerId);
      down();
    });
    for (const name of ["pointerup", "pointercancel", "lostpointercapture", "blur"]) b.addEventListener(name, up);
    b.addEventListener("contextmenu", (e) => e.preventDefault());
    // by keyboard alone: Tab to the button, Enter or Space holds it down as a finger does
    const pressKey = (e) => e.key === "Enter" || e.key === " ";
    b.addEventListener("keydown", (e) => { if (pressKey(e)) { e.preventDefault(); down(); } });
    b.addEventListener("keyup", (e) => { if (pressKey(e)) { e.preventDefault(); up(); } });
  }
  $("download").addEventListener("click", downloadReplay);
  $("open").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file || !live()) return;
    if (!page.hal.real_clock) await open("?size=" + page.width + "x" + page.height); // after a test's fast replay
    const problem = page.open_replay(await file.text(), file.name);
    say(problem ? "spit: " + problem : "watching " + file.name + " (any key at its end: the menu)", !!problem);
    e.target.value = "";
    canvas.focus();
  });
  $("size").addEventListener("change", (e) => {
    const q = new URLSearchParams(location.search);
    q.set("size", e.target.value);
    location.search = q.toString();
  });
}

// ?replay= and ?script= name a file of this site only: a path (files/x.json, /files/x.json), never an address with
// a scheme (http:, data:, ...) or a host (//host/...), and the fetch is same-origin (no redirect elsewhere either).
// What it reads is capped: a replay is 44-58 bytes an event as the game saves it (a whole Spit game, 507 events,
// is 22 KB), so 256 KB (some 5,000 events) is room to spare, and a file past it is one line, not a frozen page.
const MOST_FILE_BYTES = 256 * 1024;
async function fetchFile(path) {
  let url = null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(path) && !/^[\\/][\\/]/.test(path) && !path.includes("\\")) {
    try { url = new URL(path, location.href); } catch (e) { url = null; }
  }
  if (url === null || url.origin !== location.origin) {
    return { problem: "only a file of this site is opened (a path such as files/game.json)" };
  }
  let response;
  try {
    response = await fetch(url, { mode: "same-origin", credentials: "same-origin" });
  } catch (e) {
    return { problem: "cannot be fetched (" + e.message + ")" };
  }
  if (!response.ok) return { problem: "cannot be fetched (" + (response.status || "") + " " + response.statusText + ")" };
  const tooBig = { problem: "larger than " + MOST_FILE_BYTES / 1024 + " KB: not a replay or script of this game" };
  if (Number(response.headers.get("Content-Length") || 0) > MOST_FILE_BYTES) {
    response.body && response.body.cancel();
    return tooBig;
  }
  const reader = response.body.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MOST_FILE_BYTES) {
      reader.cancel();
      return tooBig;
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return { text: new TextDecoder().decode(all) };
}

// Open the page's game for a query string (the contract's keys); the page's own at start. window.spitOpen does
// the same without starting Python again (tests run several replays and scripts in one page).
let generation = 0;
async function open(search) {
  const query = new URLSearchParams(search);
  generation += 1;
  document.body.dataset.done = "";
  $("state").textContent = "";
  $("download").disabled = true;
  if (page) {
    page.close(); // its link and its display go before the next ones are made
    page.destroy();
    page = null;
  }
  const asked = {};
  for (const [k, v] of query) (asked[k] = asked[k] || []).push(v);
  let text = null;
  const file = query.get("replay") || query.get("script");
  if (file !== null) {
    const got = await fetchFile(file);
    if (got.problem) {
      say("spit: " + file + ": " + got.problem, true);
      document.body.dataset.done = "error";
      return;
    }
    text = got.text;
  }
  say("");
  try {
    page = py.pyimport("spit_page").start(side, JSON.stringify(asked), text); // a failed start released its display
  } catch (e) {
    say("spit: the page would not open: " + String(e.message || e).split("\n").filter(Boolean).pop(), true);
    document.body.dataset.done = "error";
    return;
  }
  window.spitPage = page;
  if (page.error) say("spit: " + page.error, true);
  $("size").value = page.width + "x" + page.height;
  fit(page.width, page.height);
  page.hal.redraw();
  page.hal.present();
  if (bench.readyMs === null) bench.readyMs = performance.now();
  showStats();
  if (file !== null) $("state").textContent = page.state_json();
  document.body.dataset.done = page.error ? "error" : "1";
  if (file === null) loop(generation);
}

async function main() {
  const query = new URLSearchParams(location.search);
  const size = query.get("size") || "160x128";
  const [w, h] = (/^(\d+)x(\d+)$/.exec(size) || [0, 160, 128]).slice(1).map(Number);
  fit(w, h);
  window.addEventListener("resize", () => fit(canvas.width, canvas.height));
  const shown = (line) => {
    if (line.trim() && !/no settings file yet/.test(line)) say(line, /^spit: /.test(line) && !/replay saved/.test(line));
  };
  let booted;
  try {
    booted = await boot(location.href, { stdout: shown, stderr: shown });
  } catch (e) {
    say("spit: Python would not start: " + e.message, true);
    throw e;
  }
  py = booted.py;
  Object.assign(bench, booted, { py: undefined });
  listen();
  window.spitOpen = open;
  window.spitPython = py; // the page's Python, for tools/bench/bench_web.py and a curious reader
  await open(location.search);
}

main().catch((e) => {
  say("spit: the page stopped: " + String(e.message || e).split("\n").filter(Boolean).pop(), true);
  document.body.dataset.done = "error";
  throw e;
});
