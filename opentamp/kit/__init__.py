"""Shared infrastructure used by every feature: money, clock, calendar, transport helpers."""
