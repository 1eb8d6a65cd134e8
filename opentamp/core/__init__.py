"""The platform under every feature: the services that need the database but belong to no
feature. The trading calendar's table, the demo clock's stored state, sign-in tokens, SMS codes,
security tickets, one-order-per-tradeUUID idempotency and signed links.

Features use these directly; ``core`` imports only ``outside``, ``models``/``db``, ``kit`` and
the leaf modules ``errors`` and ``config`` (docs/architecture.md#layers).
"""

from opentamp.core.clock import load_state
from opentamp.kit.clock import clock

clock.read_state_with(load_state)
