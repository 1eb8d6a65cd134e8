/** 转入说明 (transferOnline/info): how a transfer-in goes, in the words of docs/transfers.md. */
import { Section } from '@/components/section'
import { STEPS, STEP_TEXT } from '../lib/texts'
import '../transfers.css'

const RULES = [
  '支持上传持仓截图、CSV 或 Excel 表格、粘贴文字，或逐只手动添加；每一种方式都会先进入识别结果页，由您核对每只基金的份额与成本。',
  '基金按代码与本平台基金库匹配，未找到的基金会被标出，可更换或删除，其余基金照常转入。',
  '表格不超过2MB、200行；截图为 JPG 或 PNG，不超过5MB。截图在本平台服务器上识别，不会发送给任何第三方。',
  '交易日15:00前提交的申请当日受理（15:00后或非交易日提交的，顺延至下一交易日），受理后下一交易日份额转入，再下一交易日持仓到账（如遇基金暂停交易则转入失败，并说明原因）。',
  '到账后的持仓成本即您填写的成本：持有收益 = 市值 − 成本，自到账当日起按本平台净值计算。',
  '受理前可撤销申请；受理后不可撤销。',
]

export default function InfoPage() {
  return (
    <div className="xfer-page">
      <Section title="转入流程">
        <ol className="xfer-muted" style={{ paddingLeft: 18 }}>
          {STEPS.map((s) => (
            <li key={s}>{STEP_TEXT[s]}</li>
          ))}
        </ol>
      </Section>
      <Section title="转入规则">
        <ol className="xfer-muted" style={{ paddingLeft: 18 }} data-testid="transfer-rules">
          {RULES.map((r) => (
            <li key={r} style={{ marginBottom: 6 }}>
              {r}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  )
}
