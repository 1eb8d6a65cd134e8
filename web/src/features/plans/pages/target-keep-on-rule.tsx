/** 止盈续投规则 (targetKeepOnRule): the rules of 目标止盈定投, the four actions and the rounds
 * (texts in lib/texts.ts). */
import { Section } from '@/components/section'
import { KEEP_ON_RULES } from '../lib/texts'
import '../plans.css'

export default function TargetKeepOnRulePage() {
  return (
    <div className="plan-page plan-rules" data-testid="keep-on-rules">
      {KEEP_ON_RULES.map((r) => (
        <Section key={r.title} title={r.title}>
          {r.paragraphs.map((text) => (
            <p key={text} className="plan-rules__text">
              {text}
            </p>
          ))}
        </Section>
      ))}
    </div>
  )
}
