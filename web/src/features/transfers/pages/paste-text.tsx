/**
 * 粘贴导入 (pasteText): holdings copied from another app or a statement, one fund a line
 * (代码或名称、持有份额、持仓成本), read like a screenshot's text.
 */
import { Button, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { Section } from '@/components/section'
import { uploadHoldingsText } from '../api/calls'
import { useRecognize } from '../lib/use-recognize'
import '../transfers.css'

const EXAMPLE = '005827 易方达蓝筹精选混合 1200.50 2400.00'

export default function PasteTextPage() {
  const [text, setText] = useState('')
  const { run, busy, error } = useRecognize(uploadHoldingsText)
  return (
    <div className="xfer-page">
      <Section title="粘贴持仓明细">
        <div className="xfer-text">
          <TextArea
            aria-label="持仓明细"
            placeholder={`每行一只基金：代码或名称、持有份额、持仓成本\n例如：${EXAMPLE}`}
            rows={8}
            maxLength={20000}
            value={text}
            onChange={setText}
          />
        </div>
        {error && (
          <p className="xfer-error" data-testid="transfer-error">
            {error}
          </p>
        )}
      </Section>
      <div className="xfer-footer">
        <Button
          block
          color="primary"
          disabled={!text.trim()}
          loading={busy}
          onClick={() => run(text)}
        >
          识别
        </Button>
      </div>
    </div>
  )
}
