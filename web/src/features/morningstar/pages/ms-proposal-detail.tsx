import { useState } from 'react'
import { Button, Checkbox, ErrorBlock, Tag, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatPercent, formatSigned } from '@/lib/format'
import { useConfirmProposal, useProposal, type ProposalDetail } from '../api'
import '../morningstar.css'

function Detail({ p }: { p: ProposalDetail }) {
  const navigate = useNavigate()
  const confirm = useConfirmProposal()
  const [accepted, setAccepted] = useState(false)
  const { base, risk, lines } = p
  const pending = base.status === 'PENDING'
  const onConfirm = () => {
    if (risk.needConfirm && !accepted) {
      Toast.show({ content: '请阅读风险提示并勾选确认' })
      return
    }
    confirm.mutate(
      { proposalId: base.proposalId, acceptRisk: accepted },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: '已确认投资建议书' }),
        onError: (e) => Toast.show({ content: e.message }),
      },
    )
  }
  return (
    <div className="ms-page">
      <div className="ms-hero">
        <p>投资建议书 · {base.proposalNo}</p>
        <h2>{base.customerName}的投资建议</h2>
        <p>
          诊断得分{base.diagnosisScore}分 · 持仓市值{formatMoney(base.totalValue)}元
          {base.profileName ? ` · ${base.profileName}` : ''}
        </p>
      </div>
      <Section title="基本信息">
        <KeyValue label="状态">
          <Tag color={pending ? 'warning' : 'success'}>{base.statusName}</Tag>
        </KeyValue>
        <KeyValue label="生成时间">{base.createdAt.slice(0, 16).replace('T', ' ')}</KeyValue>
        <KeyValue label="建议权益类占比">{formatPercent(base.equityTarget)}</KeyValue>
        {base.confirmedAt && (
          <KeyValue label="确认时间">{base.confirmedAt.slice(0, 16).replace('T', ' ')}</KeyValue>
        )}
      </Section>
      <Section title="建议配置">
        <table className="ms-table">
          <thead>
            <tr>
              <th>资产类别</th>
              <th>当前占比</th>
              <th>建议占比</th>
              <th>调整(元)</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.assetClass}>
                <td>
                  {l.assetClass}
                  {l.fundName && <div className="pd-kv__key">{l.fundName}</div>}
                </td>
                <td>{formatPercent(l.currentShare)}</td>
                <td>{formatPercent(l.targetShare)}</td>
                <td>{formatSigned(l.changeValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="风险提示">
        <KeyValue label="建议配置风险等级">
          {risk.riskLevelName}（R{risk.riskLevel}）
        </KeyValue>
        <KeyValue label="您的风险承受能力">
          {risk.grade ? `${risk.gradeName}（C${risk.grade}）` : risk.gradeName}
        </KeyValue>
        <div className={`ms-finding ${risk.match === 'match' ? '' : 'ms-finding--warn'}`}>
          {risk.warning}
        </div>
        {pending && risk.needConfirm && (
          <Checkbox checked={accepted} onChange={setAccepted}>
            我已阅读风险提示，确认接受超出风险承受能力的配置建议
          </Checkbox>
        )}
      </Section>
      <div className="ms-footer">
        <Button color="primary" fill="outline" onClick={() => navigate('/diagnoseResult')}>
          查看诊断
        </Button>
        {pending && (
          <Button color="primary" loading={confirm.isPending} onClick={onConfirm}>
            确认建议书
          </Button>
        )}
      </div>
    </div>
  )
}

/** 建议书详情 (fa/msProposalDetail): the proposal drawn from a diagnosis, its risk against the
 * investor's grade, and its confirmation. */
export default function MsProposalDetailPage() {
  const [params] = useSearchParams()
  const id = Number(params.get('proposalId')) || null
  const proposal = useProposal(id)
  const navigate = useNavigate()
  return (
    <QueryView
      query={proposal}
      rows={8}
      isEmpty={(p) => p === null}
      empty={
        // opened without an id before the first diagnosis: there is no proposal yet
        <ErrorBlock
          status="empty"
          title="暂无投资建议书"
          description="完成一次组合诊断后，这里会给出您的投资建议书"
        >
          <Button color="primary" onClick={() => navigate('/diagnose')}>
            去诊断
          </Button>
        </ErrorBlock>
      }
    >
      {(p) => p && <Detail p={p} />}
    </QueryView>
  )
}
