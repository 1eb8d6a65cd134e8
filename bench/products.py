"""NAV-series and performance calls against the trivial GET /noauth/app/version.

A server with the demo world (fund 004101 has ten years of daily NAVs); a visitor token; one
warming call each (the first computes and caches the product's figures for its NAV date);
then wrk in interleaved rounds (bench/harness.py), printing each call's throughput as a ratio
of the trivial call's. Its inverse is the cost ratio: the aim is the performance call under 3×.

    .venv/bin/python -m bench.products
"""

from __future__ import annotations

import json
import urllib.request

from bench.harness import Case, auth, compare, server

FUND = "004101"


def main() -> None:
    with server(seed_demo=True) as srv:
        request = urllib.request.Request(
            srv.api + "/noauth/store/h5Token",
            data=json.dumps({"brokerId": 1001}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as res:
            token = json.loads(res.read())["data"]["accessToken"]
        headers = auth(token)
        series_path = f"/product/navSeries?productCode={FUND}&period="
        perf_path = "/product/performance?productCode="
        cases = [
            Case("navSeries, 1 year", series_path + "1y", headers=headers),
            Case("navSeries, since inception", series_path + "all", headers=headers),
            Case("performance, fund", perf_path + FUND, headers=headers),
            Case("performance, portfolio", perf_path + "ZH000002", headers=headers),
        ]
        series = srv.get_json(cases[1].path, headers)["data"]
        for case in cases:  # the first call computes and caches the figures
            srv.get_json(case.path, headers)
        print(
            f"Products (uvicorn, 1 worker, SQLite): fund {FUND} from {series['startDate']} to "
            f"{series['endDate']}, {len(series['points'])} chart points since inception"
        )
        ratios = compare(
            srv, baseline=Case("GET /noauth/app/version", "/noauth/app/version"), cases=cases
        )
        print("cost relative to the trivial call (its throughput ÷ theirs):")
        for name, ratio in ratios.items():
            print(f"  {name:<38} {1 / ratio:>6.2f}x")


if __name__ == "__main__":
    main()
