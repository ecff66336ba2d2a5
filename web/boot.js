// Start Python in this page or worker: Pyodide from ./@RUNTIME@/ and the game's files from ./spit.zip,
// both from this folder (nothing comes from any other host).
import { loadPyodide } from "./@RUNTIME@/pyodide.mjs";

export const VERSION = "@VERSION@"; // spit.zip's hash (tools/web.py): a new build is fetched anew

export async function boot(base, { stdout, stderr } = {}) {
  const started = performance.now();
  const py = await loadPyodide({
    indexURL: new URL("@RUNTIME@/", base).href,
    stdout: stdout || ((line) => console.log(line)),
    stderr: stderr || ((line) => console.warn(line)),
    checkAPIVersion: true,
  });
  const loaded = performance.now();
  const response = await fetch(new URL("spit.zip?v=" + VERSION, base));
  if (!response.ok) throw new Error("spit.zip: " + response.status + " " + response.statusText);
  py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/spit" });
  py.pyimport("sys").path.insert(0, "/spit");
  const unpacked = performance.now();
  py.pyimport("spit_boot").setup("/spit");
  const done = performance.now();
  return { py, bootMs: done - started, runtimeMs: loaded - started, unpackMs: unpacked - loaded, importMs: done - unpacked };
}
