/**
 * 签约详情 (fa/accountSignDetail, serviceAccountId): the contract — parties, number, status,
 * signing time, cooling-off end, the signed files and the fee terms — the auto-adjust setting
 * (a HALF_DISCRETIONARY customer may let adjustments execute without asking), and 解约.
 */
import { Button, Switch } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import { useAutoAdjust } from '../api/get-auto-adjust'
import { useContractDetail } from '../api/get-contract-detail'
import type { ContractDetail } from '../api/types'
import { invalidateAdvisory, updateAutoAdjust } from '../api/writes'
import { FeeTerms } from '../components/fee-terms'
import { FileLinks } from '../components/file-links'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import { contractStatusText } from '../lib/status'
import { DISCRETION_NOTE, discretionText } from '../lib/texts'
import '../advisory.css'

const time = (v: string | null | undefined) => (v ? v.slice(0, 16).replace('T', ' ') : '--')

function AutoAdjustRow({ serviceAccountId }: { serviceAccountId: number }) {
  const queryClient = useQueryClient()
  const query = useAutoAdjust(serviceAccountId)
  if (!query.data || query.data.discretionType !== 'HALF_DISCRETIONARY') return null
  const change = async (autoAdjust: boolean) => {
    try {
      await updateAutoAdjust({ serviceAccountId, autoAdjust })
      await invalidateAdvisory(queryClient)
      showSuccessToast(autoAdjust ? '已开启自动调仓' : '已关闭自动调仓')
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '网络错误')
    }
  }
  return (
    <Section title="自动调仓">
      <div className="fa-row">
        <div className="fa-row__main">开启后投顾调仓无需逐笔确认，将自动执行并通知您</div>
        <Switch checked={query.data.autoAdjust} onChange={(v) => void change(v)} />
      </div>
    </Section>
  )
}

function Detail({ c, serviceAccountId }: { c: ContractDetail; serviceAccountId: number }) {
  const navigate = useNavigate()
  const signed = new Set(c.signedFileIdList)
  return (
    <div className="fa-page" data-testid="fa-sign-detail" data-contract={c.contractStatus}>
      <Section title={c.poName} extra={contractStatusText(c.contractStatus)}>
        <KeyValue label="协议编号">{c.contractNo ?? '--'}</KeyValue>
        <KeyValue label="客户">{c.customerName}</KeyValue>
        <KeyValue label="投顾机构">{c.teamName || '--'}</KeyValue>
        <KeyValue label="服务方式">{discretionText(c.discretionType)}</KeyValue>
        <p className="fa-muted">{DISCRETION_NOTE[c.discretionType]}</p>
        <KeyValue label="签约时间">{time(c.signedAt)}</KeyValue>
        <KeyValue label="冷静期截止">{time(c.coolingOffEndTime)}</KeyValue>
      </Section>
      <Section title="投顾服务费">
        <FeeTerms info={c.adviserFeeInfo} />
      </Section>
      <Section title="协议文件">
        <FileLinks
          files={c.fileList.filter((f) => signed.size === 0 || signed.has(f.fileId))}
          poCode={c.poCode}
          serviceAccountId={serviceAccountId}
        />
        {c.fileList.some((f) => !signed.has(f.fileId)) && signed.size > 0 && (
          <p className="fa-muted">协议文件已更新，请在「我的」页面补签。</p>
        )}
      </Section>
      {c.contractStatus === 1 && <AutoAdjustRow serviceAccountId={serviceAccountId} />}
      {c.contractStatus === 1 && (
        <div className="trade-footer">
          <Button
            block
            fill="outline"
            data-testid="fa-unsign"
            onClick={() => navigate(faPath('cancelContract', serviceAccountId))}
          >
            解约
          </Button>
        </div>
      )}
      {c.contractStatus === 2 && (
        <div className="trade-footer">
          <Button
            block
            fill="outline"
            onClick={() => navigate(faPath('cancelResult', serviceAccountId))}
          >
            查看解约进度
          </Button>
        </div>
      )}
    </div>
  )
}

export default function AccountSignDetailPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const query = useContractDetail({ serviceAccountId })
  return (
    <QueryView query={query} rows={8} emptyTitle="未找到该签约">
      {(c) => <Detail c={c} serviceAccountId={serviceAccountId} />}
    </QueryView>
  )
}
