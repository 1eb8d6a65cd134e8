"""The allocation optimiser (docs/robo.md#plan-and-allocations): PyPortfolioOpt over the funds'
daily dividend-adjusted values.

Inputs are the aligned values of the funds an investor may hold (a date × fund frame, the last
``LOOKBACK`` trading days); expected returns are the historical CAGR, risk the sample
covariance of daily returns (both annualised on 252 days). The alternatives:

- ``MIN_VOLATILITY`` 稳健方案: the minimum-variance portfolio;
- ``TARGET_RISK`` 均衡方案: the highest expected return at the grade's volatility budget
  (mean-variance, ``efficient_risk``); left out when the budget is below the minimum variance;
- ``HRP`` 分散方案: hierarchical risk parity (López de Prado) on the same returns;
- ``ABOVE_GRADE`` 进取方案: ``efficient_risk`` at the next grade's budget over the funds of
  one level more (the investor must authorise it,
  docs/robo.md#risk-permission-over-level-authorisation).

Every weight (hierarchical risk parity's too, capped afterwards) is bounded by ``MAX_WEIGHT``
(or 1/n when fewer funds make that infeasible); weights below 1 % are dropped, the rest
rescaled within the bound and rounded to 4 places summing to exactly 1 (largest remainders).
Alternatives with the same weights are given once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

# numpy, pandas and PyPortfolioOpt (with cvxpy and scipy under it) are imported by the functions
# that compute, when a plan is first computed: at import they would add about 140 MiB to every
# server process, most of which never plans (docs/architecture.md#the-pieces).

LOOKBACK = 756  # three years of trading days
MAX_WEIGHT = 0.4
CUTOFF = 0.01
RISK_FREE = 0.015
WEIGHT_PLACES = Decimal("0.0001")
#: The annual volatility aimed at per grade C1..C5 (docs/robo.md#states-and-codes).
GRADE_BUDGET = {1: 0.02, 2: 0.05, 3: 0.10, 4: 0.15, 5: 0.20}

MIN_VOLATILITY, TARGET_RISK, HRP, ABOVE_GRADE = (
    "MIN_VOLATILITY",
    "TARGET_RISK",
    "HRP",
    "ABOVE_GRADE",
)
METHOD_NAMES = {
    MIN_VOLATILITY: "稳健方案",
    TARGET_RISK: "均衡方案",
    HRP: "分散方案",
    ABOVE_GRADE: "进取方案",
    "ADVISER": "投顾建议方案",
}


@dataclass(frozen=True)
class Alternative:
    method: str
    weights: dict[str, Decimal]  # fund code → weight, summing to 1
    expected_return: Decimal
    volatility: Decimal
    sharpe: Decimal | None


def price_frame(series: Mapping[str, Sequence[tuple[date, Decimal]]]) -> pd.DataFrame:
    """The funds' values on the days all of them have one, the last ``LOOKBACK`` + 1."""
    import pandas as pd

    frame = pd.DataFrame(
        {code: pd.Series({d: float(v) for d, v in pts}) for code, pts in series.items() if pts}
    )
    frame = frame.sort_index().dropna()
    return frame.tail(LOOKBACK + 1)


def budget(grade: int, loss_tolerance: Decimal | None = None) -> float:
    """The volatility budget of a grade, capped by half the survey's accepted loss."""
    cap = GRADE_BUDGET[max(1, min(grade, 5))]
    if loss_tolerance is not None:
        cap = min(cap, float(loss_tolerance) / 2)
    return cap


def exact_weights(raw: Mapping[str, float], cap: float | None = None) -> dict[str, Decimal]:
    """Weights below the cut-off dropped (unless needed to stay within ``cap``), the rest
    rescaled to sum to 1 (no weight above ``cap``: the excess is spread pro rata over the
    others), rounded down to 4 places and the ten-thousandths left over given to the largest
    remainders (ties: the larger weight first), so they sum to exactly 1."""
    ordered = sorted(raw, key=lambda c: (-raw[c], c))
    chosen = [c for c in ordered if raw[c] >= CUTOFF] or ordered[:1]
    if cap is not None:  # too few funds left for the cap: the next largest are kept
        for c in ordered[len(chosen) :]:
            if cap * len(chosen) >= 1 or raw[c] <= 0:
                break
            chosen.append(c)
    kept = {c: raw[c] for c in chosen}
    total = sum(kept.values())
    share = {c: w / total for c, w in kept.items()}
    if cap is not None and cap * len(share) >= 1:
        for _ in range(len(share)):
            over = {c for c, w in share.items() if w > cap}
            if not over:
                break
            excess = sum(share[c] - cap for c in over)
            free = {c: w for c, w in share.items() if w < cap and c not in over}
            room = sum(free.values())
            if room <= 0:
                break
            for c in over:
                share[c] = cap
            for c, w in free.items():
                share[c] = w + excess * w / room
    codes = sorted(share, key=lambda c: (-share[c], c))
    units = {c: int(Decimal(str(share[c])) / WEIGHT_PLACES) for c in codes}
    left = 10_000 - sum(units.values())
    by_remainder = sorted(
        codes, key=lambda c: (-(Decimal(str(share[c])) / WEIGHT_PLACES - units[c]), codes.index(c))
    )
    for c in by_remainder[: max(left, 0)]:
        units[c] += 1
    return {c: units[c] * WEIGHT_PLACES for c in codes if units[c] > 0}


def _figures(
    weights: Mapping[str, Decimal], mu: pd.Series, cov: pd.DataFrame
) -> tuple[Decimal, Decimal, Decimal | None]:
    import numpy as np

    codes = list(weights)
    w = np.array([float(weights[c]) for c in codes])
    ret = float(w @ mu[codes].to_numpy())
    vol = math.sqrt(max(float(w @ cov.loc[codes, codes].to_numpy() @ w), 0.0))
    sharpe = (ret - RISK_FREE) / vol if vol > 0 else None
    q = Decimal("0.000001")
    return (
        Decimal(str(ret)).quantize(q),
        Decimal(str(vol)).quantize(q),
        Decimal(str(sharpe)).quantize(q) if sharpe is not None else None,
    )


def _bounds(n: int) -> tuple[float, float]:
    return (0.0, max(MAX_WEIGHT, 1.0 / n + 1e-9))


def _mean_variance(prices: pd.DataFrame, target: float | None) -> dict[str, float] | None:
    from pypfopt import EfficientFrontier, expected_returns, risk_models

    mu = expected_returns.mean_historical_return(prices)
    cov = risk_models.sample_cov(prices)
    ef = EfficientFrontier(mu, cov, weight_bounds=_bounds(len(prices.columns)))
    try:
        weights = ef.min_volatility() if target is None else ef.efficient_risk(target)
    except Exception:  # the budget is below the minimum variance, or the solver found none
        return None
    return {str(k): float(v) for k, v in weights.items()}


def _hrp(prices: pd.DataFrame) -> dict[str, float]:
    from pypfopt import HRPOpt, expected_returns

    if len(prices.columns) == 1:
        return {str(prices.columns[0]): 1.0}
    hrp = HRPOpt(expected_returns.returns_from_prices(prices))
    return {str(k): float(v) for k, v in hrp.optimize().items()}


def alternatives(
    prices: pd.DataFrame,
    levels: Mapping[str, int],
    grade: int,
    loss_tolerance: Decimal | None = None,
) -> list[Alternative]:
    """The alternatives for an investor of ``grade`` (docs/robo.md): every fund of level ≤ the
    grade, and for ``ABOVE_GRADE`` the level above too (never for C1 nor C5)."""
    from pypfopt import expected_returns, risk_models

    allowed = [c for c in prices.columns if levels[c] <= grade]
    out: list[Alternative] = []
    if len(prices) < 2 or not allowed:
        return out
    mu = expected_returns.mean_historical_return(prices)
    cov = risk_models.sample_cov(prices)
    own = prices[allowed]
    candidates: list[tuple[str, dict[str, float] | None]] = [
        (MIN_VOLATILITY, _mean_variance(own, None)),
        (TARGET_RISK, _mean_variance(own, budget(grade, loss_tolerance))),
        (HRP, _hrp(own)),
    ]
    if 1 < grade < 5:
        wider = [c for c in prices.columns if levels[c] <= grade + 1]
        if len(wider) > len(allowed):
            candidates.append((ABOVE_GRADE, _mean_variance(prices[wider], budget(grade + 1))))
    seen: list[dict[str, Decimal]] = []
    for method, raw in candidates:
        if raw is None:
            continue
        weights = exact_weights(raw, _bounds(len(raw))[1])
        if weights in seen:
            continue
        if method == ABOVE_GRADE and all(levels[c] <= grade for c in weights):
            continue  # the wider universe chose nothing above the grade: no separate proposal
        seen.append(weights)
        out.append(Alternative(method, weights, *_figures(weights, mu, cov)))
    return out


def figures(
    weights: Mapping[str, Decimal], prices: pd.DataFrame
) -> tuple[Decimal, Decimal, Decimal | None]:
    """Expected annual return, volatility and Sharpe ratio of ``weights`` over ``prices``."""
    from pypfopt import expected_returns, risk_models

    mu = expected_returns.mean_historical_return(prices)
    cov = risk_models.sample_cov(prices)
    return _figures(weights, mu, cov)
