"""Operator accounts: the broker's staff sign-in, roles and audit trail (docs/operators.md)."""
