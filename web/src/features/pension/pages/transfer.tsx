/**
 * 养老金转入 (pension/transfer): bringing a pension fund account opened at another bank to this
 * platform. The account itself stays at its bank (one per person); binding it here makes its
 * money usable for the pension funds sold here. With an account bound, the page shows it and how
 * to change its bank.
 */
import { Button, Steps } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { usePensionAccount } from '../api/get-td-account'
import '../pension.css'

export default function PensionTransferPage() {
  const navigate = useNavigate()
  const account = usePensionAccount()
  return (
    <div className="pension-page">
      <QueryView query={account} rows={4}>
        {(a) => (
          <>
            {a.hasAccount ? (
              <div className="pension-card">
                <div className="pension-card__title">已绑定的资金账户</div>
                <div className="pension-muted">
                  {a.bankName}({a.accountTail})，
                  <span className="pension-phrase">余额 {formatMoney(a.balance)} 元，</span>
                  <span className="pension-phrase">
                    {a.year}年已缴存 {formatMoney(a.yearContributed)} 元
                  </span>
                </div>
              </div>
            ) : (
              <div className="pension-card">
                <div className="pension-card__title">已在其他银行开户？</div>
                <div className="pension-muted">
                  绑定您在其他银行开立的个人养老金资金账户，即可在本平台缴存和购买养老金产品。
                </div>
                <Button
                  block
                  color="primary"
                  style={{ marginTop: 12 }}
                  onClick={() => navigate('/pension/bankList?way=bind')}
                >
                  绑定已有账户
                </Button>
              </div>
            )}
            <div className="pension-card">
              <div className="pension-card__title">更换开户银行</div>
              <Steps direction="vertical" current={-1}>
                <Steps.Step
                  title="在新银行申请变更"
                  description="在拟转入的银行提出个人养老金资金账户变更申请"
                />
                <Steps.Step
                  title="原账户资金转入"
                  description="原银行将资金账户内的资金和已购产品赎回资金转至新账户，原账户注销"
                />
                <Steps.Step
                  title="在本平台重新绑定"
                  description="变更完成后，在本页面绑定新的资金账户"
                />
              </Steps>
              <div className="pension-muted">
                变更期间不能缴存和购买产品；当年已缴存金额连续计算，年度上限仍为12000元。
              </div>
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
