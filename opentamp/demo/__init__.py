"""The demo world (docs/demo.md): deterministic, built by ``opentamp seed demo``."""
