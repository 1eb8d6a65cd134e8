"""The cost of the transport layer itself: the trivial endpoint against an error envelope (the
404 of an unknown call), the H5 app's page (index.html with its injected config) and its largest
first-route script as the browser asks for it (brotli, sent precompressed), as throughput ratios;
and the first route's JavaScript (gzip) against its 100 KiB goal (docs/architecture.md#first-load).

    .venv/bin/python -m bench.transport

Needs the built client (``npm --prefix web run build``) for the H5 rows.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from bench.harness import Case, compare, server

WEB = Path(__file__).resolve().parent.parent / "web"
PAGE_GOAL, NOT_FOUND_GOAL = 0.8, 0.6


def first_route_size() -> str | None:
    """The budget script's verdict on the built client (web/scripts/bundle-budget.mjs)."""
    if not (WEB / "dist" / "index.html").is_file():
        return None
    done = subprocess.run(
        ["node", "scripts/bundle-budget.mjs", "dist"],
        cwd=WEB,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()


def largest_first_route_script() -> str | None:
    page = WEB / "dist" / "index.html"
    if not page.is_file():
        return None
    scripts = re.findall(r'<script type="module"[^>]*src="\./([^"]+)"', page.read_text())
    return scripts[0] if scripts else None


def main() -> None:
    size = first_route_size()
    print(size or "first route: not built (npm --prefix web run build)")
    script = largest_first_route_script()
    with server() as srv:
        print("Transport (uvicorn, 1 worker, SQLite)")
        cases = [
            Case("unknown call: 404 envelope", "/no/such/call", expect_errors=True),
            Case("H5 page (history fallback)", "/h5/opentamp-trade-h5/mine", outside_api=True),
        ]
        if script:
            cases.append(
                Case(
                    "H5 entry script, brotli (precompressed)",
                    f"/h5/opentamp-trade-h5/{script}",
                    headers={"Accept-Encoding": "br, gzip"},
                    outside_api=True,
                )
            )
        ratios = compare(
            srv, baseline=Case("GET /noauth/app/version", "/noauth/app/version"), cases=cases
        )
        print(
            f"goals: 404 envelope ≥ {NOT_FOUND_GOAL}× (now {ratios[cases[0].name]:.2f}×), "
            f"H5 page ≥ {PAGE_GOAL}× (now {ratios[cases[1].name]:.2f}×)"
        )
        if size:
            print(size)


if __name__ == "__main__":
    main()
