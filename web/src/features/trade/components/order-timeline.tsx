import { Steps } from 'antd-mobile'
import type { TimelineStep } from '../lib/timeline'

const STEP_STATUS = {
  done: 'finish',
  current: 'process',
  error: 'error',
  wait: 'wait',
} as const

/** The steps of an order (lib/timeline), drawn vertically. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <Steps direction="vertical" className="trade-steps" data-testid="order-timeline">
      {steps.map((s) => (
        <Steps.Step
          key={s.key}
          title={s.title}
          status={STEP_STATUS[s.state]}
          description={[s.date, s.note].filter(Boolean).join('  ')}
        />
      ))}
    </Steps>
  )
}
