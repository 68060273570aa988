"""Servers of the project's own, started and stopped from outside it: Daphne processes on
free ports, a fresh PostgreSQL database, a Redis database (`make load`, the multi-process
tests, tests/multiprocess, and the queue's load run, loadtest/queue.py), and the whole
cluster as deployed: Daphne processes and the table clock worker (`start_cluster`)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
# The site's own variables: a cluster sets its own, whatever the caller's say.
SITE_VARIABLES = ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")


class ServerError(Exception):
    """A server that does not start or a database that does not answer, said plainly."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def postgres_database(server_url: str, name: str) -> str:
    """A fresh, empty database `name` on the server; its URL."""
    import psycopg  # the project's own driver; only the PostgreSQL scenarios need it

    try:
        with psycopg.connect(f"{server_url}/postgres", autocommit=True, connect_timeout=5) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            db.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as error:
        raise ServerError(f"PostgreSQL at {server_url}: {error}") from None
    return f"{server_url}/{name}"


def redis_command(url: str, *words: str) -> bytes:
    """One command to the Redis server of `url`, on its database; the raw reply."""
    parts = urlsplit(url)
    database = parts.path.strip("/") or "0"

    def encoded(*command: str) -> bytes:
        items = [f"${len(word.encode())}\r\n{word}\r\n" for word in command]
        return f"*{len(command)}\r\n{''.join(items)}".encode()

    try:
        with socket.create_connection((parts.hostname or HOST, parts.port or 6379), 5) as sock:
            sock.sendall(encoded("SELECT", database) + encoded(*words))
            reply = b""
            while reply.count(b"\r\n") < 2:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                reply += chunk
    except OSError as error:
        raise ServerError(f"Redis at {url}: {error}") from None
    if not reply.startswith(b"+OK"):
        raise ServerError(f"Redis at {url} refused SELECT {database}: {reply[:80]!r}")
    return reply.split(b"\r\n", 1)[1]


@dataclass
class Server:
    number: int
    port: int
    log: Path
    process: subprocess.Popen[bytes]
    cpu_at_start: float = 0.0

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def cpu_seconds(self) -> float:
        """User and system time of the process so far (all its threads)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(
    number: int, env: dict[str, str], out: Path, *, proxy_headers: bool = False
) -> Server:
    """Daphne on a free port of HOST, in its own process group, its output in
    `out`/daphne-`number`.log."""
    port = free_port()
    log = out / f"daphne-{number}.log"
    with log.open("wb") as handle:
        process = subprocess.Popen(
            [
                str(BIN / "daphne"),
                *(["--proxy-headers"] if proxy_headers else []),
                "-b",
                HOST,
                "-p",
                str(port),
                "config.asgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            # Its own process group, stopped by its id whatever happens here.
            start_new_session=True,
        )
    return Server(number=number, port=port, log=log, process=process)


def wait_until_ready(server: Server, headers: dict[str, str], timeout: float) -> None:
    """Until the home page answers 200; ServerError if the process exits or never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise ServerError(f"daphne-{server.number} exited:\n{tail(server.log)}")
        request = urllib.request.Request(f"{server.url}/", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    raise ServerError(f"daphne-{server.number} did not answer in {timeout} s:\n{tail(server.log)}")


def stop(process: subprocess.Popen[bytes], timeout: float = 10) -> None:
    """SIGTERM to the process's own group, SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


@dataclass
class Cluster:
    """The site as deployed on several processes: its Daphne servers, the table clock
    worker (`manage.py tableclock`, which also runs the queue's matcher) and the
    environment they share (`env`: their database and Redis, for `manage.py` commands)."""

    servers: list[Server]
    worker: subprocess.Popen[bytes]
    env: dict[str, str]


@contextmanager
def start_cluster(
    database_server: str,
    database: str,
    redis_url: str,
    out: Path,
    *,
    processes: int = 2,
    proxy_headers: bool = False,
) -> Iterator[Cluster]:
    """`processes` Daphne processes and the table clock worker on a fresh PostgreSQL
    database `database` of `database_server` and the Redis database of `redis_url`
    (emptied first), migrated and answering; their logs in `out`. All stopped on exit."""
    out.mkdir(parents=True, exist_ok=True)
    env = {key: value for key, value in os.environ.items() if key not in SITE_VARIABLES}
    env.update(
        DATABASE_URL=postgres_database(database_server, database),
        REDIS_URL=redis_url,
        TABLE_CLOCK_IN_PROCESS="0",
        PYTHONUNBUFFERED="1",
    )
    redis_command(redis_url, "FLUSHDB")
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
    )
    if migrate.returncode != 0:
        raise ServerError(f"migrate failed:\n{migrate.stderr.decode()[-2000:]}")
    started: list[Server] = []
    clock_log = (out / "tableclock.log").open("wb")
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "tableclock"],
        cwd=ROOT,
        env=env,
        stdout=clock_log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        for number in range(1, processes + 1):
            started.append(start_server(number, env, out, proxy_headers=proxy_headers))
        for server in started:
            wait_until_ready(server, {}, 60)
        yield Cluster(servers=started, worker=worker, env=env)
    finally:
        for server in started:
            stop(server.process)
        stop(worker)
        clock_log.close()
