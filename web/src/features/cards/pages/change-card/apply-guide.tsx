import { useState } from 'react'
import { Button, Form, Input, Steps, Toast } from 'antd-mobile'
import { Link, useNavigate } from 'react-router'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { isIdentityNo } from '@/lib/validate'
import { useVerifyUser } from '../../api/change-card'
import '../../cards.css'

/** 换卡申请 guide: what a card change takes, and the identity check (document number and
 * trade password) before the application. */
export default function ApplyGuidePage() {
  const navigate = useNavigate()
  const [idNo, setIdNo] = useState('')
  const [asking, setAsking] = useState(false)
  const verify = useVerifyUser()
  return (
    <div className="form-page">
      <Steps direction="vertical" current={0}>
        <Steps.Step title="验证身份" description="证件号码与交易密码" />
        <Steps.Step title="填写新卡" description="新卡号、预留手机号及短信验证，上传证明材料" />
        <Steps.Step title="提交审核" description="一般在下一个交易日完成审核，审核通过后自动换卡" />
      </Steps>
      <Form layout="horizontal">
        <Form.Item label="证件号码">
          <Input
            value={idNo}
            onChange={setIdNo}
            placeholder="开户证件号码"
            clearable
            aria-label="证件号码"
          />
        </Form.Item>
      </Form>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          onClick={() => {
            if (!isIdentityNo('0', idNo) && idNo.trim().length < 8) {
              Toast.show({ content: '请输入开户证件号码' })
              return
            }
            setAsking(true)
          }}
        >
          开始换卡
        </Button>
      </div>
      <div className="card-links">
        <Link to="/changeCard/applyRecord">换卡记录</Link>
      </div>
      <TradePasswordPopup
        visible={asking}
        description="验证身份后填写新银行卡"
        onClose={() => setAsking(false)}
        onForgot={() => navigate('/resetTradePasswordAuth')}
        onSubmit={(password) =>
          verify.mutateAsync({ idNo, tradePassword: password }).then(
            () => {
              setAsking(false)
              navigate('/changeCard/applyEdit', { replace: true })
            },
            (err: Error) => {
              Toast.show({ content: err.message })
              throw err
            },
          )
        }
      />
    </div>
  )
}
