// The bot lab's worker: Python (web/spit_lab.py) plays the tournament or the league here, so the page stays
// responsive.
// The page ends this worker to stop a run, or when a game outlasts its time limit (a bot that never returns).
import { boot } from "./boot.js";

const lines = []; // the last lines a bot printed (a bot that prints every move does not fill the memory)
const keep = (line) => {
  lines.push(line);
  if (lines.length > 200) lines.splice(0, 100);
};
const booting = boot(new URL("./", self.location.href).href, { stdout: keep, stderr: keep }).then((booted) => {
  postMessage({ type: "ready", bootMs: booted.bootMs });
  return booted.py.pyimport("spit_lab");
}, (e) => {
  postMessage({ type: "error", message: "Python would not start: " + e.message });
  throw e;
});

self.onmessage = async (e) => {
  const lab = await booting;
  const { kind, code, files, game, bots, games, seed } = e.data;
  lines.length = 0;
  try {
    const started = performance.now();
    const progress = (done, total) => postMessage({ type: "progress", done, total });
    const begun = () => postMessage({ type: "started" });
    const out = JSON.parse(kind === "league"
      ? lab.league(files, game, bots, games, seed, progress, begun)
      : lab.run(code, game, bots, games, seed, progress, begun));
    out.kind = kind || "tournament";
    out.printed = lines.slice(-20).join("\n");
    out.wallMs = performance.now() - started;
    postMessage({ type: "done", ...out });
  } catch (err) {
    const last = String(err.message || err).split("\n").filter(Boolean).pop();
    postMessage({ type: "error", message: "the lab failed: " + last });
  }
};
