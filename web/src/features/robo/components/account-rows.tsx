import { Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { formatMoney, formatSigned } from '@/lib/format'
import { serviceAccountTags } from '@/lib/service-account'
import type { RoboAccount } from '../api/types'
import { advisorPath } from '../lib/paths'

/** The investor's robo accounts, each opening advisor/account; 未签约 and 已解约 tags as on 我的. */
export function RoboAccountRows({ accounts }: { accounts: RoboAccount[] }) {
  const navigate = useNavigate()
  return (
    <>
      {accounts.map((a) => (
        <div
          key={a.serviceAccountId}
          className="fa-row"
          role="button"
          data-testid="robo-account-row"
          onClick={() => navigate(advisorPath('account', { serviceAccountId: a.serviceAccountId }))}
        >
          <div className="fa-row__main">
            {a.roboServiceName}
            {serviceAccountTags(a).map((t) => (
              <Tag key={t} fill="outline" style={{ marginLeft: 6 }}>
                {t}
              </Tag>
            ))}
            <div className="fa-row__sub">持有收益 {formatSigned(a.holdingProfit)}</div>
          </div>
          <div className="fa-row__end">{formatMoney(a.holdingAsset)}元</div>
        </div>
      ))}
    </>
  )
}
