import { Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import type { Customer } from '@/features/auth'

const GRADE_NAMES: Record<number, string> = {
  1: 'C1 保守型',
  2: 'C2 稳健型',
  3: 'C3 平衡型',
  4: 'C4 成长型',
  5: 'C5 进取型',
}

/** The user: avatar, name (or nickname), masked phone, account and risk grade. */
export function MineHeader({ me }: { me: Customer }) {
  const navigate = useNavigate()
  const name = me.accountName ?? me.nickname
  return (
    <div className="mine-head">
      <div className="mine-head__avatar" aria-hidden>
        {me.headimgurl ? <img src={me.headimgurl} alt="" /> : name.slice(-1)}
      </div>
      <div>
        <div className="mine-head__name">{name}</div>
        <div className="mine-head__meta">
          <span>{me.phone}</span>
          {me.accountId ? (
            <Tag color="success" fill="outline">
              已开户
            </Tag>
          ) : (
            <Tag color="warning" fill="outline">
              未开户
            </Tag>
          )}
          {me.accountId && (
            <Tag
              color={me.riskGrade5 ? 'primary' : 'default'}
              fill="outline"
              onClick={() => navigate('/surveyResult')}
            >
              {me.riskGrade5 ? GRADE_NAMES[me.riskGrade5] : '未测评'}
            </Tag>
          )}
        </div>
      </div>
    </div>
  )
}
