import { Button, ErrorBlock, List, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useStatistics, useSubmitDiagnosis } from '../api'
import '../morningstar.css'

const SECTIONS = [
  ['集中度', '前五大持仓、单只基金与单一基金经理占比'],
  ['资产配置', '大类资产与基金类型占比，对照您的问卷结果'],
  ['重合度', '持有基金之间近一年走势的相关性'],
  ['费用', '已支付的交易费用与持仓的年运作费率'],
  ['风险匹配', '持仓风险等级与您的风险承受能力'],
  ['业绩表现', '当前持仓近一年的收益、回撤与业绩比较基准'],
] as const

/** 持仓诊断 (diagnose): what the diagnosis looks at, the diagnoses so far, and running one. */
export default function DiagnosePage() {
  const navigate = useNavigate()
  const stats = useStatistics()
  const submit = useSubmitDiagnosis()
  const run = () =>
    submit.mutate(undefined, {
      onSuccess: (d) => {
        if (!d.empty) navigate(`/diagnoseResult?diagnosisId=${d.diagnosisId}`)
      },
      onError: (e) => Toast.show({ content: e.message }),
    })
  return (
    <QueryView query={stats} rows={6}>
      {(s) => (
        <div className="ms-page">
          <div className="ms-hero">
            <h2>晨星组合诊断</h2>
            <p>
              {s.diagnosisCount > 0
                ? `您已诊断${s.diagnosisCount}次，最近一次得分${s.latestScore}分`
                : '从六个方面体检您当前的基金持仓，每项给出结论与数据'}
            </p>
          </div>
          {submit.data?.empty && (
            <ErrorBlock
              className="ms-empty"
              status="empty"
              title="暂无持仓"
              description={submit.data.message}
            />
          )}
          <List header="诊断内容">
            {SECTIONS.map(([title, text]) => (
              <List.Item key={title} description={text}>
                {title}
              </List.Item>
            ))}
          </List>
          {s.history.length > 0 && (
            <List header="诊断记录">
              {[...s.history].reverse().map((h) => (
                <List.Item
                  key={h.diagnosisId}
                  extra={`${h.score}分`}
                  description={`持仓市值 ${h.totalValue}元`}
                >
                  {h.diagnosedAt.slice(0, 16).replace('T', ' ')}
                </List.Item>
              ))}
            </List>
          )}
          <div className="ms-footer">
            {s.diagnosisCount > 0 && (
              <Button color="primary" fill="outline" onClick={() => navigate('/diagnoseResult')}>
                查看最近结果
              </Button>
            )}
            <Button color="primary" loading={submit.isPending} onClick={run}>
              开始诊断
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
