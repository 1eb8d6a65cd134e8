"""The cost of the transport layer itself: the trivial endpoint against an error envelope (the
404 of an unknown call) and the H5 app's page (index.html with its injected config), as
throughput ratios.

    .venv/bin/python -m bench.transport
"""

from __future__ import annotations

from bench.harness import Case, compare, server


def main() -> None:
    with server() as srv:
        print("Transport (uvicorn, 1 worker, SQLite)")
        compare(
            srv,
            baseline=Case("GET /noauth/app/version", "/noauth/app/version"),
            cases=[
                Case("unknown call: 404 envelope", "/no/such/call", expect_errors=True),
                Case("H5 page (history fallback)", "/h5/opentamp-trade-h5/mine", outside_api=True),
            ],
        )


if __name__ == "__main__":
    main()
