import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'

const TITLES: Record<string, string> = {
  set: '交易密码设置成功',
  change: '交易密码修改成功',
  reset: '交易密码重置成功',
}

/** 交易密码 result. */
export default function TradePasswordResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const from = params.get('from')
  return (
    <ResultView
      status="success"
      title={TITLES[params.get('scene') ?? 'set'] ?? TITLES.set}
      description="请牢记您的交易密码，连续输错5次将锁定24小时"
      actions={[
        {
          text: from ? '继续' : '完成',
          onClick: () => navigate(from || '/accountSecurity', { replace: true }),
        },
      ]}
    />
  )
}
