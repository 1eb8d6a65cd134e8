/**
 * The agreements a user accepts while signing in, opening an account and binding a card, in
 * the version in force. The platform's document service (/noauth/protocol/*) takes them over
 * when it serves them; until then the texts live here, one place.
 */
export interface ProtocolDoc {
  title: string
  version: string
  effective: string
  sections: { heading: string; paragraphs: string[] }[]
}

const PARTY = '开放财富证券（以下简称"本公司"）'

export const PROTOCOLS: Record<string, ProtocolDoc> = {
  userService: {
    title: '用户服务协议',
    version: 'V2.1',
    effective: '2026-01-01',
    sections: [
      {
        heading: '一、协议的范围',
        paragraphs: [
          `本协议是您与${PARTY}之间就使用本平台基金销售及投顾服务所订立的协议。您点击同意或使用本平台服务，即视为已阅读并同意本协议全部条款。`,
        ],
      },
      {
        heading: '二、账户注册与使用',
        paragraphs: [
          '您应使用本人手机号注册，并妥善保管登录设备、短信验证码及交易密码。因您保管不善导致的损失由您自行承担。',
          '同一手机号每分钟最多获取1次、每日最多获取10次验证码；验证码连续输错5次将失效。',
        ],
      },
      {
        heading: '三、风险提示',
        paragraphs: [
          '基金投资有风险，基金的过往业绩并不预示其未来表现。您应根据自身风险承受能力审慎选择产品。',
        ],
      },
    ],
  },
  privacy: {
    title: '隐私政策',
    version: 'V3.0',
    effective: '2026-06-01',
    sections: [
      {
        heading: '一、我们收集的信息',
        paragraphs: [
          '为完成开户、交易与监管报送，我们会收集您的姓名、证件信息、手机号、职业、联系地址、银行卡信息及风险测评结果。',
          '银行卡号仅用于向银行验证，我们只保存卡号后四位；证件号码、手机号在页面展示时均做掩码处理。',
        ],
      },
      {
        heading: '二、信息的使用与共享',
        paragraphs: [
          '我们仅在为您提供服务、履行法定义务所必需的范围内使用您的信息，不会向无关第三方出售您的个人信息。',
          '您可以在「设置」中关闭个性化推荐。',
        ],
      },
      {
        heading: '三、您的权利',
        paragraphs: ['您有权查询、更正您的个人信息，并可申请注销账户。'],
      },
    ],
  },
  accountOpening: {
    title: '开户协议',
    version: 'V1.4',
    effective: '2025-09-01',
    sections: [
      {
        heading: '一、开户条件',
        paragraphs: [
          '申请人应为年满18周岁、具有完全民事行为能力的自然人，使用本人有效身份证件开立基金账户。',
        ],
      },
      {
        heading: '二、信息真实性',
        paragraphs: [
          '您承诺所提供的身份、职业、地址及税收居民身份信息真实、准确、完整，并在信息变更时及时更新。',
        ],
      },
    ],
  },
  investorRights: {
    title: '投资人权益须知',
    version: 'V1.0',
    effective: '2025-01-01',
    sections: [
      {
        heading: '投资人的权利',
        paragraphs: [
          '投资人享有获取基金信息披露资料、按规定申购赎回、参与分配收益等权利。',
          '基金销售机构应当遵循适当性原则，向投资人销售与其风险承受能力相匹配的产品。',
        ],
      },
    ],
  },
  eSignature: {
    title: '电子签名约定书',
    version: 'V1.0',
    effective: '2025-01-01',
    sections: [
      {
        heading: '电子签名的效力',
        paragraphs: ['您通过本平台以电子方式签署的协议、确认书与纸质签署具有同等法律效力。'],
      },
    ],
  },
  quickPayment: {
    title: '快捷支付服务协议',
    version: 'V1.2',
    effective: '2025-05-01',
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: [
          '您授权本公司及合作支付机构在您发起买入时，从您绑定的本人银行卡中扣划相应款项。',
          '单笔及单日扣款限额以银行规定为准，详见「支付限额」。',
        ],
      },
    ],
  },
  entrustedPayment: {
    title: '委托扣款授权书',
    version: 'V1.1',
    effective: '2025-05-01',
    sections: [
      {
        heading: '授权事项',
        paragraphs: [
          '本人授权在定投计划执行日及买入确认时，从本人绑定的银行卡中扣划对应金额，扣款失败不影响本人其他权益。',
        ],
      },
    ],
  },
  fund: {
    title: '基金销售服务协议',
    version: 'V2.0',
    effective: '2025-03-01',
    sections: [
      {
        heading: '一、交易规则',
        paragraphs: [
          '交易日15:00前提交的申请按当日净值确认，15:00后或非交易日提交的申请按下一交易日净值确认。',
          '赎回费按持有期限分段收取，持有不满7日的份额赎回费不低于1.5%。',
        ],
      },
    ],
  },
}

/** Earlier versions of the privacy policy (privacyHistory). */
export const PRIVACY_HISTORY = [
  { version: 'V3.0', effective: '2026-06-01', note: '新增个性化推荐开关说明' },
  { version: 'V2.0', effective: '2025-07-01', note: '补充银行卡信息的保存范围' },
  { version: 'V1.0', effective: '2024-09-01', note: '首次发布' },
]
