import { Button, ErrorBlock, Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { DonutChart, PALETTE } from '@/components/charts/donut-chart'
import { LineChart } from '@/components/charts/line-chart'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatNumber, formatPercent } from '@/lib/format'
import { useLatestDiagnosis, type Sections } from '../api'
import '../morningstar.css'

function Finding({ level, text }: { level: string; text: string }) {
  return (
    <div className={`ms-finding ${level === 'warn' ? 'ms-finding--warn' : ''}`}>
      <Tag color={level === 'warn' ? 'warning' : 'success'} fill="outline">
        {level === 'warn' ? '需关注' : '良好'}
      </Tag>{' '}
      {text}
    </div>
  )
}

function ShareTable({
  rows,
  head,
}: {
  rows: { name: string; value: string; share: string }[]
  head: string
}) {
  return (
    <table className="ms-table">
      <thead>
        <tr>
          <th>{head}</th>
          <th>市值(元)</th>
          <th>占比</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <td>{r.name}</td>
            <td>{formatMoney(r.value)}</td>
            <td data-share={r.share}>{formatPercent(r.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Concentration({ s }: { s: Sections['concentration'] }) {
  return (
    <Section title="集中度" className="ms-section">
      <Finding level={s.level} text={s.finding} />
      <KeyValue label="最大单只基金占比">{formatPercent(s.maxFundShare)}</KeyValue>
      <KeyValue label="最大单一基金经理占比">{formatPercent(s.maxManagerShare)}</KeyValue>
      <KeyValue label="前五大持仓合计">{formatPercent(s.topShare)}</KeyValue>
      <ShareTable head="前五大持仓" rows={s.topHoldings} />
      <ShareTable head="基金经理" rows={s.managers} />
    </Section>
  )
}

function Exposure({ s }: { s: Sections['exposure'] }) {
  const items = s.assetClasses.map((c, i) => ({
    name: c.name,
    value: Number(c.share),
    color: PALETTE[i % PALETTE.length],
  }))
  return (
    <Section title="资产配置">
      <Finding level={s.level} text={s.finding} />
      <div className="ms-donut">
        <DonutChart items={items} caption={`权益类 ${formatPercent(s.equityShare)}`} size={140} />
        <div className="ms-legend" data-testid="asset-classes">
          {s.assetClasses.map((c, i) => (
            <div key={c.name} data-class={c.name} data-share={c.share}>
              <span>
                <i className="ms-dot" style={{ background: PALETTE[i % PALETTE.length] }} />
                {c.name}
              </span>
              <span>{formatPercent(c.share)}</span>
            </div>
          ))}
        </div>
      </div>
      {s.targetLow !== null && s.targetHigh !== null && (
        <KeyValue label="建议权益类占比">
          {formatPercent(s.targetLow)}-{formatPercent(s.targetHigh)}
        </KeyValue>
      )}
      <ShareTable head="基金类型" rows={s.styles} />
    </Section>
  )
}

export function Overlap({ s }: { s: Sections['overlap'] }) {
  return (
    <Section title="重合度">
      <Finding level={s.level} text={s.finding} />
      {s.pairs.length > 0 && (
        <table className="ms-table">
          <thead>
            <tr>
              <th>基金组合</th>
              <th>相关系数</th>
            </tr>
          </thead>
          <tbody>
            {s.pairs.map((p) => (
              <tr key={`${p.codeA}-${p.codeB}`}>
                <td>
                  {p.nameA} / {p.nameB}
                </td>
                <td>{formatNumber(p.correlation)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}

function Fees({ s }: { s: Sections['fees'] }) {
  return (
    <Section title="费用">
      <Finding level={s.level} text={s.finding} />
      <KeyValue label="累计已支付交易费用">{formatMoney(s.feesPaid)}元</KeyValue>
      <KeyValue label="加权年运作费率">
        {s.weightedOngoingRate === null ? '--' : formatPercent(s.weightedOngoingRate)}
      </KeyValue>
      <KeyValue label="预计每年运作费用">{formatMoney(s.yearlyCost)}元</KeyValue>
    </Section>
  )
}

function Risk({ s }: { s: Sections['risk'] }) {
  return (
    <Section title="风险匹配">
      <Finding level={s.level} text={s.finding} />
      <KeyValue label="您的风险承受能力">{s.grade ? `C${s.grade}` : '未评估'}</KeyValue>
      <KeyValue label="持仓加权风险等级">R{s.weightedRiskLevel}</KeyValue>
      <KeyValue label="最高风险等级">R{s.highestRiskLevel}</KeyValue>
      {s.aboveGrade.map((r) => (
        <KeyValue key={r.code} label={`${r.name}（R${r.riskLevel}）`}>
          {formatPercent(r.share)}
        </KeyValue>
      ))}
    </Section>
  )
}

function Performance({ s }: { s: Sections['performance'] }) {
  const series = [
    {
      name: '当前持仓',
      color: PALETTE[0],
      points: s.curve.map((p) => [p.date, Number(p.value) - 1] as [string, number]),
    },
  ]
  if (s.benchmarkCurve.length > 0) {
    series.push({
      name: '业绩比较基准',
      color: PALETTE[1],
      points: s.benchmarkCurve.map((p) => [p.date, Number(p.value) - 1] as [string, number]),
    })
  }
  return (
    <Section title="业绩表现">
      <Finding level={s.level} text={s.finding} />
      {s.curve.length > 1 && <LineChart series={series} percent height={180} />}
      <KeyValue label="近一年收益">{formatPercent(s.portfolioReturn, { signed: true })}</KeyValue>
      <KeyValue label="业绩比较基准">{formatPercent(s.benchmarkReturn, { signed: true })}</KeyValue>
      <KeyValue label="最大回撤">{formatPercent(s.maxDrawdown)}</KeyValue>
      <KeyValue label="年化波动率">{formatPercent(s.volatility)}</KeyValue>
    </Section>
  )
}

/** 诊断结果 (diagnoseResult): the last diagnosis, section by section, and its proposal. */
export default function DiagnoseResultPage() {
  const navigate = useNavigate()
  const diagnosis = useLatestDiagnosis()
  return (
    <QueryView
      query={diagnosis}
      rows={8}
      isEmpty={(d) => d.empty}
      empty={
        <div className="ms-empty">
          <ErrorBlock status="empty" title="暂无诊断结果" description="完成组合诊断后可查看结果" />
          <Button block color="primary" onClick={() => navigate('/diagnose')}>
            去诊断
          </Button>
        </div>
      }
    >
      {(d) => {
        const s = d.sections!
        return (
          <div className="ms-page">
            <div className="ms-hero">
              <p>组合诊断得分</p>
              <div className="ms-hero__score" data-testid="score">
                {d.score}
              </div>
              <p>
                持仓{d.holdingCount}只 · 市值{' '}
                <span data-testid="total">{formatMoney(d.totalValue)}</span>元 · {d.warnCount}
                项需关注
              </p>
            </div>
            <Concentration s={s.concentration} />
            <Exposure s={s.exposure} />
            <Overlap s={s.overlap} />
            <Fees s={s.fees} />
            <Risk s={s.risk} />
            <Performance s={s.performance} />
            <div className="ms-footer">
              {!d.surveyDone && (
                <Button color="primary" fill="outline" onClick={() => navigate('/question')}>
                  填写问卷
                </Button>
              )}
              {d.proposalId && (
                <Button
                  color="primary"
                  onClick={() => navigate(`/fa/msProposalDetail?proposalId=${d.proposalId}`)}
                >
                  查看投资建议书
                </Button>
              )}
            </div>
          </div>
        )
      }}
    </QueryView>
  )
}
