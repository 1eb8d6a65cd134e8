import { Button, Steps } from 'antd-mobile'
import { useNavigate } from 'react-router'
import '../cards.css'

/** 线下转账说明: paying a large purchase by bank transfer instead of quick payment. */
export default function OfflinePaymentExplainPage() {
  const navigate = useNavigate()
  return (
    <div className="explain-page form-page">
      <h3 className="section-title">大额买入可使用线下转账</h3>
      <Steps direction="vertical" current={-1}>
        <Steps.Step
          title="提交买入订单"
          description="在买入页选择「线下转账」支付方式，记下订单金额"
        />
        <Steps.Step
          title="从已绑定的银行卡汇款"
          description="必须使用本人已绑定的银行卡，通过网银、手机银行或柜台汇至平台收款账户"
        />
        <Steps.Step title="填写汇款备注" description="备注订单号后6位，便于自动匹配" />
        <Steps.Step title="到账后确认" description="资金到账后按当日或下一交易日净值确认份额" />
      </Steps>
      <p className="form-page__note">
        非本人银行卡汇款、金额不一致或未备注订单号的款项将原路退回，退款一般1-3个工作日到账。
      </p>
      <div className="form-page__footer">
        <Button block color="primary" onClick={() => navigate('/offlinePaymentBank')}>
          查看支持的汇款银行
        </Button>
      </div>
    </div>
  )
}
