/**
 * 解约 (fa/cancelContract, serviceAccountId): what unsigning does — every fund of the account is
 * sold to its wallet, the fee accrued and not yet charged is charged once the sale settles (none
 * within the cooling-off period, when every fee already charged is refunded), waiting adjustments
 * end — then the trade password. The outcome opens on fa/cancelResult.
 */
import { useState } from 'react'
import { Button, Checkbox } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useAccountInfo } from '../api/get-account-info'
import type { AccountInfo } from '../api/types'
import { unsignContract } from '../api/writes'
import { usePasswordWrite } from '../components/use-password-write'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import { contractStatusText } from '../lib/status'
import '../advisory.css'

function Form({ info }: { info: AccountInfo }) {
  const navigate = useNavigate()
  const write = usePasswordWrite()
  const [agreed, setAgreed] = useState(false)
  const id = info.serviceAccountId
  if (info.contractStatus !== 1) {
    return (
      <div className="fa-page fa-page--plain">
        <div className="trade-notice">
          当前签约状态为「{contractStatusText(info.contractStatus)}」，无需解约。
        </div>
      </div>
    )
  }
  const submit = () => {
    if (!agreed) return showFailToast('请先确认解约须知')
    write.ask({
      description: `解约 ${info.poName}`,
      run: (p) => unsignContract({ serviceAccountId: id, ...p }),
      done: () => navigate(faPath('cancelResult', id), { replace: true }),
    })
  }
  return (
    <div className="fa-page" data-testid="fa-cancel-contract">
      <Section title={info.poName}>
        <KeyValue label="总资产(元)">{formatMoney(info.totalAsset)}</KeyValue>
        <KeyValue label="本期已计提服务费(元)">{formatMoney(info.advisorFee)}</KeyValue>
        <KeyValue label="协议编号">{info.contractNo}</KeyValue>
      </Section>
      {info.isCoolingOff && (
        <div className="trade-notice" data-testid="fa-cooling-off">
          您处于冷静期内（至 {info.coolingOffEndTime?.slice(0, 16).replace('T', ' ')}
          ），本次解约不收取投顾服务费，已收取的服务费将全额退还。
        </div>
      )}
      <Section title="解约须知">
        <ol className="fa-muted" style={{ paddingLeft: 18 }}>
          <li>解约后，账户内全部基金将按当日净值卖出，资金转入该账户的钱包。</li>
          <li>
            {info.isCoolingOff
              ? '冷静期内解约不收取投顾服务费。'
              : '卖出确认后，收取本期已计提尚未收取的投顾服务费。'}
          </li>
          <li>待确认的调仓将终止，不再执行。</li>
          <li>
            卖出提交后至当日15:00前可撤销解约；解约完成后账户显示「已解约」，历史记录仍可查看。
          </li>
        </ol>
      </Section>
      <div className="trade-agree">
        <Checkbox checked={agreed} onChange={setAgreed} style={{ '--icon-size': '16px' }}>
          <span className="protocol-agreement__text">我已阅读并知晓解约须知</span>
        </Checkbox>
      </div>
      <div className="trade-footer">
        <Button block color="danger" data-testid="fa-unsign-submit" onClick={submit}>
          确认解约
        </Button>
      </div>
      {write.node}
    </div>
  )
}

export default function CancelContractPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const info = useAccountInfo(serviceAccountId)
  return (
    <QueryView query={info} rows={6} emptyTitle="未找到该投顾账户">
      {(i) => <Form info={i} />}
    </QueryView>
  )
}
