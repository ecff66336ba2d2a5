// The bot lab's page: the editor, the run's settings, its progress and its table. Python runs in a worker
// (web/lab-worker.js); Stop ends that worker, and so does a game that outlasts the time limit.
const $ = (id) => document.getElementById(id);
const result = $("result");
const status = $("status");
const page = $("league-page");
let worker = null;
let running = false;
let stage = "";
let watchdog = null;
let limitMs = 10000;
let kind = "tournament"; // what runs: the tournament of the editor's bot, or a league
const bench = (window.labBench = {});

function show(text, error) {
  result.textContent = text;
  result.className = error ? "error" : "";
  result.dataset.state = error ? "error" : "done";
}

function stopWatch() {
  if (watchdog !== null) clearTimeout(watchdog);
  watchdog = null;
}

function watch() {
  // Pyodide has no alarm signal (tools/tournament.py's time limit), so the page keeps the time instead
  stopWatch();
  watchdog = setTimeout(() => {
    const who = kind === "league" ? "a bot" : "mybot";
    const what = stage === "loading"
      ? (kind === "league" ? "a bot file" : "mybot.py") + ": still loading after " + limitMs / 1000 + " s (an endless loop?)"
      : "a game took more than " + limitMs / 1000 + " s: " + who + "'s decide did not return (an endless loop?)";
    finish();
    show(kind + ": " + what + "; the lab stopped it", true);
    restart();
  }, limitMs);
}

function enable(on) {
  $("run").disabled = !on;
  $("league").disabled = !on;
}

function finish() {
  running = false;
  stopWatch();
  $("stop").disabled = true;
}

function restart() {
  if (worker) worker.terminate();
  enable(false);
  status.textContent = "Starting Python...";
  worker = new Worker("lab-worker.js?v=@VERSION@", { type: "module" });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === "ready") {
      bench.bootMs = m.bootMs;
      enable(true);
      status.textContent = "Ready";
      document.body.dataset.ready = "1";
    } else if (m.type === "started") {
      stage = "playing";
      watch();
    } else if (m.type === "progress") {
      $("progress").max = m.total;
      $("progress").value = m.done;
      status.textContent = m.done + " of " + m.total + " games";
      watch();
    } else if (m.type === "done") {
      finish();
      $("printed").textContent = m.printed ? "What the bot printed (its last lines):\n" + m.printed : "";
      if (m.error) {
        show(m.error, true);
        status.textContent = "Failed";
      } else {
        bench.games = m.games;
        bench.seconds = m.seconds;
        bench.gamesPerSecond = m.games / m.seconds;
        show(m.kind === "league" ? [m.table, ...m.faults].join("\n") : m.table, false);
        if (m.kind === "league") {
          page.srcdoc = m.page;
          page.hidden = false;
        }
        status.textContent = m.games + " games in " + m.seconds.toFixed(1) + " s";
      }
      enable(true);
    } else if (m.type === "error") {
      finish();
      show("tournament: " + m.message, true);
      enable(true);
    }
  };
  worker.onerror = (e) => {
    finish();
    show("tournament: the lab's worker failed: " + (e.message || "no reason given"), true);
  };
}

function levels() {
  return [...document.querySelectorAll("#levels input:checked")].map((b) => b.value);
}

function begin(message) {
  kind = message.kind;
  limitMs = 1000 * Math.max(1, Math.min(600, Number($("limit").value) || 10));
  running = true;
  stage = "loading";
  enable(false);
  $("stop").disabled = false;
  $("progress").value = 0;
  result.textContent = "";
  $("printed").textContent = "";
  page.hidden = true;
  result.dataset.state = "running";
  status.textContent = "Running...";
  watch();
  worker.postMessage({
    ...message, game: $("game").value, games: Number($("games").value) || 1, seed: Number($("seed").value) || 0,
  });
}

$("run").addEventListener("click", () => {
  const bots = levels();
  if (!bots.length) {
    show("tournament: choose at least one level to play against", true);
    return;
  }
  begin({ kind: "tournament", code: $("code").value, bots: bots.join(",") });
});

$("league").addEventListener("click", async () => {
  const files = await Promise.all([...$("files").files].map(async (f) => ({ name: f.name, code: await f.text() })));
  if ($("with-editor").checked) files.push({ name: "mybot.py", code: $("code").value });
  begin({ kind: "league", files: JSON.stringify(files), bots: levels().join(",") });
});

$("stop").addEventListener("click", () => {
  if (!running) return;
  finish();
  show("tournament: stopped", true);
  restart();
});

$("download").addEventListener("click", () => {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([$("code").value], { type: "text/x-python" }));
  a.download = "mybot.py";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
});

$("code").addEventListener("keydown", (e) => {
  if (e.key === "Tab") { // four spaces, as Python wants, instead of leaving the editor
    e.preventDefault();
    const t = e.target;
    const at = t.selectionStart;
    t.setRangeText("    ", at, t.selectionEnd, "end");
  }
});

restart();
