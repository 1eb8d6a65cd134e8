/** What membership gives: registered members read, verified (account-holding) members trade. */
export const MEMBER_BENEFITS = [
  { title: '投顾内容', text: '投顾团队的观点、公告与文章', needsAccount: false },
  { title: '产品研究', text: '基金与组合的业绩、持仓和风险指标', needsAccount: false },
  { title: '交易服务', text: '基金、组合、钱包的申购赎回与定投', needsAccount: true },
  { title: '投顾陪伴', text: '调仓建议、账户报告与专属服务', needsAccount: true },
]
