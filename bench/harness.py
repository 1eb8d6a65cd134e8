"""What every benchmark needs: a real ``opentamp serve`` on a database of its own, and a load
generator (Debian's ``wrk``) run in interleaved rounds so that the ratios between cases are
measured side by side, under the same machine noise.

    with server(seed_demo=True) as srv:
        token = srv.login_token()
        compare(srv, baseline=Case("app version", "/noauth/app/version"),
                cases=[Case("holdings", "/account/…", headers=auth(token))])
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin" / "opentamp"
PRODUCT = "opentamp"


@dataclass
class Server:
    origin: str
    env: dict[str, str]
    workdir: Path

    @property
    def api(self) -> str:
        return f"{self.origin}/api/v1/{PRODUCT}"

    def cli(self, *args: str) -> str:
        """Run ``opentamp`` against this server's database."""
        done = subprocess.run(
            [str(BIN), *args], env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"opentamp {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def python(self, code: str) -> str:
        """Run Python with the server's settings (to prepare data through the services)."""
        done = subprocess.run(
            [sys.executable, "-c", code], env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"preparation failed:\n{done.stderr}")
        return done.stdout

    def get_json(self, path: str, headers: dict[str, str] | None = None) -> dict:
        request = urllib.request.Request(self.api + path, headers=headers or {})
        with urllib.request.urlopen(request, timeout=30) as res:
            return json.loads(res.read())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    *, database_url: str | None = None, seed_demo: bool = False, workers: int = 1
) -> Iterator[Server]:
    """A server on a fresh database: a temporary SQLite file, or ``database_url`` (which is
    emptied first, so give it a database of its own)."""
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-"))
    env = dict(
        os.environ,
        OPENTAMP_DATABASE_URL=database_url or f"sqlite:///{workdir / 'bench.db'}",
        OPENTAMP_VAR_DIR=str(workdir),
        OPENTAMP_SCHEDULER="false",
    )
    srv = Server(origin="", env=env, workdir=workdir)
    if database_url:
        srv.cli("db", "reset", "--yes")
    srv.cli("db", "upgrade")
    if seed_demo:
        srv.cli("seed", "demo")
    port = _free_port()
    process = subprocess.Popen(
        [str(BIN), "serve", "--port", str(port), "--workers", str(workers), "--no-scheduler"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    srv.origin = f"http://127.0.0.1:{port}"
    try:
        # generous: a loaded machine may take a minute or more to import and start the app
        deadline = time.monotonic() + 240
        while True:
            try:
                srv.get_json("/noauth/app/version")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"server did not start: {process.stderr.read() if process.stderr else ''}"
                    ) from None
                time.sleep(0.2)
        yield srv
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(workdir, ignore_errors=True)


def ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path:
        return path
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(
        [*sudo, "apt-get", "install", "-y", "-qq", "wrk"], check=True, capture_output=True
    )
    path = shutil.which("wrk")
    if not path:
        raise RuntimeError("wrk is needed: apt-get install wrk")
    return path


@dataclass
class Case:
    """One request shape. A POST body may contain ``{n}``, replaced by a number unique per
    request (for tradeUUIDs)."""

    name: str
    path: str
    method: str = "GET"
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    #: Error answers are what this case measures (a 404 envelope, say).
    expect_errors: bool = False
    #: A path outside the API (the H5 app's files).
    outside_api: bool = False


def _lua(case: Case) -> str:
    headers = "".join(f'wrk.headers["{k}"] = {json.dumps(v)}\n' for k, v in case.headers.items())
    if case.body is None:
        return headers + f'wrk.method = "{case.method}"\n'
    template = json.dumps(case.body)
    return (
        headers
        + 'wrk.headers["Content-Type"] = "application/json"\n'
        # unique across runs (a nonce per script) and wrk threads (each its own Lua state,
        # numbered by setup), so every request's tradeUUID is fresh
        + f'local run = "{uuid.uuid4().hex[:12]}"\nlocal threads = 0\n'
        + 'function setup(thread)\n  threads = threads + 1\n  thread:set("tid", threads)\nend\n'
        + "local n = 0\n"
        + "request = function()\n  n = n + 1\n"
        + f"  local body = string.gsub({template}, '{{n}}', run .. '-' .. tid .. '-' .. n)\n"
        + f'  return wrk.format("{case.method}", nil, nil, body)\nend\n'
    )


def run_wrk(srv: Server, case: Case, *, seconds: int, connections: int, threads: int) -> float:
    """Requests per second of one wrk run; non-2xx answers make the run fail."""
    script = srv.workdir / f"case-{abs(hash(case.name))}.lua"
    script.write_text(_lua(case), encoding="utf-8")
    url = (srv.origin if case.outside_api else srv.api) + case.path
    out = subprocess.run(
        [ensure_wrk(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if bad and not case.expect_errors:
        raise RuntimeError(f"{case.name}: {bad.group(1)} failed responses\n{out}")
    match = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not match:
        raise RuntimeError(f"unreadable wrk output:\n{out}")
    return float(match.group(1))


def compare(
    srv: Server,
    *,
    baseline: Case,
    cases: list[Case],
    rounds: int = 3,
    seconds: int = 5,
    connections: int = 16,
    threads: int = 2,
) -> dict[str, float]:
    """Throughput of each case as a ratio of the baseline's, from interleaved rounds; prints a
    table and returns the ratios."""
    runs: dict[str, list[float]] = {c.name: [] for c in [baseline, *cases]}
    for _ in range(rounds):
        for case in [baseline, *cases]:
            runs[case.name].append(
                run_wrk(srv, case, seconds=seconds, connections=connections, threads=threads)
            )
    base = statistics.median(runs[baseline.name])
    ratios = {}
    print(f"{'case':<40} {'req/s (median)':>15} {'ratio':>8}")
    for case in [baseline, *cases]:
        rps = statistics.median(runs[case.name])
        ratios[case.name] = rps / base
        print(f"{case.name:<40} {rps:>15.0f} {rps / base:>7.2f}x")
    return ratios


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
