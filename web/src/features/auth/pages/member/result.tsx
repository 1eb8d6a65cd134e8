import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { useCustomer } from '../../api/get-customer'

/** 开通结果: verified or not yet, read from the user's state. */
export default function MemberResultPage() {
  const navigate = useNavigate()
  const customer = useCustomer()
  return (
    <QueryView query={customer}>
      {(me) =>
        me.accountId ? (
          <ResultView
            status="success"
            title="实名认证成功"
            description={`${me.accountName ?? ''}，您已成为实名会员`}
            actions={[{ text: '返回会员中心', onClick: () => navigate('/member/index') }]}
          />
        ) : (
          <ResultView
            status="info"
            title="尚未完成实名认证"
            description="完成开户后即可成为实名会员"
            actions={[{ text: '去认证', onClick: () => navigate('/member/bindIdCard') }]}
          />
        )
      }
    </QueryView>
  )
}
