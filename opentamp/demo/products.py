# ruff: noqa: E501  (tables of demo data read best one record per line)
"""The products of the demo world (docs/demo.md): fund companies and managers, 32 funds over every
fund type 0–10 and risk level R1–R5 with fee schedules and operating fees, benchmark indexes,
portfolios with their adjustment history, a target strategy, signal products, an advisory
portfolio, pension funds, private products, per-broker shelves and the performance
algorithms. Market data (NAVs, closes, dividends, signals) is then simulated up to the last
publishable day (:func:`seed_market`), and the documents and notices that quote it are written
last (:func:`seed_documents`).

Everything is fixed data or drawn from the world's seeded random generator, so two runs give
the same world. Inception dates are absolute, so the history up to a given day is the same
whenever the world is built.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.demo.world import DemoWorld
from opentamp.jobs import last_publishable_day
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.money import round_half_up
from opentamp.market.service import simulate_history
from opentamp.models.catalogue import (
    BenchmarkIndex,
    FundManager,
    FundManagerTenure,
    MarketSeries,
    PerformanceAlgorithm,
    PortfolioAdjustment,
    PortfolioAdjustmentItem,
    PrivateProduct,
    PrivateSet,
    ProductDocument,
    ProductNotice,
    ProductShelf,
    StrategyInfo,
)
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    WALLET_FUND_CODE,
    Fund,
    FundCompany,
    FundDividend,
    FundFeeTier,
    Portfolio,
    PortfolioComponent,
)
from opentamp.products import analytics
from opentamp.products import performance as perf
from opentamp.products.jobs import sync_strategies

D = Decimal

# -- companies ----------------------------------------------------------------------------

COMPANIES = [
    (1, "远航基金管理有限公司", "远航基金", date(2003, 4, 18), "3亿元", "远航"),
    (2, "长青基金管理有限公司", "长青基金", date(2005, 9, 6), "2亿元", "长青"),
    (3, "博远基金管理有限公司", "博远基金", date(2008, 1, 22), "1.5亿元", "博远"),
    (4, "恒信基金管理有限公司", "恒信基金", date(2011, 6, 30), "2亿元", "恒信"),
    (5, "景明基金管理有限公司", "景明基金", date(2013, 3, 12), "1亿元", "景明"),
    (6, "青松基金管理有限公司", "青松基金", date(2015, 11, 2), "1.2亿元", "青松"),
]
CITIES = ["上海市浦东新区世纪大道88号", "北京市西城区金融大街7号", "深圳市福田区深南大道6008号",
          "上海市虹口区东大名路501号", "广州市天河区珠江新城华夏路10号", "杭州市上城区钱江路1366号"]  # fmt: skip

# -- indexes ------------------------------------------------------------------------------

INDEX_START = date(2015, 1, 5)
INDEXES: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("000300", "沪深300", "equity", "3533.7100", {"exposures": {"CN_EQ": "1"}}),
    ("000905", "中证500", "equity", "5100.2400", {"exposures": {"CN_EQ": "1.15"}, "idio": "0.08"}),
    ("399006", "创业板指", "equity", "1506.3000", {"exposures": {"CN_EQ": "1.3"}, "idio": "0.15"}),
    (
        "000922",
        "中证红利",
        "equity",
        "3980.1600",
        {"exposures": {"CN_EQ": "0.8"}, "idio": "0.05", "alpha": "0.03"},
    ),
    ("H11001", "中证全债", "bond", "160.5500", {"exposures": {"CN_BD": "1"}}),
    ("SPX", "标普500", "overseas", "2058.2000", {"exposures": {"US_EQ": "1"}}),
    ("HSI", "恒生指数", "overseas", "23857.8200", {"exposures": {"HK_EQ": "1"}}),
    ("AU9999", "黄金9999", "commodity", "240.5000", {"exposures": {"GOLD": "1"}}),
]
INDEX_DESCRIPTIONS = {
    "000300": "由沪深市场中规模大、流动性好的最具代表性的300只证券组成，反映沪深市场上市公司证券的整体表现。",
    "000905": "由全部A股中剔除沪深300指数成份股及总市值排名前300名的股票后，总市值排名靠前的500只股票组成，反映中小市值公司的整体表现。",
    "399006": "由创业板中市值大、流动性好的100只股票组成，反映创业板市场的运行情况。",
    "000922": "选取100只现金股息率高、分红比较稳定、具有一定规模及流动性的证券作为样本，反映高股息率证券的整体表现。",
    "H11001": "由在上海证券交易所、深圳证券交易所及银行间市场上市的国债、金融债及企业债组成，反映中国债券市场的整体价格走势。",
    "SPX": "由美国上市的500家大型公司股票组成，反映美国股票市场的整体表现。",
    "HSI": "由香港联合交易所上市的市值最大、流通性最好的公司股票组成，反映香港股票市场的整体表现。",
    "AU9999": "上海黄金交易所成色不低于99.99%的黄金现货合约价格，反映国内黄金价格走势。",
}  # fmt: skip

# -- funds --------------------------------------------------------------------------------

MODELS: dict[str, dict[str, Any]] = {
    "money": {"model": "money", "base_yield": "0.021", "spread": "0.004"},
    "money_low": {"model": "money", "base_yield": "0.018", "spread": "0.003"},
    "short_bond": {"alpha": "0.006", "exposures": {"CN_BD": "0.55"}, "idio": "0.004"},
    "bond": {"alpha": "0.004", "exposures": {"CN_BD": "1"}, "idio": "0.008"},
    "bond_plus": {"alpha": "0.008", "exposures": {"CN_BD": "0.8", "CN_EQ": "0.15"}, "idio": "0.01"},
    "protected": {"alpha": "0.004", "exposures": {"CN_BD": "0.8", "CN_EQ": "0.1"}, "idio": "0.01"},
    "mixed_bond": {"alpha": "0.01", "exposures": {"CN_BD": "0.7", "CN_EQ": "0.25"}, "idio": "0.02"},
    "mixed": {"alpha": "0.015", "exposures": {"CN_EQ": "0.6", "CN_BD": "0.3"}, "idio": "0.06"},
    "mixed_equity": {"alpha": "0.02", "exposures": {"CN_EQ": "0.85"}, "idio": "0.08"},
    "theme": {"alpha": "0.02", "exposures": {"CN_EQ": "1.1"}, "idio": "0.18"},
    "stock": {"alpha": "0.025", "exposures": {"CN_EQ": "0.95"}, "idio": "0.10"},
    "index300": {"alpha": "0.004", "exposures": {"CN_EQ": "1"}, "idio": "0.012"},
    "index500": {"alpha": "0.03", "exposures": {"CN_EQ": "1.15"}, "idio": "0.08"},
    "chinext": {"alpha": "0", "exposures": {"CN_EQ": "1.3"}, "idio": "0.15"},
    "dividend": {"alpha": "0.03", "exposures": {"CN_EQ": "0.8"}, "idio": "0.05"},
    "qdii_tech": {"alpha": "0.02", "exposures": {"US_EQ": "1.3"}, "idio": "0.12"},
    "qdii_spx": {"alpha": "-0.002", "exposures": {"US_EQ": "1"}, "idio": "0.02"},
    "gold": {"alpha": "-0.004", "exposures": {"GOLD": "1"}, "idio": "0.01"},
    "hk": {"alpha": "0.01", "exposures": {"HK_EQ": "0.9"}, "idio": "0.06"},
    "asia_bond": {
        "alpha": "0.01",
        "exposures": {"CN_BD": "0.5", "HK_EQ": "0.1", "US_EQ": "0.05"},
        "idio": "0.03",
    },
    "fof": {"alpha": "0.01", "exposures": {"CN_EQ": "0.4", "CN_BD": "0.5"}, "idio": "0.03"},
    "fof_active": {"alpha": "0.015", "exposures": {"CN_EQ": "0.7", "CN_BD": "0.2"}, "idio": "0.04"},
    "fof_stable": {"alpha": "0.008", "exposures": {"CN_EQ": "0.15", "CN_BD": "0.8"}, "idio": "0.01"},
}  # fmt: skip


@dataclass(frozen=True)
class FundSpec:
    code: str
    name: str
    short_name: str
    fund_type: int
    risk: int
    company: int
    inception: date
    model: str
    benchmark_code: str
    benchmark: str
    fees: str  # key of FEE_SCHEDULES
    extra: dict[str, Any] | None = None


FUNDS: list[FundSpec] = [
    # money market (4), R1
    FundSpec(WALLET_FUND_CODE, "远航活期宝货币市场基金A", "远航活期宝货币A", 4, 1, 1, date(2015, 1, 5), "money", "H11001", "七天通知存款利率（税后）", "money", {"min_purchase_amount": D("0.01"), "min_redeem_shares": D("0.01"), "min_hold_shares": D("0.00"), "redeem_settle_days": 1}),
    FundSpec("001011", "长青货币市场基金A", "长青货币A", 4, 1, 2, date(2016, 5, 9), "money", "H11001", "七天通知存款利率（税后）", "money", {"min_purchase_amount": D("1.00"), "min_redeem_shares": D("0.01"), "min_hold_shares": D("0.00"), "redeem_settle_days": 1}),
    FundSpec("001012", "博远天天利货币市场基金B", "博远天天利货币B", 4, 1, 3, date(2018, 3, 12), "money_low", "H11001", "七天通知存款利率（税后）", "money", {"min_purchase_amount": D("1.00"), "min_redeem_shares": D("0.01"), "min_hold_shares": D("0.00"), "redeem_settle_days": 1}),
    # short-term bond (9), R2
    FundSpec("002201", "景明短债债券型证券投资基金A", "景明短债A", 9, 2, 5, date(2019, 6, 3), "short_bond", "H11001", "中债综合财富(1年以下)指数收益率×80%+一年期定期存款利率×20%", "bond"),
    FundSpec("002202", "恒信短债债券型证券投资基金C", "恒信短债C", 9, 2, 4, date(2020, 8, 3), "short_bond", "H11001", "中债综合财富(1年以下)指数收益率", "c_share"),
    # bond (2), R2–R3
    FundSpec("002301", "远航纯债债券型证券投资基金A", "远航纯债A", 2, 2, 1, date(2016, 2, 1), "bond", "H11001", "中债综合全价指数收益率", "bond", {"dividend_month": 6, "dividend_ratio": "0.02"}),
    FundSpec("002302", "长青双债增强债券型证券投资基金", "长青双债增强", 2, 3, 2, date(2017, 4, 10), "bond_plus", "H11001", "中债综合全价指数收益率×90%+沪深300指数收益率×10%", "bond"),
    FundSpec("002303", "青松信用优选债券型证券投资基金A", "青松信用优选A", 2, 2, 6, date(2018, 9, 3), "bond", "H11001", "中债信用债总财富指数收益率", "bond"),
    # capital-protected (5), R2
    FundSpec("003501", "博远安心保本混合型证券投资基金", "博远安心保本", 5, 2, 3, date(2017, 7, 3), "protected", "H11001", "三年期定期存款利率（税后）", "protected", {"status": STATUS_STOP_ALLOT, "min_purchase_amount": D("1000.00")}),
    # mixed (3), R3–R5
    FundSpec("003301", "远航稳健配置混合型证券投资基金", "远航稳健配置混合", 3, 3, 1, date(2016, 8, 1), "mixed_bond", "H11001", "中债综合指数收益率×75%+沪深300指数收益率×25%", "mixed", {"dividend_month": 12, "dividend_ratio": "0.02"}),
    FundSpec("003302", "长青价值精选混合型证券投资基金", "长青价值精选混合", 3, 4, 2, date(2015, 6, 1), "mixed_equity", "000300", "沪深300指数收益率×80%+中债综合指数收益率×20%", "equity"),
    FundSpec("003303", "博远成长领航混合型证券投资基金", "博远成长领航混合", 3, 4, 3, date(2019, 3, 4), "mixed_equity", "000905", "中证500指数收益率×80%+中债综合指数收益率×20%", "equity"),
    FundSpec("003304", "恒信均衡优选混合型证券投资基金", "恒信均衡优选混合", 3, 3, 4, date(2018, 1, 2), "mixed", "000300", "沪深300指数收益率×60%+中债综合指数收益率×40%", "mixed"),
    FundSpec("003305", "景明新能源产业混合型证券投资基金", "景明新能源混合", 3, 5, 5, date(2021, 2, 1), "theme", "399006", "中证新能源指数收益率×80%+中债综合指数收益率×20%", "equity"),
    # stock (1), R4–R5
    FundSpec("004101", "远航消费升级股票型证券投资基金", "远航消费升级股票", 1, 4, 1, date(2016, 1, 4), "stock", "000300", "中证主要消费指数收益率×90%+银行活期存款利率×10%", "equity"),
    FundSpec("004102", "青松医疗健康股票型证券投资基金", "青松医疗健康股票", 1, 5, 6, date(2017, 9, 4), "theme", "000905", "中证医药卫生指数收益率×90%+银行活期存款利率×10%", "equity"),
    FundSpec("004103", "博远科技创新股票型证券投资基金", "博远科技创新股票", 1, 5, 3, date(2020, 6, 1), "theme", "399006", "中证科技龙头指数收益率×90%+银行活期存款利率×10%", "equity"),
    FundSpec("004104", "长青红利价值股票型证券投资基金", "长青红利价值股票", 1, 4, 2, date(2016, 11, 1), "dividend", "000922", "中证红利指数收益率×90%+银行活期存款利率×10%", "equity", {"dividend_month": 5, "dividend_ratio": "0.04"}),
    # index (6), R4–R5
    FundSpec("005601", "远航沪深300指数证券投资基金A", "远航沪深300指数A", 6, 4, 1, date(2015, 5, 4), "index300", "000300", "沪深300指数收益率×95%+银行活期存款利率×5%", "index"),
    FundSpec("005602", "恒信中证500指数增强型证券投资基金", "恒信中证500指数增强", 6, 4, 4, date(2017, 2, 6), "index500", "000905", "中证500指数收益率×95%+银行活期存款利率×5%", "index", {"trade_limit_start": "14:50", "trade_limit_end": "15:00"}),
    FundSpec("005603", "景明创业板指数证券投资基金", "景明创业板指数", 6, 5, 5, date(2019, 10, 8), "chinext", "399006", "创业板指数收益率×95%+银行活期存款利率×5%", "index"),
    FundSpec("005604", "长青中证红利交易型开放式指数基金联接A", "长青中证红利ETF联接A", 6, 4, 2, date(2018, 5, 7), "dividend", "000922", "中证红利指数收益率×95%+银行活期存款利率×5%", "index", {"dividend_month": 1, "dividend_ratio": "0.03"}),
    # QDII (7), R4–R5: confirmed on T+2
    FundSpec("006701", "远航全球科技股票型证券投资基金(QDII)", "远航全球科技(QDII)", 7, 5, 1, date(2018, 4, 2), "qdii_tech", "SPX", "纳斯达克100指数收益率（经汇率调整）", "qdii", {"status": STATUS_STOP_ALLOT}),
    FundSpec("006702", "博远标普500指数证券投资基金(QDII)", "博远标普500(QDII)", 7, 4, 3, date(2016, 12, 1), "qdii_spx", "SPX", "标普500指数收益率（经汇率调整）×95%+银行活期存款利率×5%", "qdii"),
    # commodity (8), R4
    FundSpec("007801", "长青黄金交易型开放式证券投资基金联接A", "长青黄金ETF联接A", 8, 4, 2, date(2016, 7, 1), "gold", "AU9999", "上海黄金交易所Au99.99现货实盘合约收盘价收益率×95%+银行活期存款利率×5%", "gold"),
    FundSpec("007802", "恒信上海金交易型开放式证券投资基金联接C", "恒信上海金ETF联接C", 8, 4, 4, date(2020, 3, 2), "gold", "AU9999", "上海金集中定价合约午盘基准价收益率×95%+银行活期存款利率×5%", "gold"),
    # mutual recognition (10), R3–R4: confirmed on T+2
    FundSpec("008001", "景明香港精选股票基金(互认)", "景明香港精选(互认)", 10, 4, 5, date(2017, 3, 1), "hk", "HSI", "恒生指数总回报指数收益率", "hk"),
    FundSpec("008002", "青松亚洲收益债券基金(互认)", "青松亚洲收益债(互认)", 10, 3, 6, date(2019, 4, 1), "asia_bond", "H11001", "摩根大通亚洲信用债指数收益率", "hk", {"status": STATUS_STOP_REDEEM}),
    # funds of funds: a multi-asset FOF, of no type of its own (其他, 0), and pension target funds,
    # 混合型 (3) as their names say (个人养老金 Y shares)
    FundSpec("009001", "远航多元资产配置基金中基金(FOF)", "远航多元配置(FOF)", 0, 3, 1, date(2020, 1, 2), "fof", "H11001", "中证偏股型基金指数收益率×30%+中债综合指数收益率×70%", "fof"),
    FundSpec("009002", "长青积极养老目标五年持有期混合型发起式基金中基金(FOF)Y", "长青积极养老五年(FOF)Y", 3, 4, 2, date(2021, 6, 1), "fof_active", "000300", "中证偏股型基金指数收益率×70%+中债综合指数收益率×30%", "pension", {"is_pension": True}),
    FundSpec("009003", "博远平衡养老目标日期2040三年持有期混合型基金中基金(FOF)Y", "博远养老2040(FOF)Y", 3, 3, 3, date(2022, 11, 1), "fof", "H11001", "中证偏股型基金指数收益率×45%+中债综合指数收益率×55%", "pension", {"is_pension": True}),
    FundSpec("009004", "恒信稳健养老目标一年持有期混合型基金中基金(FOF)Y", "恒信稳健养老一年(FOF)Y", 3, 2, 4, date(2022, 11, 1), "fof_stable", "H11001", "中证偏股型基金指数收益率×15%+中债综合指数收益率×85%", "pension", {"is_pension": True}),
]  # fmt: skip

#: Fee schedules (docs/rules.md#fund-trading): purchase tiers (from, to, rate or fixed fee), the discount on
#: listed rates (一折 = 0.1), redemption tiers by holding days, yearly operating fees
#: (management, custody, sales service), minimum purchase, confirm and settle days.
FEE_SCHEDULES: dict[str, dict[str, Any]] = {
    "money": {"purchase": [], "discount": "1", "redeem": [], "ops": ("0.0015", "0.0005", "0.0025"), "confirm": 1, "settle": 1},
    "bond": {"purchase": [(0, 1_000_000, "0.008"), (1_000_000, 5_000_000, "0.005"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, 30, "0.001"), (30, None, "0")], "ops": ("0.003", "0.001", None), "confirm": 1, "settle": 2},
    "c_share": {"purchase": [(0, None, "0")], "discount": "1", "redeem": [(0, 7, "0.015"), (7, None, "0")], "ops": ("0.002", "0.0005", "0.002"), "confirm": 1, "settle": 2},
    "protected": {"purchase": [(0, 1_000_000, "0.01"), (1_000_000, 5_000_000, "0.006"), (5_000_000, None, "fixed:1000")], "discount": "1", "redeem": [(0, 7, "0.015"), (7, 365, "0.02"), (365, 1095, "0.01"), (1095, None, "0")], "ops": ("0.012", "0.002", None), "confirm": 1, "settle": 3},
    "mixed": {"purchase": [(0, 1_000_000, "0.012"), (1_000_000, 5_000_000, "0.008"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, 365, "0.005"), (365, 730, "0.0025"), (730, None, "0")], "ops": ("0.008", "0.002", None), "confirm": 1, "settle": 3},
    "equity": {"purchase": [(0, 1_000_000, "0.015"), (1_000_000, 5_000_000, "0.01"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, 365, "0.005"), (365, 730, "0.0025"), (730, None, "0")], "ops": ("0.012", "0.002", None), "confirm": 1, "settle": 3},
    "index": {"purchase": [(0, 1_000_000, "0.012"), (1_000_000, 5_000_000, "0.008"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, 365, "0.005"), (365, None, "0")], "ops": ("0.005", "0.001", None), "confirm": 1, "settle": 3},
    "qdii": {"purchase": [(0, 1_000_000, "0.015"), (1_000_000, 5_000_000, "0.01"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, 365, "0.005"), (365, None, "0")], "ops": ("0.015", "0.003", None), "confirm": 2, "settle": 7},
    "gold": {"purchase": [(0, 1_000_000, "0.006"), (1_000_000, 5_000_000, "0.004"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, 30, "0.001"), (30, None, "0")], "ops": ("0.005", "0.001", None), "confirm": 1, "settle": 3},
    "hk": {"purchase": [(0, 1_000_000, "0.015"), (1_000_000, None, "0.01")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, None, "0")], "ops": ("0.015", "0.0018", None), "confirm": 2, "settle": 7},
    "fof": {"purchase": [(0, 1_000_000, "0.008"), (1_000_000, 5_000_000, "0.005"), (5_000_000, None, "fixed:1000")], "discount": "0.1", "redeem": [(0, 7, "0.015"), (7, None, "0")], "ops": ("0.006", "0.0015", None), "confirm": 1, "settle": 3},
    "pension": {"purchase": [(0, 1_000_000, "0.008"), (1_000_000, None, "fixed:1000")], "discount": "0", "redeem": [(0, 7, "0.015"), (7, None, "0")], "ops": ("0.003", "0.00075", None), "confirm": 1, "settle": 3},
}  # fmt: skip

CUSTODIANS = ["中国工商银行股份有限公司", "中国建设银行股份有限公司", "招商银行股份有限公司",
              "中国银行股份有限公司", "交通银行股份有限公司", "兴业银行股份有限公司"]  # fmt: skip

# -- managers -----------------------------------------------------------------------------

MANAGERS = [
    (1, "陈思远", "北京大学金融学硕士", date(2009, 7, 1), "价值投资", "长期关注消费与医药行业，偏好具备护城河的优质公司，注重估值与成长的匹配。"),
    (1, "王静怡", "复旦大学经济学博士", date(2012, 3, 1), "固收+", "擅长利率债与信用债的久期管理，在控制回撤的前提下通过可转债增厚收益。"),
    (1, "周立诚", "清华大学工学硕士", date(2014, 8, 1), "成长投资", "理工科背景，深耕科技与海外市场，关注产业趋势带来的长期机会。"),
    (2, "李文博", "中国人民大学金融学硕士", date(2010, 6, 1), "均衡配置", "坚持自下而上选股，行业配置相对均衡，注重组合回撤控制。"),
    (2, "孙雨桐", "上海财经大学统计学硕士", date(2015, 7, 1), "指数增强", "专注量化与指数投资，擅长多因子模型与被动产品管理。"),
    (2, "黄若溪", "南开大学金融工程硕士", date(2013, 9, 1), "资产配置", "负责基金中基金的资产配置，擅长多资产、多策略的组合构建。"),
    (3, "张浩然", "浙江大学金融学硕士", date(2011, 4, 1), "成长投资", "偏好高景气赛道中的龙头企业，关注科技创新与高端制造。"),
    (3, "吴嘉宁", "厦门大学经济学硕士", date(2014, 1, 1), "固定收益", "具有丰富的货币市场与短债管理经验，注重流动性与安全性。"),
    (3, "林致远", "香港大学金融学硕士", date(2012, 10, 1), "全球配置", "专注海外市场投资，具有多年美股与港股研究经验。"),
    (4, "刘子涵", "武汉大学金融学硕士", date(2013, 5, 1), "均衡成长", "在均衡配置的基础上适度偏向成长，注重基本面与估值的平衡。"),
    (4, "郑一帆", "中央财经大学数学硕士", date(2016, 7, 1), "量化投资", "量化投资背景，擅长指数增强策略与风险模型。"),
    (5, "赵明轩", "同济大学工学硕士", date(2014, 6, 1), "行业主题", "长期跟踪新能源与先进制造产业链，对产业周期有深入理解。"),
    (5, "何书瑶", "香港中文大学金融学硕士", date(2011, 9, 1), "港股投资", "专注香港市场，擅长在港股中寻找具有长期竞争力的公司。"),
    (6, "马骁", "北京大学经济学硕士", date(2012, 2, 1), "信用研究", "信用研究出身，擅长信用债挖掘与组合风险控制。"),
    (6, "许清和", "上海交通大学医学博士", date(2015, 3, 1), "医药研究", "医学博士背景，深耕医药生物行业研究多年。"),
]  # fmt: skip

#: fund code -> [(manager index into MANAGERS, start, end)]
TENURES: dict[str, list[tuple[int, date | None, date | None]]] = {
    "000509": [(7, None, None)],
    "001011": [(5, None, date(2021, 3, 31)), (3, date(2021, 4, 1), None)],
    "001012": [(7, None, None)],
    "002201": [(11, None, None)],
    "002202": [(10, None, None)],
    "002301": [(1, None, None)],
    "002302": [(5, None, None), (3, date(2022, 1, 10), None)],
    "002303": [(13, None, None)],
    "003501": [(7, None, None)],
    "003301": [(1, None, None), (0, date(2019, 5, 6), None)],
    "003302": [(3, None, None)],
    "003303": [(6, None, None)],
    "003304": [(9, None, None)],
    "003305": [(11, None, None)],
    "004101": [(0, None, None)],
    "004102": [(14, None, None)],
    "004103": [(6, None, None)],
    "004104": [(4, None, date(2020, 6, 30)), (3, date(2020, 7, 1), None)],
    "005601": [(4, None, None)],
    "005602": [(10, None, None)],
    "005603": [(11, None, None)],
    "005604": [(4, None, None)],
    "006701": [(2, None, None)],
    "006702": [(8, None, None)],
    "007801": [(4, None, None)],
    "007802": [(10, None, None)],
    "008001": [(12, None, None)],
    "008002": [(13, None, None)],
    "009001": [(5, None, None)],
    "009002": [(5, None, None)],
    "009003": [(8, None, None)],
    "009004": [(5, None, None)],
}

# -- portfolios ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PortfolioSpec:
    code: str
    name: str
    kind: str
    risk: int
    inception: date
    weights: list[tuple[str, str]]
    benchmark_code: str
    manager: str
    description: str
    strategy: str
    min_purchase: str = "100.00"
    adviser_fee_rate: str | None = None
    #: Funds an adjustment may bring in (replacing the smallest weight).
    alternates: tuple[str, ...] = ()


PORTFOLIOS: list[PortfolioSpec] = [
    PortfolioSpec("ZH000001", "稳健理财组合", "portfolio", 2, date(2020, 3, 2),
                  [("002301", "0.30"), ("002303", "0.25"), ("002201", "0.20"), ("003301", "0.15"), ("007801", "0.10")],
                  "H11001", "王静怡", "以纯债和短债打底，少量配置偏债混合与黄金，追求稳健增值，适合不愿承受较大波动的投资者。",
                  "债券资产占比约七成，通过短债控制久期风险，偏债混合基金与黄金增加收益来源并分散风险；定期根据利率环境与股债性价比调整配置。",
                  alternates=("002302", "009001")),
    PortfolioSpec("ZH000002", "均衡配置组合", "portfolio", 3, date(2019, 7, 1),
                  [("003304", "0.25"), ("005601", "0.20"), ("002301", "0.25"), ("004104", "0.15"), ("007801", "0.05"), ("002302", "0.10")],
                  "000300", "李文博", "股债均衡配置，兼顾收益与波动，适合追求长期稳健增长的投资者。",
                  "权益与固收大致各占一半，权益部分以宽基指数与红利价值为底仓、均衡风格主动基金增强，固收部分以纯债为主；根据估值水平在目标区间内动态再平衡。",
                  alternates=("003301", "005604")),
    PortfolioSpec("ZH000003", "进取成长组合", "portfolio", 4, date(2020, 7, 1),
                  [("004101", "0.25"), ("004103", "0.20"), ("003302", "0.20"), ("005602", "0.20"), ("003303", "0.15")],
                  "000905", "张浩然", "精选成长风格的主动权益基金与指数增强基金，追求长期较高回报，短期波动较大。",
                  "以成长风格为主线，配置科技、消费等高景气方向的优质主动基金，辅以中证500指数增强提高组合的收益弹性；关注行业集中度，避免单一赛道过度暴露。",
                  alternates=("004102", "005603", "003305")),
    PortfolioSpec("ZH000004", "全球配置组合", "portfolio", 4, date(2019, 1, 2),
                  [("006702", "0.30"), ("008001", "0.20"), ("005601", "0.25"), ("007801", "0.15"), ("002301", "0.10")],
                  "SPX", "林致远", "通过QDII、互认基金与黄金实现全球多市场配置，分散单一市场风险。",
                  "美股、港股与A股核心资产构成权益底仓，黄金对冲通胀与地缘风险，少量债券平滑波动；按各市场估值与汇率环境调整权重。",
                  alternates=("006701", "007802")),
    PortfolioSpec("ZH000005", "闲钱增利组合", "portfolio", 2, date(2019, 7, 1),
                  [(WALLET_FUND_CODE, "0.40"), ("001011", "0.30"), ("002201", "0.30")],
                  "H11001", "吴嘉宁", "货币基金与短债基金组合，流动性好、波动低，适合打理短期闲置资金。",
                  "以货币基金保证流动性，短债基金提高收益，整体久期短、回撤小。",
                  min_purchase="10.00", alternates=("001012",)),
    PortfolioSpec("ZH000006", "省心投顾组合", "portfolio", 3, date(2021, 1, 4),
                  [("003301", "0.30"), ("003304", "0.20"), ("002301", "0.25"), ("005604", "0.15"), ("007802", "0.10")],
                  "000300", "黄若溪", "基金投顾服务组合：投顾团队代为挑选基金、择时调仓并全程陪伴，按持仓资产收取投顾服务费。",
                  "在稳健的股债配置基础上，由投顾团队根据市场变化主动调仓；投资者签署投顾服务协议后，调仓由投顾按协议执行。",
                  min_purchase="1000.00", adviser_fee_rate="0.005", alternates=("002302", "004104")),
    PortfolioSpec("CL000001", "目标盈·稳健5%", "strategy", 3, date(2022, 1, 4),
                  [("003301", "0.40"), ("002301", "0.30"), ("005601", "0.20"), ("004104", "0.10")],
                  "000300", "黄若溪", "设定5%的目标收益，分批建仓，达到目标后自动止盈卖出，让赚钱更有纪律。",
                  "每期开放预约后分批建仓，运作期内持有偏债混合、纯债与少量宽基指数；组合收益率达到目标后进入止盈，卖出资金转入钱包。",
                  min_purchase="1000.00", alternates=("003304",)),
    PortfolioSpec("SI000001", "沪深300发车", "signal", 4, date(2021, 3, 1),
                  [("005601", "0.70"), ("005604", "0.30")],
                  "000300", "孙雨桐", "主理人根据沪深300估值与回撤发出买入信号（发车），跟车用户按发车倍数自动买入，低位多买、高位少买。",
                  "以沪深300指数基金为主、红利指数为辅；每次发车时根据指数相对近一年高点的回撤决定买入倍数。",
                  min_purchase="100.00"),
    PortfolioSpec("SI000002", "中证500发车", "signal", 4, date(2022, 1, 4),
                  [("005602", "1")],
                  "000905", "郑一帆", "跟随主理人的中证500发车信号，分批布局中小盘成长机会。",
                  "单只中证500指数增强基金；发车间隔约三周，倍数由指数回撤决定。",
                  min_purchase="100.00"),
]  # fmt: skip

SIGNAL_RULES = {"SI000001": ("000300", 10), "SI000002": ("000905", 15)}
ADJUST_EVERY = 126  # trading days, about half a year

ADJUST_REASONS = [
    ("季度再平衡", "组合各类资产偏离目标比例，按目标权重进行再平衡，维持组合风险水平稳定。"),
    ("提升权益仓位", "权益资产估值回落至历史较低分位，股债性价比提升，适度提高权益类基金权重。"),
    ("降低权益仓位", "前期权益资产涨幅较大、估值回升，适度降低权益仓位，锁定部分收益。"),
    ("优化基金选择", "对组合内基金进行定期评估，替换近期表现与风格稳定性不及预期的基金。"),
    ("增加防御配置", "市场波动加大，增加债券与黄金等防御性资产的配置，降低组合回撤。"),
    ("把握结构机会", "结合宏观环境与行业景气度，调整组合内行业与风格的配置比例。"),
]

# -- private products ---------------------------------------------------------------------

PRIVATE_SET = ("私募精选", "严选头部私募管理人的代表产品，仅向已完成合格投资者认定的客户展示。")
PRIVATES = [
    ("P00001", "远航宏观对冲1号私募证券投资基金", "远航私募基金管理有限公司", "陈北辰", "宏观对冲", 4, date(2019, 5, 6),
     {"alpha": "0.06", "exposures": {"CN_EQ": "0.3", "CN_BD": "0.3", "GOLD": "0.2"}, "idio": "0.05"}),
    ("P00002", "博远量化中性2号私募证券投资基金", "博远量化投资管理有限公司", "宋知行", "市场中性", 3, date(2020, 9, 7),
     {"alpha": "0.07", "exposures": {"CN_EQ": "0.05"}, "idio": "0.04"}),
    ("P00003", "景明价值精选私募证券投资基金", "景明资产管理有限公司", "顾南乔", "股票多头", 5, date(2018, 3, 5),
     {"alpha": "0.04", "exposures": {"CN_EQ": "0.9"}, "idio": "0.12"}),
]  # fmt: skip

# -- performance algorithms ---------------------------------------------------------------

ALGORITHMS = [
    ("NAV_HOLD", "实盘净值", "按组合真实的调仓记录计算：每次调仓后按新的目标权重配置并持有，期间各基金随净值自然涨跌、权重自然漂移，反映跟随组合调仓的投资者实际获得的收益（未计交易费用）。图中标出每次调仓。", False, True, True, 1, ["poFund", "strategy", "signal"]),
    ("DAILY_REBALANCE", "恒定权重", "假设每个交易日都把组合调回目标权重计算的理论收益，用于观察配置思路本身的表现，不代表投资者的实际收益（未计交易费用）。", False, False, True, 2, ["poFund", "strategy"]),
    ("SIGNAL_FOLLOW", "跟车收益", "假设从组合成立起，每次发车都按标准金额乘以发车倍数买入组合，计算累计投入资金的持有收益率。图中标出每次发车。", True, False, False, 3, ["signal"]),
]  # fmt: skip


# -- the steps ----------------------------------------------------------------------------


def _fee_tiers(code: str, schedule: dict[str, Any]) -> list[FundFeeTier]:
    tiers: list[FundFeeTier] = []
    for lo, hi, value in schedule["purchase"]:
        fixed = value.startswith("fixed:")
        tiers.append(
            FundFeeTier(
                fund_code=code,
                kind="purchase",
                amount_from=D(lo).quantize(D("0.01")),
                amount_to=D(hi).quantize(D("0.01")) if hi is not None else None,
                rate=None if fixed else D(value),
                fixed_fee=D(value.removeprefix("fixed:")).quantize(D("0.01")) if fixed else None,
            )
        )
    for lo, hi, value in schedule["redeem"]:
        tiers.append(
            FundFeeTier(fund_code=code, kind="redeem", days_from=lo, days_to=hi, rate=D(value))
        )
    return tiers


def _balanced(weights: dict[str, Decimal]) -> dict[str, Decimal]:
    """Weights rounded to 0.01 that sum exactly to 1 (the remainder on the largest)."""
    total = sum(weights.values(), D(0))
    out = {code: round_half_up(w / total, 2) for code, w in weights.items()}
    largest = max(out, key=lambda c: (out[c], c))
    out[largest] += D(1) - sum(out.values(), D(0))
    return {c: w for c, w in out.items() if w > 0}


def _adjustments(
    spec: PortfolioSpec, rng: random.Random, end: date
) -> list[tuple[date, dict[str, Decimal], str, str]]:
    """The portfolio's weights history: the initial composition, then an adjustment about
    every half year that moves weights by up to ±5 points and, every third time, replaces the
    smallest holding with an alternate fund."""
    days = get_calendar().trading_days(spec.inception, end)
    i = 0
    day = days[0]
    weights = {code: D(w) for code, w in spec.weights}
    history = [(day, dict(weights), "建仓", "组合成立，按初始目标权重建仓。")]
    alternates = list(spec.alternates)
    n = 0
    while True:
        i += ADJUST_EVERY + rng.randint(-15, 15)
        if i >= len(days):
            break
        day = days[i]
        n += 1
        moved = {c: max(w + D(rng.randint(-5, 5)) / 100, D("0.05")) for c, w in weights.items()}
        title, reason = ADJUST_REASONS[rng.randrange(len(ADJUST_REASONS))]
        started = {f.code for f in FUNDS if f.inception < day}
        if n % 3 == 0 and alternates and alternates[0] in started and len(moved) > 1:
            smallest = min(moved, key=lambda c: (moved[c], c))
            incoming = alternates.pop(0)
            alternates.append(smallest)
            moved[incoming] = moved.pop(smallest)
            title, reason = ADJUST_REASONS[3]
        weights = _balanced(moved)
        history.append((day, dict(weights), title, reason))
    return history


def seed_catalogue(session: Session, world: DemoWorld) -> None:
    """Companies, indexes, funds, managers, portfolios (with their adjustment history),
    strategies, signal products, private products, shelves and algorithms."""
    rng = world.rng
    end = last_publishable_day(now())
    calendar = get_calendar()

    for cid, name, short, established, capital, tag in COMPANIES:
        session.add(
            FundCompany(
                id=cid,
                name=name,
                short_name=short,
                established_date=established,
                registered_capital=capital,
                website=f"www.{['yuanhang', 'changqing', 'boyuan', 'hengxin', 'jingming', 'qingsong'][cid - 1]}fund.com.cn",
                hotline=f"400-{600 + cid * 37:03d}-{8800 + cid:04d}",
                address=CITIES[cid - 1],
                description=(
                    f"{name}成立于{established.year}年，注册资本{capital}，是经中国证监会批准设立的"
                    f"公募基金管理公司。公司坚持“持有人利益优先”的理念，{tag}基金已形成覆盖货币、"
                    "债券、混合、股票、指数及海外投资的完整产品线，致力于为投资者提供长期稳健的"
                    "资产管理服务。"
                ),
            )
        )
    for sort, (code, name, category, base, params) in enumerate(INDEXES):
        session.add(
            BenchmarkIndex(
                code=code,
                name=name,
                category=category,
                description=INDEX_DESCRIPTIONS[code],
                sort_order=sort,
            )
        )
        session.add(
            MarketSeries(
                code=code,
                kind="index",
                params={"start": INDEX_START.isoformat(), "base": base, **params},
            )
        )
    session.flush()

    for i, spec in enumerate(FUNDS):
        schedule = FEE_SCHEDULES[spec.fees]
        extra = dict(spec.extra or {})
        model = dict(MODELS[spec.model])
        for key in ("dividend_month", "dividend_ratio"):
            if key in extra:
                model[key] = extra.pop(key)
        status = extra.pop("status", "NORMAL")
        manage, custody, sales = schedule["ops"]
        fund = Fund(
            code=spec.code,
            name=spec.name,
            short_name=spec.short_name,
            company_id=spec.company,
            fund_type=spec.fund_type,
            risk_level=spec.risk,
            status=status,
            inception_date=spec.inception,
            purchase_discount=D(schedule["discount"]),
            confirm_days=schedule["confirm"],
            redeem_settle_days=extra.pop("redeem_settle_days", schedule["settle"]),
            benchmark=spec.benchmark,
            benchmark_code=spec.benchmark_code,
            custodian=CUSTODIANS[i % len(CUSTODIANS)],
            manage_fee_rate=D(manage),
            custody_fee_rate=D(custody),
            sales_service_fee_rate=D(sales) if sales else None,
            scale=D(rng.randint(8, 900) * 10_000_000 + rng.randint(0, 9_999_999)).quantize(
                D("0.01")
            ),
            scale_date=date(end.year, ((end.month - 1) // 3) * 3 + 1, 1) - timedelta(days=1),
            default_dividend_method="reinvest" if spec.fund_type == 4 else "cash",
            description=_fund_description(spec),
            **extra,
        )
        if status in (STATUS_STOP_ALLOT, STATUS_STOP_REDEEM) and spec.code == "008002":
            fund.resume_date = calendar.add_trading_days(end, 10)
        session.add(fund)
        session.flush()
        session.add_all(_fee_tiers(spec.code, schedule))
        session.add(
            MarketSeries(
                code=spec.code,
                kind="fund",
                params={"model": "factor", "start": spec.inception.isoformat(), **model},
            )
        )

    managers: list[FundManager] = []
    for company, name, education, career, style, bio in MANAGERS:
        manager = FundManager(
            company_id=company,
            name=name,
            education=education,
            career_start=career,
            invest_style=style,
            bio=f"{name}，{education}，{career.year}年起担任基金经理。{bio}",
        )
        managers.append(manager)
        session.add(manager)
    session.flush()
    inceptions = {f.code: f.inception for f in FUNDS}
    for code, terms in TENURES.items():
        for index, start, stop in terms:
            session.add(
                FundManagerTenure(
                    manager_id=managers[index].id,
                    fund_code=code,
                    start_date=start or inceptions[code],
                    end_date=stop,
                )
            )

    for po_spec in PORTFOLIOS:
        history = _adjustments(po_spec, rng, end)
        portfolio = Portfolio(
            code=po_spec.code,
            name=po_spec.name,
            risk_level=po_spec.risk,
            inception_date=history[0][0],
            min_purchase_amount=D(po_spec.min_purchase),
            description=po_spec.description,
            kind=po_spec.kind,
            benchmark_code=po_spec.benchmark_code,
            manager_name=po_spec.manager,
            team_id=9001,
            investment_strategy=po_spec.strategy,
            adviser_fee_rate=D(po_spec.adviser_fee_rate) if po_spec.adviser_fee_rate else None,
        )
        session.add(portfolio)
        session.flush()
        previous: dict[str, Decimal] = {}
        for day, weights, title, reason in history:
            adjustment = PortfolioAdjustment(
                portfolio_code=po_spec.code, adjust_date=day, title=title, reason=reason
            )
            session.add(adjustment)
            session.flush()
            for code in sorted(set(previous) | set(weights)):
                session.add(
                    PortfolioAdjustmentItem(
                        adjustment_id=adjustment.id,
                        fund_code=code,
                        weight_before=previous.get(code, D(0)),
                        weight_after=weights.get(code, D(0)),
                    )
                )
            previous = weights
        for code, weight in previous.items():
            session.add(
                PortfolioComponent(portfolio_code=po_spec.code, fund_code=code, weight=weight)
            )
        if po_spec.kind == "signal":
            index_code, interval = SIGNAL_RULES[po_spec.code]
            session.add(
                MarketSeries(
                    code=po_spec.code,
                    kind="signal",
                    params={
                        "start": history[0][0].isoformat(),
                        "index_code": index_code,
                        "interval": interval,
                    },
                )
            )
        if po_spec.kind == "strategy":
            session.add(
                StrategyInfo(
                    code=po_spec.code,
                    strategy_type="1",
                    basic_prod_type="poFund",
                    target_return=D("0.05"),
                    buy_mode="RESERVE",
                    period_no=1,
                    max_run_months=24,
                )
            )

    private_set = PrivateSet(name=PRIVATE_SET[0], description=PRIVATE_SET[1], sort_order=0)
    session.add(private_set)
    session.flush()
    for code, name, company_name, manager_name, strategy, risk, inception, model in PRIVATES:
        session.add(
            PrivateProduct(
                code=code,
                set_id=private_set.id,
                name=name,
                manager_company=company_name,
                manager_name=manager_name,
                strategy_type=strategy,
                risk_level=risk,
                inception_date=inception,
                min_investment=D("1000000.00"),
                lockup="6个月",
                open_days="每月第三个周三开放申购赎回",
                fee_note="认/申购费 1%；管理费 1.5%/年；业绩报酬：年化收益超过6%的部分提取20%（高水位法）。",
                custodian="招商证券股份有限公司",
                description=(
                    f"{name}由{company_name}管理，投资经理{manager_name}。产品采用{strategy}策略，"
                    "追求绝对收益，仅向合格投资者募集，投资者应充分了解私募基金的风险。"
                ),
            )
        )
        session.add(
            MarketSeries(
                code=code,
                kind="private",
                params={"start": inception.isoformat(), **model},
            )
        )

    for algorithm_type, name, desc, signal, trade, bench, order, types in ALGORITHMS:
        session.add(
            PerformanceAlgorithm(
                algorithm_type=algorithm_type,
                algorithm_name=name,
                algorithm_desc=desc,
                show_signal_point=signal,
                show_trade_point=trade,
                show_benchmark=bench,
                order=order,
                product_types=types,
            )
        )
    session.flush()
    _seed_shelves(session, world, end)


def _fund_description(spec: FundSpec) -> str:
    kinds = {
        0: "基金中基金",
        1: "股票型基金",
        2: "债券型基金",
        3: "混合型基金",
        4: "货币市场基金",
        5: "保本型基金",
        6: "指数型基金",
        7: "QDII基金",
        8: "商品型基金",
        9: "短期理财债券基金",
        10: "内地与香港互认基金",
    }
    kind = kinds[spec.fund_type]
    if spec.fund_type and "基金中基金" in spec.name:
        kind = f"{kind}中基金"  # 混合型基金中基金
    return (
        f"本基金为{kind}，业绩比较基准为{spec.benchmark}。"
        "在严格控制风险的前提下，力争实现基金资产的长期稳健增值。"
    )


def _seed_shelves(session: Session, world: DemoWorld, end: date) -> None:
    def shelve(broker: int, shelf: str, items: list[tuple[str, str]], **flags: Any) -> None:
        for sort, (code, product_type) in enumerate(items):
            session.add(
                ProductShelf(
                    broker_id=broker,
                    shelf=shelf,
                    product_code=code,
                    product_type=product_type,
                    sort_order=sort,
                    added_date=flags.get("added_date", end - timedelta(days=30 * (sort + 1))),
                    is_disable_buy=code in flags.get("disabled", ()),
                    label=flags.get("labels", {}).get(code, ""),
                )
            )

    pool = [
        (s.code, "fund")
        for s in FUNDS
        if s.fund_type != 4 and not (s.extra or {}).get("is_pension")
    ]
    wallets = [(WALLET_FUND_CODE, "fund"), ("001011", "fund"), ("001012", "fund")]
    pension = [(s.code, "fund") for s in FUNDS if (s.extra or {}).get("is_pension")]
    for broker in sorted(world.brokers):
        shelve(broker, "fundPool", pool)
        shelve(broker, "superWallet", wallets if broker != 1154 else wallets[:1])
        shelve(broker, "pension", pension)
        shelve(
            broker,
            "home",
            [("ZH000002", "poFund"), ("ZH000001", "poFund"), ("SI000001", "signal")],
            labels={"ZH000002": "热门", "SI000001": "发车中"},
        )
    # broker 1154 sells QDII funds elsewhere; 1174 does not offer the advisory portfolio here
    shelve(1154, "search", [("006702", "fund"), ("006701", "fund")], disabled={"006702", "006701"})
    shelve(1174, "search", [("ZH000006", "poFund")], disabled={"ZH000006"})
    session.flush()


def seed_market(session: Session, world: DemoWorld) -> None:
    """Simulate every series up to the last publishable day and record it as the market date;
    then take the target strategies through their periods up to that day."""
    end = last_publishable_day(now())
    simulate_history(session, end=end)
    sync_strategies(session, end)


def _moment(day: date, hour: int = 9) -> datetime:
    return datetime(day.year, day.month, day.day, hour, 0, tzinfo=BEIJING)


# -- documents and notices ----------------------------------------------------------------

QUARTER_ENDS = ((3, 31), (6, 30), (9, 30), (12, 31))


def _text(*blocks: str) -> str:
    """Content in the app's rich-text form: paragraphs separated by blank lines, ``## `` for a
    heading, ``- `` for a list item (see the client's rich-text renderer)."""
    return "\n\n".join(blocks)


def _quarters(first: date, end: date, count: int) -> list[tuple[date, date, str, str]]:
    """The last ``count`` quarters that ended after ``first`` and were reported by ``end``:
    (start, end, category, title) — the year's last quarter gives the annual report too."""
    out: list[tuple[date, date, str, str]] = []
    year = end.year
    while len(out) < count and year >= first.year:
        for q in range(4, 0, -1):
            month, day = QUARTER_ENDS[q - 1]
            q_end = date(year, month, day)
            q_start = date(year, month - 2, 1)
            published = q_end + timedelta(days=21)
            if published > end or q_end < first:
                continue
            out.append((q_start, q_end, "quarterly", f"{year}年第{q}季度报告"))
            if len(out) >= count:
                break
        year -= 1
    return out


def _pct_text(value: Decimal) -> str:
    return f"{round_half_up(value * 100, 2)}%"


def seed_documents(session: Session, world: DemoWorld) -> None:
    """Disclosure documents and notices of every product, and the platform's compliance
    files. Reports quote the products' real figures from the simulated market."""

    end = last_publishable_day(now())
    docs: list[ProductDocument] = []
    notices: list[ProductNotice] = []
    funds = {f.code: f for f in session.scalars(select(Fund))}
    companies = {c.id: c for c in session.scalars(select(FundCompany))}

    for spec in FUNDS:
        fund = funds[spec.code]
        company = companies[fund.company_id].name
        schedule = FEE_SCHEDULES[spec.fees]
        docs += [
            ProductDocument(
                product_code=fund.code,
                doc_type="contract",
                title=f"{fund.name}基金合同",
                version_date=fund.inception_date,
                is_current=True,
                content=_text(
                    "## 第一部分 前言",
                    f"为保护基金投资者合法权益，明确基金合同当事人的权利义务，规范基金运作，依照《中华人民共和国证券投资基金法》等法律法规订立本合同。基金管理人为{company}，基金托管人为{fund.custodian}。",
                    "## 第二部分 基金的基本情况",
                    f"- 基金名称：{fund.name}\n- 基金代码：{fund.code}\n- 基金类别：{_fund_description(spec)}\n- 业绩比较基准：{fund.benchmark}",
                    "## 第三部分 基金份额的申购与赎回",
                    "投资人在开放日办理基金份额的申购和赎回，具体办理时间为上海证券交易所、深圳证券交易所的正常交易日的交易时间。申购与赎回遵循“未知价”原则和“金额申购、份额赎回”原则。",
                    "## 第四部分 基金的费用与税收",
                    f"基金管理费按前一日基金资产净值的{_pct_text(D(schedule['ops'][0]))}年费率计提，基金托管费按{_pct_text(D(schedule['ops'][1]))}年费率计提。",
                ),
            ),
            ProductDocument(
                product_code=fund.code,
                doc_type="summary",
                title=f"{fund.short_name}产品资料概要",
                version_date=end - timedelta(days=40),
                is_current=True,
                content=_text(
                    "## 一、产品概况",
                    f"- 基金简称：{fund.short_name}\n- 基金代码：{fund.code}\n- 基金管理人：{company}\n- 基金托管人：{fund.custodian}\n- 基金合同生效日：{fund.inception_date:%Y年%m月%d日}",
                    "## 二、基金投资与净值表现",
                    fund.description,
                    "## 三、投资本基金涉及的费用",
                    "申购费、赎回费及运作费用详见本基金交易规则页面，具体以招募说明书为准。",
                    "## 四、风险揭示与重要提示",
                    "基金有风险，投资须谨慎。基金的过往业绩并不代表其未来表现。",
                ),
            ),
        ]
        for i, version in enumerate(
            [end - timedelta(days=60), end - timedelta(days=425), end - timedelta(days=790)]
        ):
            if version < fund.inception_date:
                continue
            docs.append(
                ProductDocument(
                    product_code=fund.code,
                    doc_type="prospectus",
                    title=f"{fund.name}招募说明书（{version.year}年第{1 if version.month <= 6 else 2}号更新）",
                    version_date=version,
                    is_current=i == 0,
                    content=_text(
                        "## 重要提示",
                        f"本招募说明书（更新）所载内容截止日为{version:%Y年%m月%d日}，有关财务数据和净值表现截止日为{version - timedelta(days=30):%Y年%m月%d日}。",
                        "## 基金的投资",
                        fund.description,
                        "## 风险揭示",
                        "本基金可能面临市场风险、管理风险、流动性风险、信用风险等各类风险，投资者应认真阅读本招募说明书。",
                    ),
                )
            )
        notices.append(
            ProductNotice(
                product_code=fund.code,
                kind="announcement",
                category="other",
                title=f"{fund.name}基金合同生效公告",
                publish_date=fund.inception_date,
                content=_text(
                    f"{fund.name}基金合同已于{fund.inception_date:%Y年%m月%d日}正式生效，基金管理人为{company}。"
                ),
            )
        )
        if fund.status != "NORMAL":
            what = "申购" if fund.status == STATUS_STOP_ALLOT else "赎回"
            resume = (
                f"本基金将于{fund.resume_date:%Y年%m月%d日}起恢复办理{what}业务，届时不再另行公告。"
                if fund.resume_date
                else "恢复办理的具体时间将另行公告。"
            )
            notices.append(
                ProductNotice(
                    product_code=fund.code,
                    kind="announcement",
                    category="status",
                    title=f"{fund.short_name}关于暂停{what}业务的公告",
                    publish_date=end - timedelta(days=20),
                    content=_text(
                        f"为保护基金份额持有人利益，{company}决定自{end - timedelta(days=18):%Y年%m月%d日}起暂停本基金的{what}业务。",
                        resume,
                        f"暂停期间提交的{what}申请，将在恢复{what}后的首个交易日提交。",
                    ),
                )
            )
        series = None
        for q_start, q_end, category, title in _quarters(fund.inception_date, end, 6):
            if series is None:
                series = analytics.fund_series(session, fund).values
            base = perf.value_on_or_before(series, q_start - timedelta(days=1)) or (
                series[0] if series else None
            )
            last = perf.value_on_or_before(series, q_end)
            change = _pct_text(last[1] / base[1] - 1) if base and last else "--"
            notices.append(
                ProductNotice(
                    product_code=fund.code,
                    kind="report",
                    category=category,
                    title=f"{fund.name}{title}",
                    publish_date=q_end + timedelta(days=21),
                    content=_text(
                        "## 一、基金产品概况",
                        f"- 基金简称：{fund.short_name}\n- 报告期：{q_start:%Y年%m月%d日}至{q_end:%Y年%m月%d日}",
                        "## 二、主要财务指标和基金净值表现",
                        f"本报告期基金份额净值增长率为{change}，同期业绩比较基准为{fund.benchmark}。",
                        "## 三、管理人报告",
                        "报告期内，基金管理人严格遵守法律法规和基金合同的约定，本着诚实信用、勤勉尽责的原则管理和运用基金资产。",
                    ),
                )
            )
    for dividend in session.scalars(select(FundDividend)):
        fund = funds[dividend.fund_code]
        notices.append(
            ProductNotice(
                product_code=fund.code,
                kind="announcement",
                category="dividend",
                title=f"{fund.short_name}{dividend.ex_date.year}年度分红公告",
                publish_date=dividend.ex_date - timedelta(days=2),
                content=_text(
                    f"本基金以{dividend.ex_date:%Y年%m月%d日}为权益登记日及除息日，向基金份额持有人每10份基金份额派发红利{round_half_up(dividend.cash_per_share * 10, 2)}元。",
                    f"红利发放日为{dividend.pay_date:%Y年%m月%d日}。选择红利再投资方式的投资者，红利将按除息日的基金份额净值转为基金份额。",
                ),
            )
        )
    for code, terms in TENURES.items():
        fund = funds[code]
        for index, start, _stop in terms:
            if start is not None:
                notices.append(
                    ProductNotice(
                        product_code=code,
                        kind="announcement",
                        category="manager",
                        title=f"{fund.short_name}基金经理变更公告",
                        publish_date=start,
                        content=_text(
                            f"经公司决定，自{start:%Y年%m月%d日}起，{MANAGERS[index][1]}担任本基金基金经理。"
                        ),
                    )
                )

    for po_spec in PORTFOLIOS:
        code = po_spec.code
        docs += [
            ProductDocument(
                product_code=code,
                doc_type="strategy",
                title=f"{po_spec.name}策略说明书",
                version_date=po_spec.inception,
                is_current=True,
                content=_text(
                    "## 组合定位",
                    po_spec.description,
                    "## 投资策略",
                    po_spec.strategy,
                    "## 调仓机制",
                    "投顾团队定期评估组合的配置比例与基金表现，在市场环境或基金基本面发生变化时进行调仓，每次调仓均公示调仓原因与调整前后的比例。",
                ),
            ),
            ProductDocument(
                product_code=code,
                doc_type="risk_disclosure",
                title=f"{po_spec.name}风险揭示书",
                version_date=po_spec.inception,
                is_current=True,
                content=_text(
                    "尊敬的投资者：",
                    "组合投资于多只公募基金，组合净值随所投资基金的净值波动，可能出现亏损。组合的历史业绩不代表未来表现，投资者应根据自身风险承受能力谨慎决策。",
                    f"本组合风险等级为R{po_spec.risk}，适合风险承受能力为C{po_spec.risk}及以上的投资者。",
                ),
            ),
        ]
        if po_spec.adviser_fee_rate:
            docs.append(
                ProductDocument(
                    product_code=code,
                    doc_type="service_agreement",
                    title="基金投资顾问服务协议",
                    version_date=po_spec.inception,
                    is_current=True,
                    content=_text(
                        "## 服务内容",
                        "投资顾问根据客户的风险承受能力提供基金组合策略，并按协议约定代客户执行调仓。",
                        "## 服务费",
                        f"投顾服务费按持仓资产年化{_pct_text(D(po_spec.adviser_fee_rate))}每日计提，按季收取。",
                        "## 冷静期",
                        "协议签署后24小时为冷静期，冷静期内解约的，全额退还已收取的服务费。",
                    ),
                )
            )
        notices.append(
            ProductNotice(
                product_code=code,
                kind="announcement",
                category="other",
                title=f"{po_spec.name}成立公告",
                publish_date=po_spec.inception,
                content=_text(
                    f"{po_spec.name}于{po_spec.inception:%Y年%m月%d日}正式成立，主理人为{po_spec.manager}。",
                    po_spec.description,
                ),
            )
        )
        for q_start, q_end, _category, title in _quarters(po_spec.inception, end, 4):
            notices.append(
                ProductNotice(
                    product_code=code,
                    kind="report",
                    category="quarterly",
                    title=f"{po_spec.name}{title}",
                    publish_date=q_end + timedelta(days=15),
                    content=_text(
                        "## 运作回顾",
                        f"报告期{q_start:%Y年%m月%d日}至{q_end:%Y年%m月%d日}，组合按既定策略运作。",
                        "## 后市展望",
                        "我们将继续坚持长期投资理念，在控制风险的前提下追求稳健回报。",
                    ),
                )
            )

    for code, name, company_name, *_rest in PRIVATES:
        docs += [
            ProductDocument(
                product_code=code,
                doc_type="contract",
                title=f"{name}基金合同",
                version_date=date(2019, 1, 2),
                is_current=True,
                content=_text(
                    f"本基金由{company_name}担任管理人，仅向合格投资者募集。",
                    "合格投资者是指具备相应风险识别能力和风险承担能力，投资于单只私募基金的金额不低于100万元且金融资产不低于300万元或者最近三年个人年均收入不低于50万元的个人。",
                ),
            ),
            ProductDocument(
                product_code=code,
                doc_type="risk_disclosure",
                title=f"{name}风险揭示书",
                version_date=date(2019, 1, 2),
                is_current=True,
                content=_text(
                    "私募基金不同于银行存款，不保证本金和收益。投资者可能损失全部投资本金。",
                    "私募基金存在封闭期与锁定期，在此期间投资者无法赎回。",
                ),
            ),
        ]
        notices.append(
            ProductNotice(
                product_code=code,
                kind="report",
                category="quarterly",
                title=f"{name}运作报告（{end.year}年第{(end.month - 1) // 3 or 4}季度）",
                publish_date=end - timedelta(days=30),
                content=_text("报告期内产品运作正常，净值以每周披露为准。"),
            )
        )

    for title, doc_type, content in [
        (
            "基金销售业务资格证明",
            "qualification",
            "本平台合作券商已取得中国证监会核准的证券投资基金销售业务资格。",
        ),
        (
            "基金投资顾问业务试点资格说明",
            "qualification",
            "本平台投顾服务由具备基金投资顾问业务试点资格的机构提供。",
        ),
        (
            "投资者权益须知",
            "compliance",
            _text(
                "## 投资者的权利",
                "- 知情权：了解所购买产品的风险收益特征。\n- 选择权：自主选择产品与服务。\n- 公平交易权、依法求偿权等。",
                "## 投诉渠道",
                "如对服务有异议，可通过客服热线或监管部门反映。",
            ),
        ),
        (
            "投资者适当性管理制度",
            "compliance",
            "本平台根据投资者的风险承受能力评估结果，向投资者推荐与其风险承受能力相匹配的产品，并对超出风险承受能力的购买行为进行警示。",
        ),
        (
            "反洗钱与反恐怖融资声明",
            "compliance",
            "本平台严格履行反洗钱义务，依法开展客户身份识别、交易记录保存和大额及可疑交易报告工作。",
        ),
    ]:
        docs.append(
            ProductDocument(
                product_code="",
                doc_type=doc_type,
                title=title,
                version_date=date(2025, 1, 1),
                is_current=True,
                content=content,
            )
        )

    session.add_all(docs)
    session.add_all(notices)
    session.flush()
