"""The Morningstar questionnaire (晨星投资问卷, docs/morningstar.md#questionnaire): five scored
questions on goal, horizon, loss tolerance, return expectation and liquidity, and one on what
the investor cares about. The total 0..28 gives the profile by the bands below; each profile
aims its equity share (权益类: stock and mixed funds) at a range."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Question:
    no: int
    text: str
    options: tuple[tuple[str, int], ...]
    multi: bool = False


QUESTIONS: tuple[Question, ...] = (
    Question(
        1,
        "您的主要投资目标是？",
        (("保本保值", 0), ("稳健增值", 2), ("长期增值", 4), ("追求高收益", 6)),
    ),
    Question(
        2, "您计划的投资期限是？", (("1年以内", 0), ("1-3年", 2), ("3-5年", 4), ("5年以上", 6))
    ),
    Question(
        3,
        "您的投资一年内下跌多少时，您会考虑卖出？",
        (("5%以内", 0), ("5%-10%", 2), ("10%-20%", 4), ("20%以上", 6)),
    ),
    Question(
        4,
        "您期望的年化收益率大约是？",
        (("3%左右", 0), ("5%左右", 2), ("8%左右", 4), ("10%以上", 6)),
    ),
    Question(5, "未来一年内您需要动用这笔资金的可能性？", (("很大", 0), ("一般", 2), ("很小", 4))),
    Question(
        6,
        "您最关注投资的哪些方面？（可多选）",
        (("收益", 0), ("风险", 0), ("费用", 0), ("分散", 0)),
        multi=True,
    ),
)
#: The horizon in years of each answer of question 2.
HORIZON_YEARS = (1, 3, 5, 8)
#: (upper bound of the total, profile).
PROFILE_BANDS = ((5, 1), (11, 2), (17, 3), (23, 4), (28, 5))
PROFILE_NAMES = {1: "保守型", 2: "稳健型", 3: "平衡型", 4: "成长型", 5: "积极型"}
#: The equity share each profile aims at, low and high (also used from the suitability grade
#: C1..C5 when the questionnaire has not been answered).
EQUITY_RANGES: dict[int, tuple[Decimal, Decimal]] = {
    1: (Decimal("0"), Decimal("0.2")),
    2: (Decimal("0.1"), Decimal("0.4")),
    3: (Decimal("0.3"), Decimal("0.6")),
    4: (Decimal("0.5"), Decimal("0.8")),
    5: (Decimal("0.7"), Decimal("1")),
}
PROFILE_DESCRIPTIONS = {
    1: "您更看重本金安全，建议以货币、债券类资产为主，权益类资产不超过20%。",
    2: "您希望在控制波动的前提下稳健增值，建议权益类资产占比10%-40%。",
    3: "您能承受一定波动以换取长期收益，建议权益类资产占比30%-60%。",
    4: "您追求较高的长期收益并能承受较大波动，建议权益类资产占比50%-80%。",
    5: "您追求高收益并能承受大幅波动，建议权益类资产占比70%以上。",
}


class AnswerInvalid(ValueError):
    """The answers miss a question or name an option that does not exist."""


@dataclass(frozen=True)
class Profile:
    score: int
    profile: int
    equity_low: Decimal
    equity_high: Decimal
    horizon_years: int


def profile_of(total: int) -> int:
    for upper, profile in PROFILE_BANDS:
        if total <= upper:
            return profile
    return 5


def score(answers: dict[int, list[int]]) -> Profile:
    """The profile of a complete set of answers (option numbers from 1)."""
    total = 0
    for q in QUESTIONS:
        chosen = answers.get(q.no) or []
        if not chosen:
            raise AnswerInvalid(f"请回答第{q.no}题")
        if len(set(chosen)) != len(chosen) or any(c < 1 or c > len(q.options) for c in chosen):
            raise AnswerInvalid(f"第{q.no}题的选项有误")
        if not q.multi and len(chosen) > 1:
            raise AnswerInvalid(f"第{q.no}题为单选题")
        total += max(q.options[c - 1][1] for c in chosen)
    unknown = set(answers) - {q.no for q in QUESTIONS}
    if unknown:
        raise AnswerInvalid("问卷题目有误")
    profile = profile_of(total)
    low, high = EQUITY_RANGES[profile]
    return Profile(total, profile, low, high, HORIZON_YEARS[answers[2][0] - 1])
