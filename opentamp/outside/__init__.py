"""The outside world (docs/architecture.md#the-pieces): SMS, payments, WeChat, e-signature,
uploads. Each sits behind
a small interface with a local implementation used in development and tests; no real third
party is ever called."""
