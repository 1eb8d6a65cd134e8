"""The texts of the pension screens the server owns: the authorization and recharge agreements,
the supported banks with what each offers, and the cities (docs/pension.md)."""

from __future__ import annotations

#: Banks whose personal pension fund accounts the platform serves, in the order shown, with
#: whether they open one online and a line for the recommendation page.
PENSION_BANKS: tuple[tuple[str, bool, str], ...] = (
    ("002", True, "网点最多，线上开户当日可用"),
    ("005", True, "线上开户，缴存实时到账"),
    ("004", True, "线上开户，支持跨行缴存"),
    ("003", True, "线上开户，县域网点覆盖广"),
    ("007", True, "手机银行开户，缴存提醒服务"),
    ("006", False, "已开户用户可直接绑定"),
    ("016", False, "已开户用户可直接绑定"),
    ("008", False, "已开户用户可直接绑定"),
)

#: Since 2024-12-15 personal pension is open nationwide (人社部等五部门通知); the cities offered
#: are the ones a user most often picks, and any other prefecture-level city may be typed in.
CITIES: tuple[str, ...] = (
    "北京市", "上海市", "天津市", "重庆市", "广州市", "深圳市", "杭州市", "南京市", "苏州市",
    "成都市", "武汉市", "西安市", "长沙市", "郑州市", "济南市", "青岛市", "合肥市", "福州市",
    "厦门市", "沈阳市", "大连市", "哈尔滨市", "长春市", "石家庄市", "太原市", "南昌市",
    "南宁市", "昆明市", "贵阳市", "海口市", "兰州市", "银川市", "西宁市", "呼和浩特市",
    "乌鲁木齐市", "拉萨市",
)  # fmt: skip

AUTHORIZATION_TITLE = "个人养老金信息授权协议"
AUTHORIZATION_VERSION = "2026.1"
AUTHORIZATION = [
    "为向您提供个人养老金资金账户开立、绑定、缴存及个人养老金产品购买服务，您同意本平台在下列范围内使用您的信息：",
    "一、您的姓名、证件类型及号码、手机号码，用于向您选择的商业银行核验身份、开立或绑定个人养老金资金账户；",
    "二、您的个人养老金资金账户号、开户银行及账户状态，用于展示账户信息、发起缴存和购买个人养老金产品；",
    "三、您的缴存、购买、赎回记录，用于计算年度缴存额度（每人每年12000元）并向您展示；",
    "四、上述信息仅用于个人养老金业务，本平台不会将其用于其他目的或提供给无关第三方。",
    "个人养老金资金账户由商业银行开立和管理，每人只能开立一个，资金在达到领取条件前封闭运行。",
]

RECHARGE_TITLE = "个人养老金缴存协议"
RECHARGE_VERSION = "2026.1"
RECHARGE = [
    "一、您通过本平台从本人名下已绑定的银行卡向本人个人养老金资金账户缴存资金，缴存即时从银行卡扣款。",
    "二、个人养老金缴存额度为每人每年12000元，按自然年度累计计算，超出部分不予受理。",
    "三、缴存额可在当年综合所得或经营所得中据实扣除，领取时单独按照3%的税率计算缴纳个人所得税。",
    "四、个人养老金资金账户内资金可用于购买个人养老金产品，达到领取基本养老金年龄、完全丧失劳动能力、出国（境）定居或国家规定的其他情形前，不得提前领取。",
    "五、个人养老金产品的收益不确定，投资有风险，过往业绩不代表未来表现。",
]

WITHDRAW_RULE = (
    "个人养老金资金账户封闭运行，达到领取基本养老金年龄、完全丧失劳动能力、出国（境）定居"
    "或国家规定的其他情形时，方可按月、分次或一次性领取；此前资金不可取出。"
)
