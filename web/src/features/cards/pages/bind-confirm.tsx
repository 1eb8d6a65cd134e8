import { Button, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useBindCard } from '../api/bind-card'
import { useAgreements } from '../api/get-agreements'
import '../cards.css'

/** 确认绑卡: the card, the bank's payment agreements agreed to before the code was sent (merged
 * as 银行授权支付服务协议), and the binding. */
export default function BindConfirmPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const serialNo = params.get('serialNo') ?? ''
  const bankNo = params.get('bankNo') ?? ''
  const agreements = useAgreements(bankNo)
  const bind = useBindCard()

  return (
    <div className="form-page">
      <List header="确认绑定">
        <List.Item extra={params.get('bankName')}>银行</List.Item>
        <List.Item extra={`尾号 ${params.get('tail') ?? ''}`}>卡号</List.Item>
        <List.Item extra={params.get('phone')}>预留手机号</List.Item>
      </List>
      <div style={{ padding: '0 16px' }}>
        <QueryView query={agreements} rows={1}>
          {(data) => (
            <p className="form-page__note">
              已阅读并同意
              {data.paymentAgreement.agreements.map((a) => `《${a.name}》`).join('')}
            </p>
          )}
        </QueryView>
      </div>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          size="large"
          loading={bind.isPending}
          onClick={() => {
            bind.mutate(serialNo, {
              onSuccess: (card) => {
                Toast.show({ icon: 'success', content: `${card.bankCardShowName}绑定成功` })
                navigate(params.get('from') || '/bankCard', { replace: true })
              },
              onError: (err) => Toast.show({ content: err.message }),
            })
          }}
        >
          确认绑定
        </Button>
      </div>
    </div>
  )
}
