/**
 * 问卷 (fa/questionnaire, surveyId): a goal survey as answered — name, what the money is for,
 * the five answers, its status and version — and where its plan stands; a draft opens on
 * advisor/surveyEdit to finish it.
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { useIdParam } from '@/features/advisory'
import { useSurvey } from '../api/queries'
import { advisorPath } from '../lib/paths'
import { QUESTIONS } from '../lib/survey'
import { CAPITAL_TAGS, GOALS, HORIZONS, LIQUIDITY, LOSS_TOLERANCE, labelOf } from '../lib/texts'
import '../robo.css'

const STATUS: Record<string, string> = { DRAFT: '待提交', SUBMITTED: '已提交', DELETED: '已删除' }

export default function QuestionnairePage() {
  const navigate = useNavigate()
  const surveyId = useIdParam('surveyId')
  const query = useSurvey(surveyId || null)
  return (
    <QueryView query={query} rows={6} isEmpty={(s) => !s} emptyTitle="暂无问卷">
      {(s) =>
        s && (
          <div className="fa-page fa-page--plain" data-testid="robo-questionnaire">
            <Section title={s.surveyName} extra={STATUS[s.status] ?? s.status}>
              <KeyValue label="资金用途">{labelOf(CAPITAL_TAGS, s.capitalTag)}</KeyValue>
              <KeyValue label="问卷版本">第{s.version}版</KeyValue>
              <KeyValue label={QUESTIONS[0].title}>{labelOf(GOALS, s.answers.goal)}</KeyValue>
              <KeyValue label={QUESTIONS[1].title}>
                {labelOf(HORIZONS, s.answers.horizonMonths) !== '--'
                  ? labelOf(HORIZONS, s.answers.horizonMonths)
                  : s.answers.horizonMonths
                    ? `${s.answers.horizonMonths}个月`
                    : '--'}
              </KeyValue>
              <KeyValue label={QUESTIONS[2].title}>
                {s.answers.amount ? `${formatMoney(s.answers.amount)}元` : '--'}
              </KeyValue>
              <KeyValue label={QUESTIONS[3].title}>
                {labelOf(LIQUIDITY, s.answers.liquidityNeed)}
              </KeyValue>
              <KeyValue label={QUESTIONS[4].title}>
                {LOSS_TOLERANCE.find((c) => Number(c.value) === Number(s.answers.lossTolerance))
                  ?.label ?? '--'}
              </KeyValue>
              {s.missingFields.length > 0 && (
                <p className="fa-muted">尚有{s.missingFields.length}题未回答</p>
              )}
            </Section>
            <div style={{ margin: 12 }}>
              {s.status === 'SUBMITTED' ? (
                <Button
                  block
                  color="primary"
                  onClick={() => navigate(advisorPath('surveyResult', { surveyId: s.surveyId }))}
                >
                  查看方案
                </Button>
              ) : s.status === 'DRAFT' ? (
                <Button
                  block
                  color="primary"
                  onClick={() => navigate(advisorPath('surveyEdit', { surveyId: s.surveyId }))}
                >
                  继续填写
                </Button>
              ) : null}
            </div>
          </div>
        )
      }
    </QueryView>
  )
}
