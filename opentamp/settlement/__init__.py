"""Daily settlement (docs/trading.md "Settlement", docs/rules.md): confirmation of due orders,
wallet income, dividends, portfolio parents, and the valuation and daily profit of every
holding, as set-based SQL inside the day's pipeline transaction."""
