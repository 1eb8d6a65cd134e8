"""The standard risk questionnaire (个人投资者风险承受能力评估问卷) and its scoring
(docs/rules.md#suitability). Ten questions of up to 10 points: the total 0..100 gives the grade by
the bands
below; the answer 不能承受任何损失 makes the investor C1 (风险承受能力最低类别) whatever the
total. A multiple-choice question scores its highest chosen option."""

from __future__ import annotations

from dataclasses import dataclass

#: (upper bound of the total, grade): ≤20 C1, ≤40 C2, ≤60 C3, ≤80 C4, else C5.
GRADE_BANDS = ((20, 1), (40, 2), (60, 3), (80, 4), (100, 5))

GRADE_DESCRIPTIONS = {
    1: "您的风险承受能力为保守型，适合投资低风险（R1）产品，如货币基金。",
    2: "您的风险承受能力为稳健型，适合投资中低风险（R2）及以下产品，如债券基金。",
    3: "您的风险承受能力为平衡型，适合投资中风险（R3）及以下产品，如偏债混合基金、组合。",
    4: "您的风险承受能力为成长型，适合投资中高风险（R4）及以下产品，如偏股混合、指数基金。",
    5: "您的风险承受能力为进取型，适合投资高风险（R5）及以下全部产品。",
}


def grade_of(total: int, *, forced_lowest: bool) -> int:
    if forced_lowest:
        return 1
    for upper, grade in GRADE_BANDS:
        if total <= upper:
            return grade
    return 5


@dataclass(frozen=True)
class Choice:
    text: str
    score: int
    forces_lowest: bool = False


@dataclass(frozen=True)
class Question:
    text: str
    choices: tuple[Choice, ...]
    type: str = "single"


def _q(
    text: str, *choices: tuple[str, int] | tuple[str, int, bool], type: str = "single"
) -> Question:
    return Question(text, tuple(Choice(*c) for c in choices), type)


RISK_QUESTIONS: tuple[Question, ...] = (
    _q("您的年龄是？", ("18-30岁", 8), ("31-50岁", 10), ("51-60岁", 6), ("61-70岁", 3),
       ("70岁以上", 0)),
    _q("您的家庭年收入约为？", ("10万元以下", 2), ("10-50万元", 6), ("50-100万元", 8),
       ("100万元以上", 10)),
    _q("您有多少年投资基金、股票等风险资产的经验？", ("没有经验", 0), ("2年以下", 4),
       ("2-5年", 7), ("5年以上", 10)),
    _q("您投资过哪些品种？（可多选）", ("银行存款、银行理财", 2), ("债券、货币基金", 4),
       ("股票、混合型或股票型基金", 7), ("期货、期权、私募等", 10), type="multi"),
    _q("您的投资目标是？", ("保本保息，资产安全", 1), ("稳健增值，小幅波动", 4),
       ("较高收益，可承受一定波动", 7), ("追求高收益，可承受较大波动", 10)),
    _q("您计划的投资期限是？", ("1年以内", 2), ("1-3年", 5), ("3-5年", 8), ("5年以上", 10)),
    _q("您能承受的最大投资亏损是？", ("不能承受任何损失", 0, True), ("10%以内", 4),
       ("10%-30%", 7), ("30%以上", 10)),
    _q("您的收入来源是否稳定？", ("无固定收入", 0), ("收入不稳定", 3), ("收入较稳定", 7),
       ("收入稳定且有结余", 10)),
    _q("您对金融产品和投资的了解程度是？", ("基本不了解", 0), ("了解一些", 4),
       ("比较了解", 7), ("非常了解，有专业背景", 10)),
    _q("若您的投资一个月内下跌20%，您会？", ("全部卖出", 1), ("卖出一部分", 4),
       ("继续持有", 7), ("逢低加仓", 10)),
)  # fmt: skip

GENERAL_QUESTIONS: tuple[Question, ...] = (
    _q("您最关注投资的哪个方面？", ("收益", 0), ("风险控制", 0), ("流动性", 0), ("费用", 0)),
    _q("您希望获得哪些投资服务？（可多选）", ("定投计划", 0), ("投顾陪伴", 0),
       ("市场解读", 0), ("资产配置建议", 0), type="multi"),
    _q("您对我们的服务有什么建议？", type="text"),
)  # fmt: skip
