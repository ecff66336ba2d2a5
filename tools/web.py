"""Build the browser edition into a folder of static files, or serve it (docs: the README's "In a browser").

    python3 tools/web.py [--out build/web]          build
    python3 tools/web.py --serve [--port 8000]      build, then serve it on 127.0.0.1 and print the address
    python3 tools/web.py --screenshot OUT.png       build, then the page in headless Chromium as a PNG (the README's)

The folder holds everything the page loads, so any static host can serve it:
``index.html`` (the game), ``lab.html`` (the bot lab), their scripts, the
runtime in ``pyodide-VERSION/`` (Pyodide, from the npm package pinned in
web/package.json and web/package-lock.json, installed once by ``npm ci``
into .cache/web/), and
``spit.zip``: the project's Python (engine/, ui/, hal/, desktop/, the tournament and
replay tools, web/*.py) and the pure-Python libraries the desktop runs
(found by playing every game headless here and listing what was imported).
Nothing is fetched from any other host when the page runs. A problem (no npm,
no network for the first install, an unwritable folder) is one line and exit
status 2.
"""

import hashlib
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import zipfile

import _path  # puts the repository root on sys.path
from desktop.cli import Parser  # argparse with one-line errors

ROOT = _path.ROOT
WEB = os.path.join(ROOT, "web")
CACHE = os.path.join(ROOT, ".cache", "web")
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PAGES = (".html", ".js", ".css")  # web/'s files of these kinds are the site's pages, scripts and style
PROJECT = ("engine", "ui", "hal", "desktop")  # every .py of these goes into the zip
TOOLS = ("tools/_path.py", "tools/tournament.py", "tools/league.py", "tools/replay.py")
SKIP_LIBS = ("_distutils_hack", "pygame")  # imported by the desktop's set-up, not by the game
DATA = (".bdf", ".pcf", ".json")  # a library's data files that go with it (displayio's font), not its binaries
STAMP = (1980, 1, 1, 0, 0, 0)  # every zip entry's time: the same sources make the same zip


class BuildError(Exception):
    """The build cannot go on; the message is one line."""


def runtime_dir():
    """The pinned npm package's folder, installed once per lock file by ``npm ci`` (BuildError when it cannot be)."""
    with open(os.path.join(WEB, "package-lock.json"), "rb") as f:
        lock = f.read()
    where = os.path.join(CACHE, "npm-" + hashlib.sha256(lock).hexdigest()[:16])
    package = os.path.join(where, "node_modules", "pyodide")
    if all(os.path.isfile(os.path.join(package, name)) for name in RUNTIME):
        return package
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed (Debian: apt-get install npm); it installs the pinned Pyodide once")
    os.makedirs(where, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(os.path.join(WEB, name), os.path.join(where, name))
    done = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                          cwd=where, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0 or not all(os.path.isfile(os.path.join(package, n)) for n in RUNTIME):
        last = (done.stdout.strip().splitlines() or ["no output"])[-1]
        raise BuildError("npm ci in %s failed: %s" % (where, last))
    return package


TRACE = r"""
import json, os, sys
os.environ["BLINKA_OS_AGNOSTIC"] = "1"
sys.path.insert(0, sys.argv[1])
from engine import games
from desktop import headless
from ui.app import App
from desktop.script import run_headless
for size in ((160, 128), (240, 135), (240, 240)):
    for name in games.NAMES:
        hal = headless.Hal(*size)
        app = App(hal, settings={"game": name, "mode": "1p"}, seed=1)
        run_headless(hal, app, {"menu": False, "presses": [], "tail_ms": 3000})
        app.back_to_menu()
        app.frame(hal.ticks_ms())
        app.menu.show_help(True)  # the how-to page (its label library is imported only for pages)
        app.frame(hal.ticks_ms())
        app.menu.show_help(False)
        app.menu.show_page(("JOIN A LINKED GAME", "Looking for a host"))
        app.frame(hal.ticks_ms())
        app.menu.show_page(None)
        hal.deinit()
import engine.bots.match, ui.linked, engine.digest  # the bot lab and link play
site = [m.__file__ for m in list(sys.modules.values())
        if "site-packages" in (getattr(m, "__file__", None) or "")]
print(json.dumps(site))
"""


def library_files():
    """(path in the zip, file on disk) of the pure-Python libraries the game imports on this Python.

    Each module imported while every game is played here, and the data files beside a package's
    ``__init__.py`` (displayio's font): the same set the desktop loads, not whole distributions.
    """
    done = subprocess.run([sys.executable, "-c", TRACE, ROOT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, cwd=ROOT)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError("the game would not run headless here to list its libraries (%s): "
                         "run `make web`, which installs them in .venv" % last)
    out = {}
    for path in json.loads(done.stdout):
        path = os.path.abspath(path)
        site = path[:path.index("site-packages") + len("site-packages")]
        rel = os.path.relpath(path, site)
        if rel.split(os.sep)[0].split(".")[0] in SKIP_LIBS:
            continue
        out[rel.replace(os.sep, "/")] = path
        if os.path.basename(path) == "__init__.py" and os.path.dirname(rel) == rel.split(os.sep)[0]:
            for folder, dirs, files in os.walk(os.path.dirname(path)):  # a top-level package's data files
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                for f in sorted(files):
                    if f.endswith(DATA):
                        full = os.path.join(folder, f)
                        out[os.path.relpath(full, site).replace(os.sep, "/")] = full
        if os.sep not in rel:  # a top-level module: Blinka's read their tables from site-packages itself
            for f in sorted(os.listdir(site)):
                if f.endswith(".json") and os.path.isfile(os.path.join(site, f)):
                    out[f] = os.path.join(site, f)
    return sorted(out.items())


def project_files():
    """(path in the zip, file on disk) of the project's own Python that the page runs."""
    out = []
    for top in PROJECT:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    full = os.path.join(folder, f)
                    out.append((os.path.relpath(full, ROOT).replace(os.sep, "/"), full))
    for rel in TOOLS:
        out.append((rel, os.path.join(ROOT, rel)))
    for f in sorted(os.listdir(WEB)):
        if f.endswith(".py"):
            out.append((f, os.path.join(WEB, f)))
    return out


def make_zip(entries):
    """The bytes of a zip of entries (path, file), the same bytes for the same files."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in sorted(entries):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(path, "rb") as f:
                z.writestr(info, f.read())
    return out.getvalue()


def bot_example():
    """The bot API's example of docs/bots.md ("Writing a bot"), the bot lab's starting text."""
    with open(os.path.join(ROOT, "docs", "bots.md"), encoding="utf-8") as f:
        text = f.read()
    at = text.index("## Writing a bot")
    found = re.search(r"```python\n(.*?)```", text[at:], re.S)
    if found is None:
        raise BuildError("docs/bots.md: no Python example under \"Writing a bot\"")
    return found.group(1)


def write(path, data):
    """Write bytes to path through a temporary file (a reader never sees half a file)."""
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def build(out):
    """Build the site into out; the zip's version (a hash of its bytes)."""
    package = runtime_dir()
    with open(os.path.join(package, "package.json"), encoding="utf-8") as f:
        runtime = "pyodide-" + json.load(f)["version"]  # a new pin is a new folder: nothing stale is kept
    bundle = make_zip(project_files() + library_files())
    version = hashlib.sha256(bundle).hexdigest()[:12]
    pyodide = os.path.join(out, runtime)
    try:
        os.makedirs(pyodide, exist_ok=True)
        for name in RUNTIME:
            target = os.path.join(pyodide, name)
            source = os.path.join(package, name)
            if not (os.path.isfile(target) and os.path.getsize(target) == os.path.getsize(source)):
                shutil.copyfile(source, target + ".part")
                os.replace(target + ".part", target)
        write(os.path.join(out, "spit.zip"), bundle)
        example = html.escape(bot_example())
        for name in sorted(f for f in os.listdir(WEB) if f.endswith(PAGES)):
            with open(os.path.join(WEB, name), encoding="utf-8") as f:
                text = f.read()
            text = text.replace("@VERSION@", version).replace("@RUNTIME@", runtime).replace("@BOT_EXAMPLE@", example)
            write(os.path.join(out, name), text.encode("utf-8"))
    except OSError as e:
        raise BuildError("%s: %s" % (getattr(e, "filename", None) or out, e.strerror or e)) from None
    return version


TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".zip": "application/zip", ".html": "text/html; charset=utf-8",
         ".css": "text/css", ".png": "image/png"}


def server(folder, port=8000, host="127.0.0.1", quiet=True, files=None):
    """An HTTP server of folder's files on host:port (port 0: any free one), not yet serving; files, when given,
    is another folder served under /files/ (the tests' replays and scripts). It serves regular files inside its
    folders only (a folder is its index.html, never a listing; no ``..``, no symlink out), answers a path that is no
    path (a NUL, bytes that are not UTF-8) with 400, and lets the browser keep for good only the files found in a
    pinned runtime's own folder (pyodide-VERSION/)."""
    import functools
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **TYPES)
        resolved = None  # the regular file inside the site that this request is answered from
        immutable = False  # that file is in a pinned runtime's own folder

        def send_head(self):
            """Answer with a regular file inside the site only: 400 for a path that is no path, else 404 (no
            listing, no symlink out of the site, no ``..``); the cache header is chosen from the file found."""
            self.resolved, self.immutable = None, False
            try:
                path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0], errors="strict")
            except UnicodeDecodeError:
                path = "\0"
            if "\0" in path or not path.startswith("/"):
                self.send_error(400, "Bad request path")
                return None
            base, rest = folder, path
            if files is not None and path.startswith("/files/"):
                base, rest = files, path[len("/files/"):]
            parts = [p for p in rest.split("/") if p not in ("", ".")]
            root = os.path.realpath(base)
            found = None if ".." in parts else os.path.realpath(os.path.join(root, *parts))
            if found is not None and os.path.isdir(found):
                found = os.path.realpath(os.path.join(found, "index.html"))  # a folder's own page, never a listing
            if found is None or not found.startswith(root + os.sep) or not os.path.isfile(found):
                self.send_error(404, "File not found")
                return None
            self.resolved = found
            self.immutable = base is folder and os.path.relpath(found, root).split(os.sep)[0].startswith("pyodide-")
            return super().send_head()

        def translate_path(self, path):
            return self.resolved  # send_head found it (only send_head asks)

        def list_directory(self, path):
            self.send_error(404, "File not found")
            return None

        def end_headers(self):
            if self.immutable:
                self.send_header("Cache-Control", "max-age=31536000, immutable")  # a pinned runtime's own folder
            else:
                self.send_header("Cache-Control", "no-cache")  # the browser asks again, and keeps what has not changed
            super().end_headers()

        def log_message(self, *args):
            if not quiet:
                super().log_message(*args)

    return ThreadingHTTPServer((host, port), functools.partial(Handler, directory=folder))


CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
SHOT = "?script=files/speed.json"  # the README's picture: docs/img/speed.json's last frame, in the page


def screenshot(site, path):
    """The page, playing docs/img/speed.json, photographed by headless Chromium into path (a PNG)."""
    import threading

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BuildError("Playwright for Python is not installed (requirements-dev.txt)") from None
    if not os.path.exists(CHROMIUM):
        raise BuildError("%s is not installed (Debian: apt-get install chromium)" % CHROMIUM)
    httpd = server(site, 0, files=os.path.join(ROOT, "docs", "img"))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser.new_page(viewport={"width": 1060, "height": 720})
            page.goto("http://127.0.0.1:%d/index.html%s" % (httpd.server_address[1], SHOT))
            page.wait_for_function("document.body.dataset.done", timeout=300000)
            data = page.screenshot(clip={"x": 0, "y": 0, "width": 1060, "height": 560})  # the handheld and its bar
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    write(path, data)


def main(argv=None):
    p = Parser(description=__doc__.split("\n")[0])
    p.add_argument("--out", default=os.path.join(ROOT, "build", "web"), help="the folder to build (default build/web)")
    p.add_argument("--serve", action="store_true", help="then serve it on 127.0.0.1 (Ctrl-C stops)")
    p.add_argument("--port", type=int, default=8000, help="the port to serve on (default 8000)")
    p.add_argument("--screenshot", metavar="PNG", help="then photograph the page in headless Chromium (the README's)")
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        print("web: --port must be from 0 to 65535", file=sys.stderr)
        return 2
    try:
        version = build(args.out)
    except BuildError as e:
        print("web: %s" % e, file=sys.stderr)
        return 2
    print("web: built %s (spit.zip %s)" % (os.path.relpath(args.out), version), file=sys.stderr)
    if args.screenshot:
        try:
            screenshot(args.out, args.screenshot)
        except (BuildError, OSError) as e:
            print("web: --screenshot %s: %s" % (args.screenshot, e), file=sys.stderr)
            return 2
        print("web: the page's picture is in %s" % args.screenshot, file=sys.stderr)
    if not args.serve:
        return 0
    try:
        httpd = server(args.out, args.port, quiet=False)
    except OSError as e:
        print("web: cannot serve on 127.0.0.1:%d: %s" % (args.port, e.strerror or e), file=sys.stderr)
        return 2
    print("web: serving on http://127.0.0.1:%d/ (the bot lab: /lab.html); Ctrl-C stops" % httpd.server_address[1],
          flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    _path.run(main)
