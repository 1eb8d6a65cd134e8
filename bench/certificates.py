"""The 资产证明 issued in the request: POST /asset/genAssetCertification (its PDF rendered by
fpdf2 with the Noto CJK faces, docs/statements.md#the-fonts-cost) against the trivial
GET /noauth/app/version, as the server's CPU per request.

A server with the demo world (its first user, token from ``opentamp token issue``); the first
certificate of the process (the faces parsed, and the outline files made in the server's fresh
var directory), then rounds of certificates asked one after another, and as many by four
clients at once (the renders in the server's worker threads together); the server's user and
system time over each round's requests, the median of the rounds; the resident memory after.

    .venv/bin/python -m bench.certificates                      # this checkout
    .venv/bin/python -m bench.certificates --before ../base     # and another, side by side

With ``--before`` the servers of the two checkouts run at once and the rounds alternate between
them, so both are measured under the same machine noise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from bench.harness import ROOT, Server, auth, cpu_seconds, resident_mib, server


def _post(srv: Server, path: str, body: dict, headers: dict[str, str]) -> dict:
    request = urllib.request.Request(
        srv.api + path,
        data=json.dumps(body).encode(),
        headers={**headers, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as res:
        answer = json.loads(res.read())
    if answer.get("code") != 0:
        raise RuntimeError(f"{path}: {answer}")
    return answer["data"]


class Certificates:
    """One server's demo user and the certificate it asks for."""

    def __init__(self, srv: Server) -> None:
        self.srv = srv
        self.headers = auth(json.loads(srv.cli("token", "issue"))["accessToken"])
        preview = srv.get_json("/asset/certificationPreview", self.headers)["data"]
        self.body = {
            "date": preview["maxDate"],
            "financialAccountIds": [a["financialAccountId"] for a in preview["accounts"]],
            "language": "zh",
        }

    def issue(self, _: int = 0) -> None:
        _post(self.srv, "/asset/genAssetCertification", self.body, self.headers)

    def trivial(self, _: int = 0) -> None:
        self.srv.get_json("/noauth/app/version")

    def cpu_ms(self, call: str, count: int, clients: int = 1) -> float:
        """The server's CPU per call (ms) over ``count`` calls by ``clients`` at once."""
        used = cpu_seconds(self.srv.pid)
        with ThreadPoolExecutor(clients) as pool:
            list(pool.map(getattr(self, call), range(count)))
        return 1000 * (cpu_seconds(self.srv.pid) - used) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another checkout, measured side by side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=8, help="certificates a round")
    args = parser.parse_args()
    checkouts = {"after": ROOT} if args.before is None else {"before": args.before, "after": ROOT}
    load = os.getloadavg()[0]
    with ExitStack() as stack:
        each: dict[str, Certificates] = {}
        first: dict[str, float] = {}
        for name, code in checkouts.items():
            each[name] = Certificates(stack.enter_context(server(seed_demo=True, code=code)))
            each[name].trivial()
            first[name] = each[name].cpu_ms("issue", 1)
        rows: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            for name, certs in each.items():
                for case, call, count, clients in (
                    ("one by one", "issue", args.count, 1),
                    ("4 at once", "issue", args.count, 4),
                    ("trivial call", "trivial", 100, 1),
                ):
                    rows.setdefault((name, case), []).append(certs.cpu_ms(call, count, clients))
        print(
            f"genAssetCertification, the server's CPU per request (ms, median of {args.rounds} "
            f"rounds; load average {load:.1f} → {os.getloadavg()[0]:.1f})"
        )
        for name, certs in each.items():
            trivial = statistics.median(rows[(name, "trivial call")])
            line = f"  {name:<7} first {first[name]:6.0f}"
            for case in ("one by one", "4 at once"):
                cost = statistics.median(rows[(name, case)])
                line += f"   {case} {cost:6.1f} ({cost / trivial:.0f}× the trivial call's)"
            line += f"   trivial call {trivial:.2f}"
            print(f"{line}   resident {resident_mib(certs.srv.pid):.0f} MiB")


if __name__ == "__main__":
    main()
