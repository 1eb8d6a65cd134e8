# ruff: noqa: E501  (texts of the demo world read best one record per line)
"""The adviser zone of the demo world (docs/demo.md): team introductions, articles about the
portfolios, announcements, banners, recommendations and the home page layout; the protocols
(privacy policy in two versions, account opening, payment agreements, product protocols, laws);
a dynamic dictionary, a channel landing page and an operation push."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.demo.world import DemoWorld
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING, now
from opentamp.models.content import (
    Article,
    ChannelLandingPage,
    DictItem,
    OperationPush,
    Protocol,
    StoreAd,
    StoreAnnouncement,
    StorePageConfig,
    StoreRecommendation,
)
from opentamp.models.platform import Team

TEAM_TEXTS = {
    9001: (
        "专业配置，贴心陪伴，省心之选",
        "开放财富投顾团队由十余位平均从业十年以上的投资与研究人员组成，覆盖宏观策略、基金研究、量化配置与投资者陪伴。我们相信长期投资的力量：以资产配置为核心，精选优质基金构建组合，在不同的市场环境中控制回撤、追求稳健增值。团队坚持“买方立场”，所有组合的调仓记录与理由全部公开，让每一位投资者都能看懂自己买的是什么、为什么买、为什么卖。",
    ),
    9154: (
        "稳健为先，长期陪伴",
        "华信投顾专注于为稳健型投资者提供以债券和货币资产为底仓的配置方案，辅以适度的权益增强，力求在控制波动的前提下获得高于存款的回报。",
    ),
    9174: (
        "科学配置，理性投资",
        "东岳财富团队以量化研究为特色，通过多因子模型筛选基金、动态调整组合权重，追求风险调整后的长期收益。",
    ),
}

ARTICLES = [
    (
        "市场观点",
        "四季度资产配置展望：股债均衡，守正出奇",
        "当前权益资产估值处于历史中低位，债券收益率下行空间收窄，我们建议投资者保持股债均衡配置。",
        ["ZH000002", "ZH000006"],
        True,
        [
            "## 核心观点",
            "- 权益资产估值处于历史中低分位，中长期配置价值凸显。\n- 债券收益率处于低位，票息收益仍有吸引力，但资本利得空间收窄。\n- 黄金在全球不确定性上升的背景下具备配置价值。",
            "## 配置建议",
            "对于风险承受能力中等的投资者，建议以均衡配置组合为核心持仓，股债比例大致各半；对于追求稳健的投资者，可以稳健理财组合打底，适度参与权益市场。",
            "## 风险提示",
            "以上观点仅代表投顾团队当前判断，不构成投资建议。市场有风险，投资需谨慎。",
        ],
    ),
    (
        "调仓说明",
        "均衡配置组合调仓说明：优化固收部分结构",
        "本次调仓主要提高纯债基金比例、降低二级债基权重，以应对股市波动加大的环境。",
        ["ZH000002"],
        False,
        [
            "## 调仓内容",
            "本次调仓提高了纯债基金的比例，降低了二级债基的权重，权益部分维持不变。",
            "## 调仓原因",
            "近期市场波动加大，二级债基的权益仓位会放大组合回撤。调整后，组合固收部分的稳定性进一步提升。",
            "## 后续展望",
            "我们将持续跟踪市场变化，在权益资产出现更明确的机会时适时提高仓位。",
        ],
    ),
    (
        "投资知识",
        "什么是基金组合？为什么要买组合而不是单只基金",
        "基金组合把多只风格互补的基金按比例搭配在一起，帮助投资者分散风险、省去挑选和调仓的烦恼。",
        ["ZH000001", "ZH000002", "ZH000003"],
        False,
        [
            "## 一只基金的局限",
            "单只基金往往集中于某一类资产或某一种风格，当市场风格切换时，净值可能大幅波动。",
            "## 组合的好处",
            "- 分散：股票、债券、黄金等不同资产的涨跌并不同步，搭配在一起可以降低整体波动。\n- 省心：投顾团队负责挑选基金和调仓，投资者无需频繁操作。\n- 透明：每一次调仓的原因与前后比例都会公开。",
            "## 如何选择",
            "根据自己的风险承受能力选择对应风险等级的组合，并做好长期持有的准备。",
        ],
    ),
    (
        "投资知识",
        "定投发车是什么？倍数越高越好吗",
        "发车是主理人根据指数估值发出的买入信号，跟车倍数越高代表当前越值得多买，但也意味着投入更多资金。",
        ["SI000001", "SI000002"],
        False,
        [
            "## 发车的逻辑",
            "当指数相对近一年高点回撤越多，说明估值越便宜，主理人会给出更高的发车倍数，建议跟车用户多买一些；反之则少买。",
            "## 倍数的含义",
            "标准倍数为1倍，即按您设置的标准金额买入；1.5倍意味着本次买入标准金额的150%。倍数区间为0.5倍至2倍。",
            "## 注意事项",
            "低位多买并不意味着马上上涨，请确保跟车资金为长期闲置资金。",
        ],
    ),
    (
        "市场观点",
        "海外市场展望：美股高位震荡，港股估值修复",
        "美股估值处于高位，港股在政策与资金面改善下具备修复空间，全球配置有助于分散单一市场风险。",
        ["ZH000004"],
        False,
        [
            "## 美股",
            "美股科技龙头盈利增长稳健，但估值偏高，短期或维持高位震荡。",
            "## 港股",
            "港股估值处于历史低位，随着流动性改善，存在修复机会。",
            "## 配置建议",
            "通过全球配置组合同时持有美股、港股、A股与黄金，分散单一市场的风险。",
        ],
    ),
    (
        "产品解读",
        "目标盈：给投资设定一个止盈目标",
        "目标盈策略在收益率达到预设目标后自动止盈，帮助投资者克服贪婪，落袋为安。",
        ["CL000001"],
        False,
        [
            "## 运作方式",
            "每一期开放预约后分批建仓，进入运作期后持有组合；当本期收益率达到5%的目标时，系统自动止盈卖出，资金转入钱包。",
            "## 适合谁",
            "适合希望获得稳健收益、又不想自己判断卖出时机的投资者。",
            "## 风险提示",
            "目标收益不是收益承诺，运作期内可能无法达到目标。",
        ],
    ),
    (
        "投顾服务",
        "省心投顾组合：投顾服务费怎么收",
        "投顾服务费按持仓资产的0.5%年化费率每日计提、按月收取，签约后冷静期内解约全额退费。",
        ["ZH000006"],
        False,
        [
            "## 收费标准",
            "投顾服务费按持仓资产的0.5%年化费率每日计提，每月结束后的首个交易日收取上月计提的服务费，每月最多200元。",
            "## 冷静期",
            "签署投顾服务协议后的24小时为冷静期，冷静期内解约全额退还已收取的服务费。",
            "## 服务内容",
            "投顾团队为您挑选基金、制定配置方案并执行调仓，每次调仓均会通知您。",
        ],
    ),
    (
        "投资知识",
        "七日年化和万份收益，看懂货币基金的两个数字",
        "万份收益是每一万份基金份额当天的收益，七日年化是最近七天收益折算成的年化收益率。",
        ["ZH000005"],
        False,
        [
            "## 万份收益",
            "每持有一万份货币基金，当天可获得的收益。周五公布的万份收益通常包含周末两天的收益。",
            "## 七日年化收益率",
            "以最近七天的收益折算为一年的收益率，反映货币基金近期的收益水平，不代表未来收益。",
        ],
    ),
]

PROTOCOLS: list[tuple[str, str, str, str, str]] = [
    (
        "privacyPolicy",
        "隐私政策",
        "1.0",
        "2025-01-01",
        "我们非常重视您的个人信息和隐私保护。本政策说明我们如何收集、使用、存储和保护您的个人信息。\n\n## 一、我们收集的信息\n\n- 注册及登录时提供的手机号码；\n- 开户时提供的姓名、证件号码、银行卡信息；\n- 交易过程中产生的订单与持仓信息。\n\n## 二、信息的使用\n\n我们仅在为您提供基金销售及投顾服务所必需的范围内使用您的个人信息。",
    ),
    (
        "privacyPolicy",
        "隐私政策",
        "2.0",
        "2026-06-01",
        "本次更新主要增加了个人信息跨境传输的说明，并细化了您行使个人信息权利的方式。\n\n## 一、我们收集的信息\n\n- 注册及登录时提供的手机号码；\n- 开户时提供的姓名、证件号码、银行卡信息；\n- 交易过程中产生的订单与持仓信息；\n- 使用投顾服务时填写的风险测评问卷。\n\n## 二、信息的使用与共享\n\n我们仅在为您提供服务所必需的范围内使用您的个人信息，不会向无关第三方出售您的信息。\n\n## 三、您的权利\n\n您可以查阅、更正、删除您的个人信息，或撤回授权、注销账户。",
    ),
    (
        "userAgreement",
        "用户服务协议",
        "1.0",
        "2025-01-01",
        "欢迎使用本平台提供的基金销售与投顾服务。在使用前，请您仔细阅读本协议。\n\n## 一、服务内容\n\n本平台为您提供基金信息展示、基金交易、基金组合及投顾服务。\n\n## 二、用户义务\n\n您应保证所提供信息真实、准确、完整，并妥善保管账户与交易密码。",
    ),
    (
        "accountOpening",
        "基金账户开户协议",
        "1.0",
        "2025-01-01",
        "本协议规范您通过本平台开立基金账户的相关事宜。您应如实提供身份信息，并对所提供信息的真实性负责。",
    ),
    (
        "investorRights",
        "投资者权益须知",
        "1.0",
        "2025-01-01",
        "## 投资者的基本权利\n\n- 知情权\n- 选择权\n- 公平交易权\n- 依法求偿权\n\n## 投资风险提示\n\n基金投资有风险，过往业绩不代表未来表现。",
    ),
    (
        "eSignature",
        "电子签名约定书",
        "1.0",
        "2025-01-01",
        "您同意以电子签名方式签署本平台的协议与文件，电子签名与手写签名具有同等法律效力。",
    ),
    (
        "bankCardAuth",
        "银行卡授权协议",
        "1.0",
        "2025-01-01",
        "您授权本平台在您发起交易时，通过支付机构从您绑定的银行卡扣划相应款项。",
    ),
    (
        "riskDisclosure",
        "基金投资风险揭示书",
        "1.0",
        "2025-01-01",
        "基金投资有风险。基金管理人不保证基金一定盈利，也不保证最低收益。投资者应根据自身风险承受能力选择产品。",
    ),
    (
        "walletService",
        "钱包服务协议",
        "1.0",
        "2025-01-01",
        "钱包资金投资于货币市场基金，收益每日结转为份额。快速取出单日额度有限，普通取出T+1到账。",
    ),
    (
        "portfolio",
        "基金组合服务协议",
        "1.0",
        "2025-01-01",
        "本平台展示的基金组合由投顾团队构建，您买入组合即按组合比例分别申购组合内各只基金。组合调仓时，您可选择跟随调仓。",
    ),
    (
        "targetStrategy",
        "目标止盈策略服务协议",
        "1.0",
        "2025-01-01",
        "目标止盈策略在本期收益率达到目标后自动卖出，卖出资金转入钱包。目标收益不构成收益承诺。",
    ),
    (
        "investPlan",
        "定投服务协议",
        "1.0",
        "2025-01-01",
        "您设置定投计划后，系统将在约定的扣款日自动发起申购。扣款失败的，当期定投不再补扣。",
    ),
    (
        "privateAsset",
        "私募资产配置服务协议",
        "1.0",
        "2025-01-01",
        "私募产品仅面向合格投资者。您确认具备相应的风险识别和承担能力，并已充分了解私募产品的风险。",
    ),
    (
        "qualifiedInvestor",
        "合格投资者承诺函",
        "2025.1",
        "2025-01-01",
        "本人承诺符合《私募投资基金监督管理暂行办法》规定的合格投资者条件：具备相应风险识别能力和风险承担能力，投资于单只私募基金的金额不低于100万元，且金融资产不低于300万元或者最近三年个人年均收入不低于50万元。",
    ),
    (
        "nonAmerican",
        "非美国税收居民声明",
        "1.0",
        "2025-01-01",
        "本人声明不是美国税收居民，如身份发生变化，将及时通知本平台。",
    ),
    (
        "paymentAgreement",
        "快捷支付服务协议",
        "1.0",
        "2025-01-01",
        "您授权支付机构根据您的支付指令从您的银行账户扣款。",
    ),
    (
        "lawsRegulations",
        "中华人民共和国证券投资基金法",
        "2015",
        "2015-04-24",
        "为了规范证券投资基金活动，保护投资人及相关当事人的合法权益，促进证券投资基金和资本市场的健康发展，制定本法。",
    ),
    (
        "lawsRegulations",
        "公开募集证券投资基金销售机构监督管理办法",
        "2020",
        "2020-10-01",
        "为了规范公开募集证券投资基金销售活动，保护投资人的合法权益，制定本办法。",
    ),
    (
        "lawsRegulations",
        "证券期货投资者适当性管理办法",
        "2017",
        "2017-07-01",
        "为了规范证券期货投资者适当性管理，维护投资者合法权益，制定本办法。",
    ),
    (
        "lawsRegulations",
        "关于做好公开募集证券投资基金投资顾问业务试点工作的通知",
        "2019",
        "2019-10-25",
        "为规范基金投资顾问业务试点工作，保护投资者合法权益，现就有关事项通知如下。",
    ),
]
BANK_AGREEMENTS = [
    ("002", "工商银行快捷支付协议"),
    ("007", "招商银行快捷支付协议"),
    ("007", "招商银行代扣协议"),
]


def holiday_notice(calendar: TradingCalendar, today: date) -> tuple[str, str]:
    """The pinned notice of the next market closure after ``today`` (交易安排): the days the
    trading calendar closes in a row around its first closed weekday, named by the ``holidays`` package's Chinese names (春节
    rather than its eve, a 补假 by its holiday), so the demo's 首页 never speaks of a holiday
    long past."""
    import holidays  # the seed's own: the package's calendars stay out of the server

    first = today + timedelta(days=1)
    while first.weekday() >= 5 or calendar.is_trading_day(first):
        first += timedelta(days=1)
    while first - timedelta(days=1) > today and not calendar.is_trading_day(
        first - timedelta(days=1)
    ):
        first -= timedelta(days=1)  # the weekend before it
    resume = calendar.next_trading_day(first)
    last = resume - timedelta(days=1)
    names = holidays.country_holidays("CN", years={first.year, last.year}, language="zh_CN")
    found = [
        str(names[d]).replace("（补假）", "")
        for d in (first + timedelta(days=n) for n in range((last - first).days + 1))
        if d in names
    ]
    name = next((n for n in found if n != "农历除夕"), found[0] if found else "节")
    name = name if name.endswith("节") or name == "元旦" else name + "节"
    span = f"{first.month}月{first.day}日"
    if last != first:
        span += f"至{last.month}月{last.day}日"
    return (
        f"关于{name}假期交易安排的公告",
        f"{name}假期期间（{span}）暂停交易，"
        f"{resume.month}月{resume.day}日起恢复正常交易。"
        "假期前最后一个交易日15:00后提交的申请，将于节后首个交易日处理。",
    )


def _at(day: date, hour: int = 9) -> datetime:
    return datetime(day.year, day.month, day.day, hour, 0, tzinfo=BEIJING)


def seed_store(session: Session, world: DemoWorld) -> None:
    moment = now()
    today = moment.date()
    for team_id, (slogan, intro) in TEAM_TEXTS.items():
        team = session.get(Team, team_id)
        if team is not None:
            team.slogan, team.intro = slogan, intro
            team.brief = team.brief or slogan

    for i, (category, title, summary, scope, top, blocks) in enumerate(ARTICLES):
        published = _at(today - timedelta(days=3 + 9 * i), 10)
        session.add(
            Article(
                team_id=9001,
                title=title,
                category_name=category,
                summary=summary,
                author="开放财富投顾团队",
                content="\n\n".join(blocks),
                product_scope=scope,
                is_top=top,
                published_at=published,
                updated_at=published + timedelta(hours=2),
            )
        )
    session.add(
        Article(
            team_id=9174, title="量化视角看基金选择", category_name="投资知识",
            summary="用数据衡量基金经理的选股与择时能力。", author="东岳财富团队",
            content="## 超额收益\n\n我们用相对基准的超额收益与信息比率衡量基金经理的主动管理能力。",
            product_scope=["ZH000003"], is_top=False,
            published_at=_at(today - timedelta(days=6)), updated_at=_at(today - timedelta(days=6)),
        )
    )  # fmt: skip

    for i, (title, content, top) in enumerate(
        [
            (*holiday_notice(get_calendar(), today), True),
            (
                "投顾组合调仓通知",
                "均衡配置组合于近日完成例行调仓，调整前后比例及调仓原因已在组合详情页“调仓历史”中公示。",
                False,
            ),
            (
                "客服热线服务时间调整",
                "自本月起，客服热线服务时间调整为交易日8:30-21:00，非交易日9:00-18:00。",
                False,
            ),
            (
                "警惕冒用本平台名义的诈骗",
                "本平台不会以任何形式索要您的交易密码或短信验证码，请勿向他人透露。",
                False,
            ),
        ]
    ):
        session.add(
            StoreAnnouncement(
                team_id=9001,
                title=title,
                content=content,
                is_top=top,
                published_at=_at(today - timedelta(days=2 + 11 * i)),
            )
        )
    session.add(
        StoreAnnouncement(
            team_id=9154,
            title="华信投顾服务上线",
            content="华信投顾服务正式上线，欢迎体验。",
            is_top=False,
            published_at=_at(today - timedelta(days=20)),
        )
    )
    session.add(
        StoreAnnouncement(
            team_id=9174,
            title="东岳财富团队公告",
            content="东岳财富团队精选组合已上线。",
            is_top=False,
            published_at=_at(today - timedelta(days=15)),
        )
    )

    for team_id, ads in {
        9001: [
            (
                "均衡配置组合",
                "股债均衡 · 长期稳健",
                "#e8343a",
                "/poProductDetail?productCode=ZH000002&productType=poFund",
            ),
            (
                "沪深300发车",
                "低位多买 · 高位少买",
                "#f08c2e",
                "/poProductDetail?productCode=SI000001&productType=signal",
            ),
            (
                "目标盈·稳健5%",
                "设定目标 · 到点止盈",
                "#3a6ff0",
                "/poProductDetail?productCode=CL000001&productType=strategy",
            ),
        ],
        9154: [
            (
                "稳健理财组合",
                "以债为主 · 稳中求进",
                "#2e8b57",
                "/poProductDetail?productCode=ZH000001&productType=poFund",
            )
        ],
        9174: [
            (
                "进取成长组合",
                "精选成长 · 长期回报",
                "#7a4cf0",
                "/poProductDetail?productCode=ZH000003&productType=poFund",
            )
        ],
    }.items():
        for sort, (title, subtitle, color, link) in enumerate(ads):
            session.add(
                StoreAd(
                    team_id=team_id,
                    title=title,
                    subtitle=subtitle,
                    color=color,
                    link=link,
                    sort_order=sort,
                    start_date=today - timedelta(days=60),
                    end_date=today + timedelta(days=365),
                )
            )
    session.add(
        StoreAd(
            team_id=9001,
            title="已结束的活动",
            subtitle="不应展示",
            color="#999999",
            link="/home",
            sort_order=9,
            start_date=today - timedelta(days=90),
            end_date=today - timedelta(days=1),
        )
    )

    for team_id, recs in {
        9001: [
            ("ZH000002", "poFund", "股债均衡，穿越牛熊的核心持仓", ["均衡", "长期持有"]),
            ("ZH000001", "poFund", "以债打底，追求稳健增值", ["稳健", "低波动"]),
            ("SI000001", "signal", "跟随主理人发车，低位多买", ["发车", "指数"]),
            ("CL000001", "strategy", "设定目标，到点自动止盈", ["止盈"]),
            ("004101", "fund", "长期业绩优异的消费主题基金", ["消费"]),
            ("000509", "wallet", "灵活存取，收益每日可见", ["活期"]),
        ],
        9154: [
            ("ZH000001", "poFund", "稳健首选", ["稳健"]),
            ("002301", "fund", "纯债打底", ["债券"]),
        ],
        9174: [
            ("ZH000003", "poFund", "精选成长风格基金", ["成长"]),
            ("005602", "fund", "中证500指数增强", ["指数增强"]),
        ],
    }.items():
        for sort, (code, product_type, reason, tags) in enumerate(recs):
            session.add(
                StoreRecommendation(
                    team_id=team_id,
                    product_code=code,
                    product_type=product_type,
                    reason=reason,
                    tags=tags,
                    sort_order=sort,
                )
            )

    session.add(
        StorePageConfig(
            team_id=9001,
            page="home",
            components=[
                {"componentId": "banner", "type": "BANNER", "title": "精选活动"},
                {"componentId": "notice", "type": "NOTICE", "title": "团队公告"},
                {"componentId": "recommend", "type": "RECOMMEND", "title": "精选推荐"},
                {
                    "componentId": "hot",
                    "type": "PRODUCT_LIST",
                    "title": "热门产品",
                    "shelf": "home",
                },
                {"componentId": "article", "type": "ARTICLE", "title": "投顾观点"},
            ],
        )
    )

    for protocol_type, name, version, effective, content in PROTOCOLS:
        session.add(
            Protocol(
                protocol_type=protocol_type,
                name=name,
                version=version,
                scope="H5",
                content=content,
                summary=content[:60],
                effective_at=_at(date.fromisoformat(effective), 0),
            )
        )
    for bank_no, name in BANK_AGREEMENTS:
        session.add(
            Protocol(
                protocol_type="paymentAgreement",
                name=name,
                version="1.0",
                scope="H5",
                bank_no=bank_no,
                content=f"{name}：您授权银行根据支付机构发出的扣款指令从您的账户扣款。",
                summary=name,
                effective_at=_at(date(2025, 1, 1), 0),
            )
        )
    session.add(
        Protocol(
            protocol_type="privacyPolicy",
            name="隐私政策（APP）",
            version="2.0",
            scope="APP",
            content="App 端隐私政策。",
            summary="App 端隐私政策",
            effective_at=_at(date(2026, 6, 1), 0),
        )
    )
    session.add(
        Protocol(
            protocol_type="privacyPolicy",
            name="隐私政策",
            version="3.0",
            scope="H5",
            content="将于明年生效的新版隐私政策。",
            summary="将于明年生效",
            effective_at=_at(date(today.year + 1, 1, 1), 0),
        )
    )

    for sort, (label, value) in enumerate([("基金", "fund"), ("组合", "po")]):
        session.add(DictItem(group_code="searchType", label=label, value=value, sort_order=sort))
    for sort, (label, value) in enumerate(
        [
            ("近1月", "1m"),
            ("近3月", "3m"),
            ("近6月", "6m"),
            ("近1年", "1y"),
            ("近3年", "3y"),
            ("今年以来", "ytd"),
            ("成立以来", "all"),
        ]
    ):
        session.add(
            DictItem(group_code="performancePeriod", label=label, value=value, sort_order=sort)
        )
    for sort, (label, value) in enumerate(
        [("400-800-1001", "hotline"), ("service@opentamp.example", "email")]
    ):
        session.add(
            DictItem(group_code="customerService", label=label, value=value, sort_order=sort)
        )

    session.add(
        ChannelLandingPage(
            channel="autumn2026",
            broker_id=1001,
            team_id=9001,
            title="秋季理财节",
            subtitle="均衡配置组合限时费率优惠",
            content="活动期间买入均衡配置组合，组合内基金申购费享一折优惠。活动规则以页面公示为准。",
            button_text="立即查看",
            target_path="/poProductDetail?productCode=ZH000002&productType=poFund",
            is_enabled=True,
        )
    )
    session.add(
        ChannelLandingPage(
            channel="expired2025",
            broker_id=1001,
            team_id=9001,
            title="已结束的活动",
            subtitle="",
            content="",
            button_text="查看",
            target_path="/home",
            is_enabled=False,
        )
    )

    session.add(
        OperationPush(
            broker_id=1001,
            position="HOME",
            title="沪深300发车啦",
            content="主理人刚刚发出新的买入信号，快来看看本次的发车倍数。",
            button_text="去看看",
            link="/poProductDetail?productCode=SI000001&productType=signal",
            frequency="DAILY",
            start_at=moment - timedelta(days=7),
            end_at=moment + timedelta(days=60),
        )
    )
    session.flush()
