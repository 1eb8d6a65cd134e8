"""Daily settlement (docs/trading.md "Settlement", DESIGN §4–§5): confirmation of due orders,
wallet income, dividends, portfolio parents, and the valuation and daily profit of every
holding, as set-based SQL inside the day's pipeline transaction."""
