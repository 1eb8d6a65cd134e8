"""The demo world (DESIGN §7): deterministic, built by ``opentamp seed demo``."""
