"""`make load`: the site under a crowd of guests, measured (issue 9).

Starts its own Daphne server(s) on free ports at 127.0.0.1, with a fresh database, runs
Locust headless (loadtest/locustfile.py: guests playing whole games through the page's
own htmx posts) for LOAD_RUN_TIME seconds, stops everything it started (also on Ctrl-C or
a failure), and prints one summary: per action and overall requests/s, p50/p95/p99 and
errors, and the 5xx answers and tracebacks in the servers' logs.

    make load                       # SCENARIO=sqlite: SQLite, one Daphne, 50 guests
    make load SCENARIO=postgres     # PostgreSQL, production settings, 100 guests
    make load SCENARIO=postgres-2   # the same on two Daphne processes sharing Redis

sqlite      a fresh SQLite file test-artifacts/load/sqlite/db.sqlite3; development
            settings; one Daphne process; 50 guests; target p95 ≤ 500 ms, no error.
postgres    a fresh database `load` (dropped and created) on 127.0.0.1:5432;
            DJANGO_ENV=production with a generated 64-character DJANGO_SECRET_KEY,
            DJANGO_ALLOWED_HOSTS=127.0.0.1 and DJANGO_SECURE_PROXY_SSL_HEADER=1: the guests
            send `X-Forwarded-Proto: https` as a TLS proxy would; 100 guests; one Daphne
            process; target p95 ≤ 800 ms, no error.
postgres-2  the same with two Daphne processes on two ports, the guests spread over both,
            and REDIS_URL=redis://127.0.0.1:6379/1 (emptied first) so that the processes
            share the channel layer and the cache (the per-visitor limits); compared with
            the last `postgres` run when there is one.

Beside the scenario's guests, who play Normal (the « Jouer » button), LOAD_HARD_USERS
(default 1) more play « Difficile », reported apart ("hard:…"): the target is the Normal
guests' p95, and the Difficile game's p95 per action is shown under the same load. Each
guest comes from an address of its own (10.x.y.z in X-Forwarded-For, the servers started
with Daphne's --proxy-headers, as behind a real proxy), since the site counts game starts
per address; LOAD_DISTINCT_ADDRESSES=0 leaves them all at 127.0.0.1.
Other settings: LOAD_RUN_TIME (seconds, default 90), LOAD_USERS (instead of the scenario's
count), LOAD_SPAWN_RATE (guests arriving per second, default 5),
LOAD_THINK_MIN / LOAD_THINK_MAX (a player's pause before a choice, after the page has
dealt the bots' cards out, default 1..3 s: loadtest/locustfile.py),
LOAD_POSTGRES_URL (the server, default postgres://postgres@127.0.0.1:5432),
LOAD_REDIS_URL (default redis://127.0.0.1:6379/1). The site's own variables
(DATABASE_URL, REDIS_URL, DJANGO_*) are not taken from the caller: each scenario sets
its own.

Everything goes to test-artifacts/load/<scenario>/: daphne-N.log (each server's output,
access log included), migrate.log (and collectstatic.log with production settings),
locust.log, Locust's CSV and HTML reports, results.json (every response time),
server-errors.txt (the first traceback of each distinct server error) and summary.txt /
summary.json. The exit status is 0 only with no error, no 5xx in the logs and the Normal
guests' p95 within the target.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The run could not be made (a server that does not start, a database that does not
# answer): said plainly, after everything started is stopped.
from loadtest.servers import (  # noqa: E402  (the project's own modules, from ROOT)
    HOST,
    Server,
    ServerError as LoadError,
    free_port,
    postgres_database,
    redis_command,
    start_server,
    stop,
    tail,
    wait_until_ready,
)

BIN = Path(sys.executable).parent
ARTIFACTS = ROOT / "test-artifacts" / "load"
SITE_VARIABLES = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_ENV",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
    "DJANGO_SERVE_STATIC",
    "DJANGO_SECURE_PROXY_SSL_HEADER",
    "DJANGO_SETTINGS_MODULE",
)
ACTION_ORDER = (
    "home",
    "create",
    "sit",
    "start",
    "push",
    "new_game",
    "table",
    "pass",
    "play",
    "advance",
    "next_hand",
    "play_again",
    "reload",
)
DISTINCT_ADDRESSES = os.environ.get("LOAD_DISTINCT_ADDRESSES", "1") != "0"
READY_TIMEOUT = 60
STOP_TIMEOUT = 10  # Locust's --stop-timeout: a guest finishes the action it started


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    database: str  # "sqlite" or "postgres"
    processes: int
    users: int
    production: bool
    redis: bool
    p95_target_ms: float
    nginx: bool = False  # the processes behind nginx (deploy/nginx), as deployed
    # Who plays: guests against bots (loadtest/locustfile.py), or live tables of four
    # people (loadtest/live.py), whose target is the round trip of their actions.
    locustfile: str = "locustfile.py"
    target_names: tuple[str, ...] = ()


SQLITE = Scenario(
    name="sqlite",
    description="SQLite, one Daphne process",
    database="sqlite",
    processes=1,
    users=50,
    production=False,
    redis=False,
    p95_target_ms=500,
)
POSTGRES = Scenario(
    name="postgres",
    description="PostgreSQL, DJANGO_ENV=production, one Daphne process",
    database="postgres",
    processes=1,
    users=100,
    production=True,
    redis=False,
    p95_target_ms=800,
)
POSTGRES_2 = replace(
    POSTGRES,
    name="postgres-2",
    description="PostgreSQL, DJANGO_ENV=production, two Daphne processes behind nginx, Redis",
    processes=2,
    redis=True,
    nginx=True,
)
LIVE = Scenario(
    name="live",
    description="live tables of four people, PostgreSQL, one Daphne process",
    database="postgres",
    processes=1,
    users=10,
    production=False,
    redis=False,
    p95_target_ms=300,
    locustfile="live.py",
    target_names=("pass", "play"),
)
LIVE_2 = replace(
    LIVE,
    name="live-2",
    description="live tables of four people, PostgreSQL, two Daphne processes behind nginx, Redis",
    processes=2,
    redis=True,
    nginx=True,
)
SCENARIOS = {scenario.name: scenario for scenario in (SQLITE, POSTGRES, POSTGRES_2, LIVE, LIVE_2)}


# -- the servers ------------------------------------------------------------------------


@dataclass(frozen=True)
class MachineSnapshot:
    """The whole machine's CPU counters (Linux /proc), to tell the servers' share of the
    two cores from everything else that ran meanwhile."""

    when: float
    busy: float  # CPU seconds spent by all cores outside idle and iowait
    stalled: float  # seconds during which some runnable task waited for a core (PSI)
    postgres: float  # CPU seconds of the PostgreSQL server's processes, reaped ones included

    @classmethod
    def now(cls) -> MachineSnapshot:
        busy = stalled = math.nan
        try:
            fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
            idle = fields[3] + fields[4]
            busy = (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
        try:
            some = Path("/proc/pressure/cpu").read_text().split("\n")[0]
            stalled = int(some.rsplit("total=", 1)[1]) / 1e6
        except (OSError, ValueError, IndexError):
            pass
        return cls(when=time.monotonic(), busy=busy, stalled=stalled, postgres=postgres_cpu())


def postgres_cpu() -> float:
    """The CPU time of every running `postgres` process, with that of the children they
    reaped (the postmaster's ended backends), from /proc (read only)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, _, rest = text.partition(" (")[2].rpartition(") ")
        if name != "postgres":
            continue
        fields = rest.split()
        total += sum(int(fields[index]) for index in (11, 12, 13, 14))
    return total / ticks


def server_environment(scenario: Scenario, out: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in SITE_VARIABLES}
    env["PYTHONUNBUFFERED"] = "1"  # the log is complete and in order when the server stops
    # Each process runs the live tables' clock (no `manage.py tableclock` is started here).
    env["TABLE_CLOCK_IN_PROCESS"] = "1"
    if scenario.database == "sqlite":
        database = out / "db.sqlite3"
        for path in out.glob("db.sqlite3*"):
            path.unlink()
        env["DATABASE_URL"] = f"sqlite:///{database}"  # sqlite:////absolute/path
    else:
        server = os.environ.get("LOAD_POSTGRES_URL", f"postgres://postgres@{HOST}:5432")
        env["DATABASE_URL"] = postgres_database(server.rstrip("/"), "load")
    if scenario.production:
        env["DJANGO_ENV"] = "production"
        env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(48)  # 64 characters
        env["DJANGO_ALLOWED_HOSTS"] = HOST
        env["DJANGO_SECURE_PROXY_SSL_HEADER"] = "1"
    if scenario.redis:
        redis_url = os.environ.get("LOAD_REDIS_URL", f"redis://{HOST}:6379/1")
        if redis_command(redis_url, "FLUSHDB") != b"+OK\r\n":
            raise LoadError(f"Redis at {redis_url} did not empty its database")
        env["REDIS_URL"] = redis_url
    return env


@contextmanager
def servers(scenario: Scenario, env: dict[str, str], out: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for number in range(1, scenario.processes + 1):
            started.append(start_server(number, env, out, proxy_headers=DISTINCT_ADDRESSES))
        headers = {"X-Forwarded-Proto": "https"} if scenario.production else {}
        for server in started:
            wait_until_ready(server, headers, READY_TIMEOUT)
        yield started
    finally:
        for server in started:
            stop(server.process)


NGINX_CONF = """# Written by scripts/load.py: deploy/nginx/dame-de-pique.conf on plain http.
worker_processes 1;
pid {out}/nginx.pid;
error_log {out}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {out}/nginx-body;
    proxy_temp_path {out}/nginx-proxy;
    fastcgi_temp_path {out}/nginx-fastcgi;
    uwsgi_temp_path {out}/nginx-uwsgi;
    scgi_temp_path {out}/nginx-scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; "" ""; }}
    upstream dame_de_pique {{ {upstreams} keepalive 32; }}
    server {{
        listen {host}:{port};{real_ip}
        location / {{
            proxy_pass http://dame_de_pique;
            include {root}/deploy/nginx/proxy.conf;
            # No TLS here: nginx says what a TLS front would (production settings).
            proxy_set_header X-Forwarded-Proto {proto};
        }}
    }}
}}
"""


# Each guest stands for a person at an address of its own (Locust's X-Forwarded-For): nginx
# takes it as the client's, as it would from a front that knows the clients' addresses, so
# proxy.conf forwards it and the per-address limits count each guest apart. Without it,
# every guest would be 127.0.0.1 and 300 of them would share one address's new games.
REAL_IP = """
        set_real_ip_from {host};
        real_ip_header X-Forwarded-For;""".replace("{host}", HOST)


@contextmanager
def front(scenario: Scenario, started: Sequence[Server], out: Path) -> Iterator[list[str]]:
    """The addresses the guests use: nginx's, in front of the processes (deploy/nginx), or
    the processes' own, the guests spread over them, when nginx is not to be had."""
    urls = [server.url for server in started]
    if not scenario.nginx:
        yield urls
        return
    installed = subprocess.run([str(ROOT / "scripts" / "ensure-package.sh"), "nginx", "nginx"])
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if installed.returncode or nginx is None:
        print("  NOTE: no nginx here: the guests are spread over the processes' own ports.")
        yield urls
        return
    port = free_port()
    conf = out / "nginx.conf"
    conf.write_text(
        NGINX_CONF.format(
            out=out,
            root=ROOT,
            host=HOST,
            port=port,
            upstreams=" ".join(f"server {HOST}:{server.port};" for server in started),
            proto="https" if scenario.production else "http",
            real_ip=REAL_IP if DISTINCT_ADDRESSES else "",
        )
    )
    # In a session of its own, as the servers are: `stop` ends the process's group.
    process = subprocess.Popen(
        [nginx, "-p", str(out), "-c", str(conf), "-g", "daemon off;"], start_new_session=True
    )
    try:
        url = f"http://{HOST}:{port}"
        headers = {"X-Forwarded-Proto": "https"} if scenario.production else {}
        wait_until_ready(Server(0, port, out / "nginx-error.log", process), headers, READY_TIMEOUT)
        yield [url]
    finally:
        stop(process)


# -- the crowd --------------------------------------------------------------------------


@dataclass
class Crowd:
    users: int
    hard_users: int
    run_time: int
    spawn_rate: float
    returncode: int = 0
    cpu_seconds: float = 0.0
    # The machine's load before the run: other work on the same two cores skews the figures.
    load_before: tuple[float, ...] = ()
    machine: tuple[MachineSnapshot, MachineSnapshot] | None = None
    urls: list[str] = field(default_factory=list)  # where the guests sent their requests


def run_locust(
    scenario: Scenario, urls: Sequence[str], crowd: Crowd, out: Path, results: Path
) -> None:
    env = dict(os.environ)
    env |= {
        "LOAD_HOSTS": ",".join(urls),
        "LOAD_FORWARDED_PROTO": "https" if scenario.production else "",
        "LOAD_RESULTS": str(results),
        "LOAD_HARD_USERS": str(crowd.hard_users),
        "LOAD_FORWARDED_FOR": "1" if DISTINCT_ADDRESSES else "",
    }
    command = [
        str(BIN / "locust"),
        "-f",
        str(ROOT / "loadtest" / scenario.locustfile),
        "--headless",
        "--users",
        str(crowd.users + crowd.hard_users),
        "--spawn-rate",
        str(crowd.spawn_rate),
        "--run-time",
        f"{crowd.run_time}s",
        "--stop-timeout",
        str(STOP_TIMEOUT),
        "--host",
        urls[0],
        "--csv",
        str(out / "locust"),
        "--html",
        str(out / "locust.html"),
        "--only-summary",
    ]
    before = os.times()
    with (out / "locust.log").open("wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            crowd.returncode = process.wait(crowd.run_time + STOP_TIMEOUT + 60)
        except subprocess.TimeoutExpired:
            process.terminate()
            crowd.returncode = process.wait()
            raise LoadError(f"Locust did not stop by itself:\n{tail(out / 'locust.log')}") from None
        except KeyboardInterrupt:
            # Ctrl-C reached Locust too: let it write its results, then stop the servers.
            try:
                process.wait(STOP_TIMEOUT + 5)
            except subprocess.TimeoutExpired:
                process.kill()
            raise
        except BaseException:
            process.kill()
            process.wait()
            raise
    after = os.times()
    crowd.cpu_seconds = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )


# -- the figures ------------------------------------------------------------------------


def percentile(ordered: Sequence[float], p: float) -> float:
    """Nearest rank: the smallest time that p % of the requests did not exceed."""
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


@dataclass
class Row:
    label: str
    times: list[float]
    errors: int
    duration: float

    def figures(self) -> dict[str, float]:
        ordered = sorted(self.times)
        return {
            "requests": len(ordered),
            "per_second": len(ordered) / self.duration if self.duration else math.nan,
            "p50": percentile(ordered, 50),
            "p95": percentile(ordered, 95),
            "p99": percentile(ordered, 99),
            "max": ordered[-1] if ordered else math.nan,
            "errors": self.errors,
        }


def action_key(name: str) -> tuple[int, int, str]:
    hard = name.startswith("hard:")
    action = name.removeprefix("hard:")
    rank = ACTION_ORDER.index(action) if action in ACTION_ORDER else len(ACTION_ORDER)
    return (int(hard), rank, action)


def rows_of(results: dict) -> tuple[list[Row], list[Row]]:
    """One row per request name, then the totals: every request, the Normal guests'
    requests, the Difficile guests' requests."""
    duration = float(results["duration"])
    times: dict[str, list[float]] = results["times"]
    errors: Counter[str] = Counter()
    for error in results["errors"]:
        errors[error["name"]] += error["count"]
    per_action = [
        Row(name, times[name], errors[name], duration) for name in sorted(times, key=action_key)
    ]

    def total(label: str, names: list[str]) -> Row:
        merged = [time for name in names for time in times[name]]
        return Row(label, merged, sum(errors[name] for name in names), duration)

    hard = [name for name in times if name.startswith("hard:")]
    normal = [name for name in times if not name.startswith("hard:")]
    totals = [total("all requests", [*normal, *hard])]
    if hard and normal:
        totals.append(total("Normal guests", normal))
    if hard:
        totals.append(total("Difficile guests (hard:)", hard))
    return per_action, totals


def table_lines(rows: Sequence[Row]) -> list[str]:
    lines = []
    for row in rows:
        f = row.figures()
        lines.append(
            f"  {row.label:<26} {f['requests']:>8.0f} {f['per_second']:>8.1f}"
            f" {f['p50']:>7.0f} {f['p95']:>7.0f} {f['p99']:>7.0f} {f['max']:>7.0f}"
            f" {f['errors']:>7.0f}"
        )
    return lines


# -- the servers' logs ------------------------------------------------------------------

ACCESS = re.compile(r'^\S+ - - \[[^\]]*\] "([A-Z]+) ([^" ]*)[^"]*" (\d{3}) ')
TRACEBACK_START = "Traceback (most recent call last):"
# channels-redis's line for a group message it dropped, a process's queue being full
# (config.settings LOGGING shows it): news some sockets never get.
DROPPED = re.compile(r"\d+ of \d+ channels over capacity in group")
CHAINED = (
    "During handling of the above exception",
    "The above exception was the direct cause",
)


@dataclass
class ServerError:
    where: str  # the log line before the traceback: "Internal Server Error: /partie/N/…"
    lines: list[str]

    @property
    def last_line(self) -> str:
        return next((line for line in reversed(self.lines) if line.strip()), "")

    def project_frames(self, count: int = 3) -> list[str]:
        """The last frames in the project's own code (not .venv), each with its line."""
        frames = []
        for index, line in enumerate(self.lines):
            path = line.strip().removeprefix('File "').split('"', 1)[0]
            if line.startswith('  File "') and path.startswith(str(ROOT)) and "/.venv/" not in path:
                code = self.lines[index + 1].strip() if index + 1 < len(self.lines) else ""
                frames.append(f"{line.strip().removeprefix('File ')}: {code}")
        return frames[-count:]

    @property
    def key(self) -> tuple[str, str]:
        return (re.sub(r"\d+", "N", self.where), self.last_line[:200])


@dataclass
class LogReport:
    statuses: Counter[str] = field(default_factory=Counter)  # "2xx", "4xx 409", "5xx 500"
    failing_paths: Counter[str] = field(default_factory=Counter)
    tracebacks: list[ServerError] = field(default_factory=list)
    dropped_messages: int = 0

    @property
    def answers_5xx(self) -> int:
        return sum(count for status, count in self.statuses.items() if status.startswith("5"))


def read_log(text: str) -> LogReport:
    """The answers' statuses (Daphne's access log) and the tracebacks of a server's log."""
    report = LogReport()
    context = ""
    current: ServerError | None = None
    after_exception = False
    for line in text.splitlines():
        access = ACCESS.match(line)
        if current is not None:
            indented = line.startswith((" ", "\t"))
            if line.startswith(TRACEBACK_START) or line.startswith(CHAINED) or not line.strip():
                current.lines.append(line)
                after_exception = False
                continue
            if indented and not after_exception:
                current.lines.append(line)
                continue
            if not access and not after_exception and current.lines[-1].startswith((" ", "\t")):
                current.lines.append(line)  # the exception itself, after the frames
                after_exception = True
                continue
            report.tracebacks.append(current)
            current, after_exception = None, False
        if access:
            method, path, status = access.groups()
            report.statuses[f"{status[0]}xx {status}"] += 1
            if status.startswith("5"):
                report.failing_paths[f"{method} {re.sub(r'[0-9]+', 'N', path)} {status}"] += 1
        elif line.startswith(TRACEBACK_START):
            current = ServerError(where=context, lines=[line])
        elif DROPPED.search(line):
            report.dropped_messages += 1
        elif line.strip():
            context = line.strip()
    if current is not None:
        report.tracebacks.append(current)
    return report


# -- the summary ------------------------------------------------------------------------


def summarize(
    scenario: Scenario,
    crowd: Crowd,
    targets: Sequence[Server],
    cpu: dict[str, float],
    results: dict,
    logs: dict[str, LogReport],
    out: Path,
) -> tuple[list[str], dict, bool]:
    per_action, totals = rows_of(results)
    duration = float(results["duration"])
    header = (
        f"  {'request':<26} {'count':>8} {'req/s':>8} {'p50':>7} {'p95':>7} {'p99':>7}"
        f" {'max':>7} {'errors':>7}"
    )
    lines = [
        f"== make load SCENARIO={scenario.name}: {scenario.description}",
        (
            f"   {crowd.users} live tables of four people,"
            if scenario.target_names
            else f"   {crowd.users} guests playing Normal and {crowd.hard_users} Difficile"
            " beside them,"
        )
        + f" {duration:.0f} s measured, arriving {crowd.spawn_rate:g} a second; the page's pace"
        f" and a think time of {os.environ.get('LOAD_THINK_MIN', '1.0')}"
        f"..{os.environ.get('LOAD_THINK_MAX', '3.0')} s, "
        + ("each guest at its own address" if DISTINCT_ADDRESSES else "all guests at " + HOST)
        + ", servers "
        + ", ".join(server.url for server in targets)
        + (f", the guests at {', '.join(crowd.urls)}" if crowd.urls else ""),
        f"   code: {code_version()}",
        "",
        "response times in ms, per request name:",
        header,
        *table_lines(per_action),
        "  " + "-" * (len(header) - 2),
        *table_lines(totals),
    ]
    errors = sum(error["count"] for error in results["errors"])
    lines += ["", f"errors seen by the guests: {errors}"]
    lines += [
        f"  {error['count']:>5} × {error['name']}: {error['error']}"
        for error in results["errors"][:15]
    ]
    lines += [f"  note: {count} × {note}" for note, count in results.get("notes", {}).items()]

    distinct: dict[tuple[str, str], list[ServerError]] = {}
    for report in logs.values():
        for error in report.tracebacks:
            distinct.setdefault(error.key, []).append(error)
    answers_5xx = sum(report.answers_5xx for report in logs.values())
    tracebacks = sum(len(report.tracebacks) for report in logs.values())
    dropped = sum(report.dropped_messages for report in logs.values())
    lines += [
        "",
        f"servers: {answers_5xx} answers 5xx, {tracebacks} tracebacks, {dropped} channel-layer"
        " messages dropped (a process's queue full) in their logs",
    ]
    for name, report in logs.items():
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(report.statuses.items()))
        cpu_line = f", CPU {cpu.get(name, 0):.1f} s ({cpu.get(name, 0) / duration:.0%} of a core)"
        if answered := sum(report.statuses.values()):
            # Issue 38's figure: what an answer costs the server, its sockets' work included.
            cpu_line += f", {cpu.get(name, 0) / answered * 1000:.1f} ms per HTTP answer"
        lines.append(f"  {name}: {statuses or 'no access log line'}{cpu_line}")
        lines += [f"    {n:>5} × {path}" for path, n in report.failing_paths.most_common(10)]
    lines.append(
        f"  Locust itself: CPU {crowd.cpu_seconds:.1f} s ({crowd.cpu_seconds / duration:.0%} of"
        f" a core); load average before {loads(crowd.load_before)}, after {loads(os.getloadavg())}"
    )
    lines += machine_lines(crowd, sum(cpu.values()))
    if distinct:
        lines.append("  distinct server errors (first traceback of each in server-errors.txt):")
        with (out / "server-errors.txt").open("w") as details:
            for (where, last), found in distinct.items():
                lines.append(f"    {len(found):>5} × {where}: {last}")
                lines += [f"          {frame}" for frame in found[0].project_frames()]
                details.write(f"=== {len(found)} × {where}\n" + "\n".join(found[0].lines) + "\n\n")

    # The target is the guests' (the Normal ones); the Difficile games beside them are
    # reported on their own line.
    guests = next((row for row in totals if row.label == "Normal guests"), totals[0])
    if scenario.target_names:
        times = results["times"]
        merged = [time for name in scenario.target_names for time in times.get(name, [])]
        guests = Row("actions", merged, 0, duration)
        lines += ["", "the actions' round trips (" + ", ".join(scenario.target_names) + "):"]
        lines += table_lines([guests])
    overall = guests.figures()
    p95_ok = overall["p95"] <= scenario.p95_target_ms
    passed = errors == 0 and answers_5xx == 0 and tracebacks == 0 and dropped == 0 and p95_ok
    lines += [
        "",
        f"targets: errors {errors} (want 0), server 5xx {answers_5xx}, tracebacks "
        f"{tracebacks} and dropped messages {dropped} (want 0), p95 of the {crowd.users} "
        f"guests' requests {overall['p95']:.0f} ms (want ≤ {scenario.p95_target_ms:.0f})",
        f"result: {'PASS' if passed else 'FAIL'}",
    ]
    summary = {
        "scenario": scenario.name,
        "description": scenario.description,
        "users": crowd.users,
        "hard_users": crowd.hard_users,
        "duration": duration,
        "servers": [server.url for server in targets],
        "code": code_version(),
        "rows": {row.label: row.figures() for row in [*per_action, *totals]},
        "errors": results["errors"],
        "server_5xx": answers_5xx,
        "server_tracebacks": tracebacks,
        "server_dropped_messages": dropped,
        "cpu_seconds": {**cpu, "locust": crowd.cpu_seconds},
        "load_average_before": crowd.load_before,
        "machine": machine_lines(crowd, sum(cpu.values())),
        "passed": passed,
    }
    return lines, summary, passed


def machine_lines(crowd: Crowd, servers_cpu: float) -> list[str]:
    if crowd.machine is None:
        return []
    start, end = crowd.machine
    wall = end.when - start.when
    busy = end.busy - start.busy
    postgres = end.postgres - start.postgres
    rest = busy - servers_cpu - crowd.cpu_seconds - postgres
    cores = os.cpu_count() or 1
    return [
        f"  machine: {cores} cores busy {busy:.0f} of {cores * wall:.0f} core-seconds; of which"
        f" servers {servers_cpu:.0f}, Locust {crowd.cpu_seconds:.0f}, PostgreSQL {postgres:.0f},"
        f" everything else (Redis, other work on the machine) {rest:.0f}; some task waited for"
        f" a core {(end.stalled - start.stalled) / wall:.0%} of the time",
    ]


def code_version() -> str:
    """The commit the servers ran, and how many tracked files differed from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.splitlines()
    except OSError:
        return "unknown (no git)"
    return f"{head}" + (f" with {len(changed)} tracked files changed" if changed else "")


def loads(averages: Sequence[float]) -> str:
    return " ".join(f"{average:.2f}" for average in averages)


def comparison(summary: dict, earlier_path: Path) -> list[str]:
    """postgres-2 beside the last postgres run: what the second process bought."""
    try:
        earlier = json.loads(earlier_path.read_text())
    except (OSError, ValueError):
        return []
    lines = ["", f"beside the last `{earlier['scenario']}` run ({earlier_path}):"]
    for label in ("all requests", "Normal guests", "Difficile guests (hard:)"):
        before, now = earlier["rows"].get(label), summary["rows"].get(label)
        if not before or not now:
            continue
        lines.append(
            f"  {label:<26} req/s {before['per_second']:.1f} → {now['per_second']:.1f};"
            + "".join(
                f" {p} {before[p]:.0f} → {now[p]:.0f} ms ({before[p] / now[p]:.2f}×)"
                for p in ("p50", "p95", "p99")
                if now[p]
            )
        )
    return lines


# -- the run ----------------------------------------------------------------------------


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        raise LoadError(f"{name}={raw!r}: a whole number, please") from None


def run(scenario: Scenario) -> int:
    out = ARTIFACTS / scenario.name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    users = env_int("LOAD_USERS", scenario.users)
    crowd = Crowd(
        users=users,
        # Live tables have no Difficile guests beside them.
        hard_users=0 if scenario.target_names else env_int("LOAD_HARD_USERS", 1),
        run_time=env_int("LOAD_RUN_TIME", 90),
        spawn_rate=float(os.environ.get("LOAD_SPAWN_RATE", "5")),
    )
    results_path = out / "results.json"
    print(f"make load: {scenario.name} ({scenario.description}), artifacts in {out}", flush=True)
    crowd.load_before = os.getloadavg()
    env = server_environment(scenario, out)
    # As a deployment does (docs/deploy.md, « Running on several processes »): production settings
    # name the static files from collectstatic's manifest, so without it every page is a 500.
    for command in ("migrate", "collectstatic") if scenario.production else ("migrate",):
        with (out / f"{command}.log").open("wb") as log:
            done = subprocess.run(
                [sys.executable, "manage.py", command, "--noinput"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        if done.returncode:
            raise LoadError(f"{command} failed:\n{tail(out / f'{command}.log')}")
    cpu: dict[str, float] = {}
    with servers(scenario, env, out) as started:
        print(
            f"  {len(started)} Daphne process(es) at "
            + ", ".join(server.url for server in started)
            + f"; {crowd.users} + {crowd.hard_users} Difficile guests for {crowd.run_time} s …",
            flush=True,
        )
        for server in started:
            server.cpu_at_start = server.cpu_seconds()
        before = MachineSnapshot.now()
        try:
            with front(scenario, started, out) as urls:
                crowd.urls = list(urls)
                run_locust(scenario, urls, crowd, out, results_path)
        finally:
            crowd.machine = (before, MachineSnapshot.now())
            for server in started:
                cpu[f"daphne-{server.number}"] = server.cpu_seconds() - server.cpu_at_start
    if not results_path.exists():
        raise LoadError(
            f"Locust wrote no results (exit {crowd.returncode}):\n{tail(out / 'locust.log')}"
        )
    results = json.loads(results_path.read_text())
    logs = {
        f"daphne-{server.number}": read_log(server.log.read_text(errors="replace"))
        for server in started
    }
    lines, summary, passed = summarize(scenario, crowd, started, cpu, results, logs, out)
    if scenario.name == "postgres-2":
        lines += comparison(summary, ARTIFACTS / "postgres" / "summary.json")
    print("\n" + "\n".join(lines), flush=True)
    (out / "summary.txt").write_text("\n".join(lines) + "\n")
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return 0 if passed else 1


class Terminated(Exception):
    """SIGTERM, raised where the script is, so that every `finally` stops what it started."""


def terminated(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str]) -> int:
    name = (argv[0] if argv else "") or os.environ.get("SCENARIO", "") or "sqlite"
    scenario = SCENARIOS.get(name)
    if scenario is None:
        print(f"make load: unknown SCENARIO={name!r}; one of {', '.join(SCENARIOS)}")
        return 2
    # A SIGTERM (a CI timeout, `kill`) stops the servers like Ctrl-C does.
    signal.signal(signal.SIGTERM, terminated)
    try:
        return run(scenario)
    except LoadError as error:
        print(f"make load: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("make load: interrupted; the servers are stopped.", file=sys.stderr)
        return 130
    except Terminated:
        print("make load: terminated (SIGTERM); the servers are stopped.", file=sys.stderr)
        return 143


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
