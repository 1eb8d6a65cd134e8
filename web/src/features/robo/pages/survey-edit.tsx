/**
 * 编辑问卷 (advisor/surveyEdit, surveyId): the goal survey. Without a survey: its name and what
 * the money is for (survey/create). Then the five questions — goal, horizon, amount, liquidity
 * need, largest loss accepted — each saved as it is answered (survey/save); 提交 sends them all
 * (survey/submit builds the plan) and opens advisor/surveyResult. A submitted survey is reopened
 * by 修改问卷 (survey/updateVersion: its draft plan expires); 删除问卷 removes it.
 */
import { useState } from 'react'
import { Button, Dialog, Input, Selector } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { useIdParam } from '@/features/advisory'
import { useSurvey } from '../api/queries'
import type { Survey } from '../api/types'
import {
  createSurvey,
  deleteSurvey,
  invalidateRobo,
  reopenSurvey,
  saveSurvey,
  submitSurvey,
} from '../api/writes'
import { advisorPath } from '../lib/paths'
import {
  missingAnswers,
  QUESTIONS,
  toServerAnswers,
  typedAmount,
  type Answers,
} from '../lib/survey'
import {
  CAPITAL_TAGS,
  GOALS,
  HORIZONS,
  LIQUIDITY,
  LOSS_TOLERANCE,
  labelOf,
  type Choice,
} from '../lib/texts'
import '../robo.css'

const fail = (e: unknown) => showFailToast(e instanceof ApiError ? e.message : '提交失败，请重试')

function CreateStep() {
  const navigate = useNavigate()
  const [name, setName] = useState('我的规划')
  const [tag, setTag] = useState('IDLE')
  const [busy, setBusy] = useState(false)
  const start = async () => {
    if (!name.trim()) return showFailToast('请输入规划名称')
    setBusy(true)
    try {
      const made = await createSurvey({ surveyName: name.trim(), capitalTag: tag })
      navigate(advisorPath('surveyEdit', { surveyId: made.surveyId }), { replace: true })
    } catch (e) {
      fail(e)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="fa-page" data-testid="robo-survey-create">
      <Section title="规划名称">
        <Input
          value={name}
          onChange={setName}
          maxLength={32}
          placeholder="请输入规划名称"
          aria-label="规划名称"
        />
      </Section>
      <Section title="这笔资金是？">
        <Selector options={CAPITAL_TAGS} value={[tag]} onChange={(v) => v[0] && setTag(v[0])} />
      </Section>
      <div className="trade-footer">
        <Button
          block
          color="primary"
          loading={busy}
          data-testid="robo-survey-start"
          onClick={start}
        >
          下一步
        </Button>
      </div>
    </div>
  )
}

const OPTIONS: Partial<Record<keyof Answers, Choice[]>> = {
  goal: GOALS,
  horizonMonths: HORIZONS,
  liquidityNeed: LIQUIDITY,
  lossTolerance: LOSS_TOLERANCE,
}

function fromServer(s: Survey): Answers {
  const a = s.answers
  const tol = LOSS_TOLERANCE.find((c) => Number(c.value) === Number(a.lossTolerance))
  return {
    goal: a.goal ?? null,
    horizonMonths: a.horizonMonths ?? null,
    amount: a.amount ? String(a.amount) : null,
    liquidityNeed: a.liquidityNeed ?? null,
    lossTolerance: tol?.value ?? null,
  }
}

function Questions({ survey }: { survey: Survey }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [answers, setAnswers] = useState<Answers>(() => fromServer(survey))
  const [busy, setBusy] = useState(false)
  const missing = missingAnswers(answers)
  const id = survey.surveyId

  const answer = (key: keyof Answers, value: string | number | null) => {
    const next = { ...answers, [key]: value }
    setAnswers(next)
    const one = toServerAnswers({ [key]: value } as Answers)
    if (Object.keys(one).length > 0) saveSurvey(id, one).catch(fail)
  }

  const submit = async () => {
    if (missing.length > 0) {
      const first = QUESTIONS.find((q) => q.key === missing[0])
      return showFailToast(`请回答：${first?.title ?? ''}`)
    }
    setBusy(true)
    try {
      await submitSurvey(id, toServerAnswers(answers))
      await invalidateRobo(queryClient)
      navigate(advisorPath('surveyResult', { surveyId: id }), { replace: true })
    } catch (e) {
      fail(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="fa-page" data-testid="robo-survey-edit">
      <Section title={survey.surveyName} extra={labelOf(CAPITAL_TAGS, survey.capitalTag)}>
        {QUESTIONS.map((q, i) => (
          <div className="robo-question" key={q.key} data-testid={`robo-q-${q.key}`}>
            <div className="robo-question__title">
              {i + 1}. {q.title}
            </div>
            {q.key === 'amount' ? (
              <Input
                type="text"
                inputMode="decimal"
                placeholder="请输入金额（元）"
                aria-label="投资金额"
                value={answers.amount ?? ''}
                onChange={(v) => setAnswers({ ...answers, amount: typedAmount(v) })}
                onBlur={() => answer('amount', answers.amount ?? null)}
              />
            ) : (
              <Selector
                columns={2}
                options={OPTIONS[q.key] ?? []}
                value={
                  answers[q.key] === null || answers[q.key] === undefined
                    ? []
                    : [String(answers[q.key])]
                }
                onChange={(v) =>
                  answer(
                    q.key,
                    v[0] === undefined ? null : q.key === 'horizonMonths' ? Number(v[0]) : v[0],
                  )
                }
              />
            )}
          </div>
        ))}
      </Section>
      <div className="trade-footer fa-footer">
        <Button
          fill="outline"
          onClick={async () => {
            if (!(await Dialog.confirm({ content: '确定删除该问卷吗？' }))) return
            try {
              await deleteSurvey(id)
              await invalidateRobo(queryClient)
              navigate(advisorPath('advisorPlan'), { replace: true })
            } catch (e) {
              fail(e)
            }
          }}
        >
          删除问卷
        </Button>
        <Button color="primary" loading={busy} data-testid="robo-survey-submit" onClick={submit}>
          提交
        </Button>
      </div>
    </div>
  )
}

function Submitted({ survey }: { survey: Survey }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const a = fromServer(survey)
  return (
    <div className="fa-page" data-testid="robo-survey-submitted">
      <Section title={survey.surveyName} extra="已提交">
        {QUESTIONS.map((q) => (
          <div className="fa-row" key={q.key}>
            <div className="fa-row__main">{q.title}</div>
            <div className="fa-row__end">
              {q.key === 'amount' ? `${a.amount}元` : labelOf(OPTIONS[q.key] ?? [], a[q.key])}
            </div>
          </div>
        ))}
      </Section>
      <div className="trade-footer fa-footer">
        <Button
          fill="outline"
          onClick={async () => {
            try {
              await reopenSurvey(survey.surveyId)
              await invalidateRobo(queryClient)
            } catch (e) {
              fail(e)
            }
          }}
        >
          修改问卷
        </Button>
        <Button
          color="primary"
          onClick={() => navigate(advisorPath('surveyResult', { surveyId: survey.surveyId }))}
        >
          查看方案
        </Button>
      </div>
    </div>
  )
}

export default function SurveyEditPage() {
  const surveyId = useIdParam('surveyId')
  const survey = useSurvey(surveyId || null)
  if (!surveyId) return <CreateStep />
  return (
    <QueryView
      query={survey}
      rows={8}
      isEmpty={(s) => !s || s.status === 'DELETED'}
      emptyTitle="问卷不存在或已删除"
    >
      {(s) =>
        s && s.status === 'SUBMITTED' ? (
          <Submitted survey={s} />
        ) : (
          s && <Questions key={`${s.surveyId}:${s.version}`} survey={s} />
        )
      }
    </QueryView>
  )
}
