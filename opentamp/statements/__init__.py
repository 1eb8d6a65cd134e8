"""Statements (对账单), asset certificates (资产证明), profit books (收益账本) and capital flows
(docs/statements.md)."""
