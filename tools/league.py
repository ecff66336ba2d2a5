"""A class league: every bot file of a folder plays every other and the chosen levels; standings, CSV and a page.

    python3 tools/league.py FOLDER [--game spit] [--levels level3,level5] [--games 100] [--seed S] [--jobs 2]
                            [--out DIR] [--think-limit 1.0] [--option KEY=VALUE ...]
    python3 tools/league.py FOLDER --replay SEAT0,SEAT1,SEED,K --save-replay GAME.json

Every pair plays --games games: game k is dealt with seed SEED + k // 2 and the bots swap seats every game, so
each deal is played from both sides. Each bot runs in a process of its own (tools/leaguebot.py), fed only its
seat's view (D-3): the game, its deal and the seed stay in this process, and a bot that reaches for anything
else (files, other processes, the heap's objects, frames) is refused and loses that game. A bot that raises,
answers nonsense or takes longer than --think-limit seconds for one decision loses that game too, with one line
naming the bot, the game and how to replay it; the league goes on.

Standings: games, wins, draws, the score (a draw is half a win) with its 95% interval, and a Bradley-Terry
rating on the Elo scale (1500 the average; 400 points are 10 to 1 odds). Written to DIR (default league/):
standings.csv, games.csv (every game, with what replays it) and league.html (the table, a rating chart and the
head-to-head matrix, for a projector). The same seed gives the same standings, whatever --jobs.
"""

import hashlib
import json
import math
import os
import sys
import time

import _path
from engine import actions as A
from engine import games
from engine.bots import Bot, NOTHING
from engine.bots.hands import HANDS
from engine.bots.match import Match
from engine.rng import Rng
from desktop.cli import SEEDS, Parser, add_game_arguments, game_options, integer, whole_number
from desktop.files import WriteError, check_writable, write_atomic
from tournament import MAX_JOBS, _limit_memory, wilson

LOAD_SECONDS = 30  # wall-clock time a bot may take to load before it counts as stuck
CHUNK = 20  # games of one pair played by one pair of bot processes (a new pair of processes for each chunk)
BOT_PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "leaguebot.py")


class Fault(Exception):
    """A bot broke a game (raised, hung, answered nonsense, reached beyond its view); str() is one line."""


def rng_seed(label, k, seat):
    """The seed of a bot's own rng in game k of its pair: from its name and the game's number only, so that
    nothing a bot can read of its rng says anything of the deal."""
    digest = hashlib.blake2b(("%s|%d|%d" % (label, k, seat)).encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") or 1


class Process:
    """One bot's process: started, asked, killed."""

    def __init__(self, spec, game, label, think):
        self.spec, self.game, self.label, self.think = spec, game, label, think
        self.proc = None
        self.speed = 2
        self.hands = "default"
        self.buffer = b""

    def start(self):
        """Start the process and wait for it to say it has loaded the bot (Fault if it cannot)."""
        import subprocess  # (here: the browser's bot lab plays a league in its own process, Python has no others)

        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "BLINKA_OS_AGNOSTIC": "1"}
        self.proc = subprocess.Popen([sys.executable, "-I", BOT_PROGRAM, _path.ROOT, self.game,
                                      os.path.abspath(self.spec) if self.spec.endswith(".py") else self.spec],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=env, cwd="/", close_fds=True)
        self.buffer = b""
        answer = self.ask(None, LOAD_SECONDS, "loading")
        if answer[0] != "ready" or len(answer) != 3:
            raise Fault("answered %.60r when it should have said it was ready" % (answer,))
        self.speed, self.hands = answer[1], answer[2]

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        if self.proc is not None:
            try:
                self.proc.kill()
                self.proc.wait()
            except OSError:
                pass
            for f in (self.proc.stdin, self.proc.stdout):
                try:
                    f.close()
                except OSError:
                    pass
            self.proc = None

    def send(self, message):
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise Fault("its process ended (%s)" % self._ended()) from None

    def _ended(self):
        code = self.proc.poll() if self.proc else None
        return "exit status %s" % code if code is not None else "closed its pipe"

    def ask(self, message, seconds, what):
        """Send message (if any) and read one answer line within seconds: the answer as a list, or Fault."""
        import select

        if message is not None:
            self.send(message)
        deadline = time.monotonic() + seconds
        out = self.proc.stdout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([out], [], [], left)[0]:
                self.kill()
                raise Fault("no answer within %g s while %s (an endless loop?)" % (seconds, what))
            data = os.read(out.fileno(), 65536)
            if not data:
                raise Fault("its process ended while %s (%s)" % (what, self._ended()))
            self.buffer += data
            if len(self.buffer) > 1 << 20:
                raise Fault("answered more than 1 MB while %s" % what)
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            raise Fault("answered something that is not the league's protocol") from None
        if not isinstance(answer, list) or not answer:
            raise Fault("answered %.60r" % (answer,))
        if answer[0] == "error":
            reason = str(answer[1]) if len(answer) > 1 else "failed"
            refused = answer[2] if len(answer) > 2 and isinstance(answer[2], list) else []
            raise Fault(("reached beyond its view (%s): " % "; ".join(map(str, refused[:8])) if refused else "")
                        + reason[:300])
        return answer


class Remote(Bot):
    """The league's side of a bot in its process: the Driver asks it as any bot; it sends the view's fields
    and reads the intent back, checked."""

    def __init__(self, process, verbs, game_hands, seat, last):
        self.process = process
        self.seat = seat
        self.last = last  # [the seat that decided last], shared by the table's two bots
        self.name = process.label
        self.speed = process.speed
        self.HANDS = game_hands if process.hands == "game" and game_hands is not None else HANDS
        self.verbs = verbs
        self.names = None

    def new_game(self, players, seat, seed):
        self.names = None
        self.process.ask(["new", players, seat, seed], LOAD_SECONDS, "making a bot")

    def decide(self, view, act):
        process = self.process
        if self.names is None:
            self.names = tuple(sorted(k for k, v in vars(view).items() if isinstance(v, (int, bytearray, str))
                                      or v is None))
            process.send(["fields", list(self.names)])
        values = []
        for name in self.names:
            v = getattr(view, name)
            values.append(list(v) if isinstance(v, bytearray) else v)
        self.last[0] = self.seat
        answer = process.ask(["d", values], process.think, "deciding")
        if len(answer) != 5:
            raise Fault("answered %.60r, not an intent" % (answer,))
        if answer[4]:
            raise Fault("reached beyond its view: %s" % "; ".join(str(x) for x in answer[4][:8]))
        intent(self.verbs, act, *answer[:4])


def intent(verbs, act, verb, a, b, look):
    """Put a bot's intent in act, or raise Fault for one that is no move."""
    if not all(type(x) is int for x in (verb, a, b, look)):
        raise Fault("answered %.60r, not an intent (use act.play() and the others)" % ((verb, a, b, look),))
    if verb not in verbs or not 0 <= a <= 255 or not 0 <= b <= 255 or not -60000 <= look <= 60000:
        raise Fault("left an intent that is no move: verb %d, a %d, b %d, look_ms %d" % (verb, a, b, look))
    act.verb, act.a, act.b, act.look_ms = verb, a, b, look


class Here:
    """A bot played in this process (the browser's bot lab, where there are no others): its decide watched, its
    intent checked as a Remote's; nothing keeps it from the game's objects, so it is for a person's own bots."""

    def __init__(self, make, label, seat, last, verbs):
        self.bot = make()
        self.name = label
        self.speed = self.bot.speed
        self.HANDS = getattr(self.bot, "HANDS", HANDS)
        self.seat, self.last, self.verbs = seat, last, verbs
        self.mine = None  # the bot's own act (so that what it leaves is checked before the Driver sees it)

    def decide(self, view, act):
        from engine.bots import Act

        self.last[0] = self.seat
        mine = self.mine = self.mine or Act()
        mine.verb, mine.a, mine.b, mine.look_ms = NOTHING, 0, 0, 0
        try:
            self.bot.decide(view, mine)
        except Exception as e:
            raise Fault(_one_line(e)) from None
        intent(self.verbs, act, mine.verb, mine.a, mine.b, mine.look_ms)


def _one_line(error):
    words = " ".join(str(error).split())
    words = words[:197] + "..." if len(words) > 200 else words
    return "%s: %s" % (type(error).__name__, words) if words else type(error).__name__


class Table:
    """The two bot processes of a pair, and the games between them."""

    def __init__(self, game, options, entrants, think, here=False):
        self.game, self.options = game, options
        self.here = here  # play the bots in this process (Here), not each in its own (Remote)
        self.makers = {}
        info = games.get(game)
        cpu = __import__(info.CPU, None, None, ("make",))
        self.game_hands = getattr(getattr(cpu, "Level", None), "HANDS", None)
        own = __import__((games.HOMES.get(game) or "engine." + game) + ".file", None, None, ("OWN_VERBS",))
        self.verbs = {NOTHING, A.PLAY, A.FLIP, A.MOVE, A.READY} | {v[1] for v in getattr(own, "OWN_VERBS", ())}
        self.processes = {spec: Process(spec, game, label, think) for spec, label in entrants}
        self.failed = {}  # spec: why it could not even load (every game of it is lost)

    def close(self):
        for p in self.processes.values():
            p.kill()

    def remote(self, spec, seat, last):
        p = self.processes[spec]
        if spec in self.failed:
            raise Fault(self.failed[spec])
        if self.here:
            return self._here(spec, p.label, seat, last)
        if not p.alive():
            try:
                p.start()
            except Fault as e:
                p.kill()
                self.failed[spec] = str(e)
                raise
        return Remote(p, self.verbs, self.game_hands, seat, last)

    def _here(self, spec, label, seat, last):
        """A bot of this process (its file loaded once)."""
        if spec not in self.makers:
            try:
                if spec.endswith(".py"):
                    import tournament

                    cls = tournament.load_file(spec)
                    self.makers[spec] = cls
                else:
                    cpu = __import__(games.get(self.game).CPU, None, None, ("make",))
                    self.makers[spec] = lambda: cpu.make(spec)
            except Exception as e:
                self.failed[spec] = "cannot load: %s" % (str(e).split(": ", 1)[-1] if spec.endswith(".py")
                                                         else _one_line(e))
                raise Fault(self.failed[spec]) from None
        try:
            bot = Here(self.makers[spec], label, seat, last, self.verbs)
        except Exception as e:
            raise Fault("cannot make one: %s" % _one_line(e)) from None
        if type(bot.speed) is not int or not 1 <= bot.speed <= 8:
            raise Fault("speed must be a whole number from 1 to 8, not %.40r" % (bot.speed,))
        return bot

    def play(self, seat0, seat1, seed, k, log=None):
        """One game: (winner seat or None, the seat at fault or None, the fault's line or None, the match)."""
        specs = (seat0, seat1)
        bots = [None, None]
        last = [0]
        for seat in (0, 1):
            try:
                bots[seat] = self.remote(specs[seat], seat, last)
                if not self.here:
                    bots[seat].new_game(2, seat, rng_seed(self.processes[specs[seat]].label, k, seat))
            except Fault as e:
                self.processes[specs[seat]].kill()
                return 1 - seat, seat, str(e), None
        match = Match(games.get(self.game).new(seed, self.options), bots, seed=seed)
        if self.here:  # the bots' own generators, seeded as in their processes (the Driver seeded them from the deal)
            for seat in (0, 1):
                bots[seat].bot.rng = Rng(rng_seed(self.processes[specs[seat]].label, k, seat))
        match.log = log
        try:
            match.run()
        except Fault as e:
            seat = last[0]
            self.processes[specs[seat]].kill()  # a fresh process for its next game
            return 1 - seat, seat, str(e), match
        except Exception as e:  # the Driver choked on an intent: the bot that last decided left it
            seat = last[0]
            self.processes[specs[seat]].kill()
            return 1 - seat, seat, "left an intent the driver cannot press: %s" % e, match
        w = match.game.winner
        return (w if w in (0, 1) else None), None, None, match

def entrants_of(folder, levels, game):
    """[(spec, label)]: the folder's .py files (sorted) and the levels; a bad name is a ValueError."""
    if not os.path.isdir(folder):
        raise ValueError("%s: not a folder" % folder)
    out = [(os.path.join(folder, f), os.path.splitext(f)[0]) for f in sorted(os.listdir(folder))
           if f.endswith(".py") and not f.startswith(("_", ".")) and os.path.isfile(os.path.join(folder, f))]
    roster = games.get(game).ROSTER
    for name in levels:
        if name not in roster:
            raise ValueError("unknown level %r: use one of %s" % (name, ", ".join(roster)))
        out.append((name, name))
    labels = [label for _, label in out]
    for label in labels:
        if labels.count(label) > 1:
            raise ValueError("two bots are called %s" % label)
    if len(out) < 2:
        raise ValueError("%s: a league needs at least two bots (its .py files and --levels), found %d"
                         % (folder, len(out)))
    return out


def play_chunk(job):
    """Games first..last-1 of the pair i, j: their rows (k, seat0 index, seat1 index, seed, winner index or
    None, faulty index or None, fault line)."""
    game, options, entrants, i, j, first, last, seed, think, here = job
    table = Table(game, options, [entrants[i], entrants[j]], think, here)
    rows = []
    try:
        for k in range(first, last):
            s0, s1 = (j, i) if k % 2 else (i, j)
            winner, fault, line, _ = table.play(entrants[s0][0], entrants[s1][0], seed + k // 2, k)
            who = (s0, s1)
            rows.append((i, j, k, s0, s1, seed + k // 2, None if winner is None else who[winner],
                         None if fault is None else who[fault], line))
    finally:
        table.close()
    return rows


def ratings(n, results):
    """Bradley-Terry strengths by the MM algorithm (a draw is half a win each), on the Elo scale, mean 1500.

    results: {(i, j): (points of i, points of j)}. Each bot also gets one virtual win and one virtual loss
    against an average bot, so that a bot that never wins (or never loses) still has a finite rating.
    """
    p = [1.0] * n
    for _ in range(500):
        new = []
        for i in range(n):
            won = 1.0  # the virtual win (and loss) against a bot of strength 1
            d = 2.0 / (p[i] + 1.0)
            for (a, b), (pa, pb) in results.items():
                if i == a:
                    won += pa
                    d += (pa + pb) / (p[a] + p[b])
                elif i == b:
                    won += pb
                    d += (pa + pb) / (p[a] + p[b])
            new.append(won / d)
        g = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / g for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, p)) < 1e-9
        p = new
        if done:
            break
    return [1500 + 400 * math.log10(x) for x in p]


def standings(entrants, rows):
    """Each bot's line of the table, best rating first, and the head-to-head points {(i, j): (pi, pj)}."""
    n = len(entrants)
    h2h = {}
    line = [{"bot": entrants[k][1], "games": 0, "wins": 0, "draws": 0, "losses": 0, "faults": 0}
            for k in range(n)]
    for i, j, k, s0, s1, seed, winner, fault, why in rows:
        pi, pj = h2h.get((i, j), (0.0, 0.0))
        for x in (i, j):
            line[x]["games"] += 1
        if winner is None:
            pi, pj = pi + 0.5, pj + 0.5
            line[i]["draws"] += 1
            line[j]["draws"] += 1
        else:
            loser = j if winner == i else i
            line[winner]["wins"] += 1
            line[loser]["losses"] += 1
            pi, pj = (pi + 1, pj) if winner == i else (pi, pj + 1)
        if fault is not None:
            line[fault]["faults"] += 1
        h2h[(i, j)] = (pi, pj)
    for k, r in enumerate(ratings(n, h2h)):
        x = line[k]
        x["rating"] = r
        x["score"] = (x["wins"] + x["draws"] / 2) / x["games"] if x["games"] else 0.0
        x["low"], x["high"] = wilson(x["wins"] + x["draws"] / 2, x["games"])
        x["index"] = k
    order = sorted(line, key=lambda x: (-x["rating"], x["bot"]))
    return order, h2h


def csv_text(header, rows):
    """Rows as CSV (the csv module's quoting)."""
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return out.getvalue()


def standings_csv(order):
    return csv_text(("rank", "bot", "games", "wins", "draws", "losses", "score", "score_low", "score_high",
                     "rating", "faults"),
                    [(r + 1, x["bot"], x["games"], x["wins"], x["draws"], x["losses"], "%.4f" % x["score"],
                      "%.4f" % x["low"], "%.4f" % x["high"], "%.1f" % x["rating"], x["faults"])
                     for r, x in enumerate(order)])


def games_csv(entrants, rows):
    """Every game, with the arguments of --replay that play it again."""
    out = []
    for i, j, k, s0, s1, seed, winner, fault, why in rows:
        out.append((k, entrants[s0][1], entrants[s1][1], seed, "draw" if winner is None else entrants[winner][1],
                    "" if fault is None else entrants[fault][1], why or "",
                    "%s,%s,%d,%d" % (entrants[s0][1], entrants[s1][1], seed, k)))
    return csv_text(("game", "seat1", "seat2", "seed", "winner", "fault", "why", "replay"), out)


def _esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def page(title, order, h2h, note):
    """The league as one HTML page with no outside resource: the table, a rating chart, the head-to-head."""
    n = len(order)
    rows = []
    for r, x in enumerate(order):
        rows.append("<tr><td>%d</td><td class=b>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
                    "<td>%.1f%% <small>(%.1f&ndash;%.1f)</small></td><td>%.0f</td><td>%s</td></tr>"
                    % (r + 1, _esc(x["bot"]), x["games"], x["wins"], x["draws"], x["losses"], 100 * x["score"],
                       100 * x["low"], 100 * x["high"], x["rating"], x["faults"] or ""))
    lo = min(x["rating"] for x in order)
    hi = max(x["rating"] for x in order)
    lo, hi = min(lo, 1500) - 50, max(hi, 1500) + 50
    width, bar, left = 760, 28, 150
    scale = (width - left - 60) / (hi - lo)
    svg = ['<svg viewBox="0 0 %d %d" role="img" aria-label="ratings">' % (width, n * bar + 30)]
    x0 = left + (1500 - lo) * scale
    for r, x in enumerate(order):
        y = 10 + r * bar
        w = (x["rating"] - lo) * scale
        svg.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 8, y + bar * 0.65, _esc(x["bot"])))
        svg.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>'
                   % (left, y + 3, w, bar - 6, "#2a7" if x["rating"] >= 1500 else "#c84"))
        svg.append('<text x="%.1f" y="%d">%.0f</text>' % (left + w + 6, y + bar * 0.65, x["rating"]))
    svg.append('<line x1="%.1f" y1="5" x2="%.1f" y2="%d" stroke="#888" stroke-dasharray="4"/>'
               % (x0, x0, n * bar + 15))
    svg.append('<text x="%.1f" y="%d" text-anchor="middle" class=s>1500</text>' % (x0, n * bar + 28))
    svg.append("</svg>")
    head = "".join("<th>%s</th>" % _esc(x["bot"]) for x in order)
    grid = []
    for x in order:
        cells = []
        for y in order:
            if x is y:
                cells.append("<td class=s>&ndash;</td>")
                continue
            i, j = x["index"], y["index"]
            if (i, j) in h2h:
                px, py = h2h[(i, j)]
            else:
                py, px = h2h.get((j, i), (0, 0))
            total = px + py
            rate = px / total if total else 0.5
            shade = "hsl(%d,60%%,%d%%)" % (120 * rate, 85)
            cells.append('<td style="background:%s">%.0f%%</td>' % (shade, 100 * rate))
        grid.append("<tr><th>%s</th>%s</tr>" % (_esc(x["bot"]), "".join(cells)))
    return """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>%(title)s</title>
<style>
body{font:22px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:60em;color:#111;background:#fff}
table{border-collapse:collapse;margin:1em 0}td,th{padding:.25em .6em;border-bottom:1px solid #ccc;text-align:right}
td.b,th{text-align:left}small,.s{color:#555;font-size:70%%}svg{width:100%%;max-width:760px}svg text{font-size:16px}
</style></head><body>
<h1>%(title)s</h1>
<p>%(note)s</p>
<h2>Standings</h2>
<table><tr><th>#</th><th>bot</th><th>games</th><th>wins</th><th>draws</th><th>losses</th><th>score (95%% interval)</th>
<th>rating</th><th>faults</th></tr>
%(rows)s
</table>
<h2>Ratings</h2>
%(svg)s
<h2>Head to head</h2>
<p class=s>Each cell: the row's score against the column (a draw is half a win).</p>
<table><tr><th></th>%(head)s</tr>
%(grid)s
</table>
</body></html>
""" % {"title": _esc(title), "note": _esc(note), "rows": "\n".join(rows), "svg": "\n".join(svg), "head": head,
       "grid": "\n".join(grid)}


def fault_lines(game, labels, rows):
    """A line for each game of rows that a bot lost by a fault: the bot, the game, the seed, how to replay it."""
    out = []
    for i, j, k, s0, s1, seed, winner, fault, why in rows:
        if fault is not None:
            other = s1 if fault == s0 else s0
            out.append("%s lost a game of %s to %s (seed %d): %s; replay it: --replay %s,%s,%d,%d"
                       % (labels[fault], game, labels[other], seed, why, labels[s0], labels[s1], seed, k))
    return out


def heading(game, entrants, count, seed, rows):
    """The league's title and its one line of what was played."""
    return ("%s league" % games.TITLES[games.NAMES.index(game)],
            "%d bots, %d games a pair (deals from seed %d, each from both seats), %d games in all"
            % (len(entrants), count, seed, len(rows)))


def text_table(title, note, order):
    """The standings as the command prints them (and the browser's lab shows them)."""
    lines = ["%s: %s" % (title, note),
             "%-4s %-16s %6s %6s %6s %8s %7s %7s" % ("#", "bot", "games", "wins", "draws", "score", "rating", "faults")]
    for r, x in enumerate(order):
        lines.append("%-4d %-16s %6d %6d %6d %7.1f%% %7.0f %7d" % (r + 1, x["bot"][:16], x["games"], x["wins"],
                                                                 x["draws"], 100 * x["score"], x["rating"], x["faults"]))
    return "\n".join(lines)


def run(game, options, entrants, count, seed, jobs=1, think=1.0, progress=None, here=False, chunk=CHUNK):
    """Every pair's count games; the rows of every game, in a fixed order (the same whatever jobs).

    here: every bot in this process (the browser's lab); chunk: games a piece of work (a progress report each).
    """
    n = len(entrants)
    work = [(game, options, entrants, i, j, g, min(g + chunk, count), seed, think, here)
            for i in range(n) for j in range(i + 1, n) for g in range(0, count, chunk)]
    total = count * n * (n - 1) // 2
    rows = []
    if jobs > 1 and len(work) > 1:
        from multiprocessing import get_context

        with get_context("fork").Pool(jobs) as pool:
            for part in pool.imap(play_chunk, work):
                rows.extend(part)
                if progress:
                    progress(len(rows), total, part)
    else:
        for job in work:
            part = play_chunk(job)
            rows.extend(part)
            if progress:
                progress(len(rows), total, part)
    return rows


def replay(game, options, entrants, what, path):
    """Play one game again (--replay SEAT0,SEAT1,SEED,K) and save it as a replay file; the result line."""
    from engine.replay import document

    parts = what.split(",")
    labels = {label: spec for spec, label in entrants}
    labels.update((name, name) for name in games.get(game).ROSTER if name not in labels)
    if len(parts) != 4 or parts[0] not in labels or parts[1] not in labels or not parts[2].isdigit() \
            or not parts[3].isdigit() or not parts[2].isascii() or not parts[3].isascii():
        raise ValueError("--replay %s: expected SEAT0,SEAT1,SEED,K as games.csv's replay column gives it" % what)
    seed, k = int(parts[2]), int(parts[3])
    table = Table(game, options, [(labels[parts[0]], parts[0]), (labels[parts[1]], parts[1])], 1e9)
    log = []
    try:
        winner, fault, line, match = table.play(labels[parts[0]], labels[parts[1]], seed, k, log)
    finally:
        table.close()
    events = [[t, p, verb, a, b] for t, p, verb, a, b, _ in log]
    doc = document(options, seed, events, game=game)
    doc["cpus"] = [parts[0], parts[1]]
    return doc, ("%s won" % parts[winner] if winner is not None else "a draw") + (
        "; %s: %s" % (parts[fault], line) if fault is not None else "")


def main(argv=None):
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", help="a folder of bot files (.py, each one bot: docs/bots.md)")
    add_game_arguments(parser, "the game")
    parser.add_argument("--levels", default="", help="comma-separated levels of the game's roster to play too")
    parser.add_argument("--games", type=integer, default=100, help="games per pair (default 100)")
    parser.add_argument("--seed", type=whole_number, default=1, help="first deal seed (default 1)")
    parser.add_argument("--jobs", type=integer, default=1, help="processes playing at once (default 1)")
    parser.add_argument("--think-limit", type=float, default=1.0, help="seconds a bot may take for one decision")
    parser.add_argument("--out", default="league", help="folder of the CSV files and the page (default league/)")
    parser.add_argument("--replay", metavar="SEAT0,SEAT1,SEED,K", help="play one game again (games.csv's column)")
    parser.add_argument("--save-replay", metavar="FILE", help="with --replay: the replay file to write")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    name, options = game_options(args, parser)
    if options.get("players", 2) != 2:
        print("league: a league plays two seats a game (players=%s)" % options["players"], file=sys.stderr)
        return 2
    if args.games < 1 or not 1 <= args.jobs <= MAX_JOBS:
        print("league: --games must be at least 1 and --jobs from 1 to %d" % MAX_JOBS, file=sys.stderr)
        return 2
    if not (0.001 <= args.think_limit <= 3600):
        print("league: --think-limit must be from 0.001 to 3600 seconds", file=sys.stderr)
        return 2
    if args.seed + (args.games - 1) // 2 > SEEDS:
        print("league: --seed %d with --games %d needs seeds past %d" % (args.seed, args.games, SEEDS),
              file=sys.stderr)
        return 2
    try:
        entrants = entrants_of(args.folder, [s.strip() for s in args.levels.split(",") if s.strip()], name)
    except (ValueError, OSError) as e:
        print("league: %s" % e, file=sys.stderr)
        return 2
    _limit_memory()
    if args.replay:
        if not args.save_replay:
            print("league: --replay needs --save-replay FILE", file=sys.stderr)
            return 2
        try:
            check_writable(args.save_replay, "replay file")
            doc, said = replay(name, options, entrants, args.replay, args.save_replay)
            write_atomic(args.save_replay, (json.dumps(doc, indent=1) + "\n").encode(), "replay file")
        except (ValueError, WriteError) as e:
            print("league: %s" % e, file=sys.stderr)
            return 2
        print("league: %s; saved %s (watch it: python3 code.py --replay %s)" % (said, args.save_replay,
                                                                                 args.save_replay))
        return 0
    paths = [os.path.join(args.out, f) for f in ("standings.csv", "games.csv", "league.html")]
    try:
        os.makedirs(args.out, exist_ok=True)
        for p in paths:
            check_writable(p)
    except (OSError, WriteError) as e:
        print("league: %s" % e, file=sys.stderr)
        return 2
    start = time.time()
    tty = sys.stderr.isatty()
    shown = [0.0]
    labels = [label for _, label in entrants]

    def progress(done, total, part):
        for line in fault_lines(name, labels, part):  # one line a fault, whatever --quiet: a teacher must see it
            print("%sleague: %s" % ("\r\033[K" if tty else "", line), file=sys.stderr, flush=True)
        if args.quiet:
            return
        seconds = time.time() - start
        if not tty and seconds - shown[0] < 5 and done < total:
            return
        shown[0] = seconds
        filled = 30 * done // total
        left = seconds * (total - done) / done if done else 0
        print("%sleague: [%s%s] %d/%d games, %.0f s, about %.0f s left" % ("\r" if tty else "", "#" * filled,
              "." * (30 - filled), done, total, seconds, left), end="" if tty and done < total else "\n",
              file=sys.stderr, flush=True)

    rows = run(name, options, entrants, args.games, args.seed, args.jobs, args.think_limit, progress)
    order, h2h = standings(entrants, rows)
    title, note = heading(name, entrants, args.games, args.seed, rows)
    try:
        write_atomic(paths[0], standings_csv(order).encode())
        write_atomic(paths[1], games_csv(entrants, rows).encode())
        write_atomic(paths[2], page(title, order, h2h, note).encode())
    except WriteError as e:
        print("league: %s" % e, file=sys.stderr)
        return 2
    print(text_table(title, note, order))
    print("written: %s" % ", ".join(paths))
    return 0


if __name__ == "__main__":
    _path.run(main)
