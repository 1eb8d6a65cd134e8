/**
 * 协议预览 (fa/previewContract, poCode or serviceAccountId, fileId): the service agreement as it
 * reads for this customer — the parties, the strategy, how it is managed, the fee terms, the
 * cooling-off period — and the files that make it up; the chosen file (fileId) opens in the
 * document viewer.
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { useContractDetail } from '../api/get-contract-detail'
import type { ContractDetail } from '../api/types'
import { FeeTerms } from '../components/fee-terms'
import { useIdParam, useTextParam } from '../lib/params'
import { contractStatusText } from '../lib/status'
import { DISCRETION_NOTE, discretionText } from '../lib/texts'
import '../advisory.css'

function Preview({ c, fileId }: { c: ContractDetail; fileId: number }) {
  const navigate = useNavigate()
  const file = c.fileList.find((f) => f.fileId === fileId) ?? c.fileList[0]
  const open = (url: string, title: string) =>
    navigate(`/outsideChain?${new URLSearchParams({ url, title })}`)
  return (
    <div className="fa-page" data-testid="fa-preview-contract">
      <Section title={file ? `《${file.name}》` : '基金投顾服务协议'}>
        <KeyValue label="投资者">{c.customerName}</KeyValue>
        <KeyValue label="投顾机构">{c.teamName || '--'}</KeyValue>
        <KeyValue label="投顾组合">
          {c.poName}（{c.poCode}）
        </KeyValue>
        <KeyValue label="服务方式">{discretionText(c.discretionType)}</KeyValue>
        <KeyValue label="签约状态">
          {c.contractStatus === null ? '未签约' : contractStatusText(c.contractStatus)}
        </KeyValue>
        {c.contractNo && <KeyValue label="协议编号">{c.contractNo}</KeyValue>}
      </Section>
      <div className="fa-doc">
        {`一、服务内容\n投顾机构按${c.poName}的策略为投资者提供基金投资顾问服务，${DISCRETION_NOTE[c.discretionType] ?? ''}。\n\n二、服务费\n投顾服务费按账户资产每日计提，按约定周期收取，详见下方费用条款。\n\n三、冷静期\n签约后冷静期内解约，不收取投顾服务费，已收取的全额退还。\n\n四、风险揭示\n基金投资有风险，投顾组合的过往业绩不代表未来表现，投资者应根据自身风险承受能力审慎决策。`}
      </div>
      <Section title="费用条款">
        <FeeTerms info={c.adviserFeeInfo} />
      </Section>
      <Section title="协议文件">
        <div className="fa-files">
          {c.fileList.map((f) => (
            <a key={f.fileId} role="link" onClick={() => open(f.fileUrl, f.name)}>
              《{f.name}》{f.fileId === file?.fileId ? '（当前）' : ''}
            </a>
          ))}
        </div>
      </Section>
      {file && (
        <div className="trade-footer">
          <Button block color="primary" onClick={() => open(file.fileUrl, file.name)}>
            查看原文
          </Button>
        </div>
      )}
    </div>
  )
}

export default function PreviewContractPage() {
  const poCode = useTextParam('poCode')
  const serviceAccountId = useIdParam('serviceAccountId')
  const fileId = useIdParam('fileId')
  const query = useContractDetail(serviceAccountId ? { serviceAccountId } : { poCode })
  return (
    <QueryView query={query} rows={8} emptyTitle="未找到该协议">
      {(c) => <Preview c={c} fileId={fileId} />}
    </QueryView>
  )
}
