/**
 * 核验资产证明 (on applyCertification/result): the verification code and the file of a
 * certificate; the form sends the file's SHA-256 to the public check and says whether the
 * certificate was issued by this platform and is unchanged.
 */
import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input, Result } from 'antd-mobile'
import { formatMoney } from '@/lib/format'
import { verifyCertification } from '../api/calls'
import { sha256Hex } from '../lib/sha256'
import '../statements.css'

export function VerifyForm({ initialCode }: { initialCode: string }) {
  const [code, setCode] = useState(initialCode)
  const [file, setFile] = useState<File | null>(null)
  const check = useMutation({
    mutationFn: async () =>
      verifyCertification(
        code.trim(),
        file ? await sha256Hex(await file.arrayBuffer()) : undefined,
      ),
  })
  const r = check.data
  return (
    <section className="statements-section" data-testid="certification-verify">
      <h3 className="statements-section__title">核验资产证明</h3>
      <Form
        layout="vertical"
        footer={
          <Button
            block
            color="primary"
            disabled={!code.trim()}
            loading={check.isPending}
            onClick={() => check.mutate()}
          >
            开始核验
          </Button>
        }
      >
        <Form.Item label="验证码">
          <Input value={code} onChange={setCode} placeholder="请输入资产证明上的验证码" clearable />
        </Form.Item>
        <Form.Item label="资产证明文件（PDF）">
          <input
            type="file"
            accept="application/pdf,.pdf"
            aria-label="选择资产证明文件"
            data-testid="verify-file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Form.Item>
      </Form>
      {check.isError && <p className="statements-error">{check.error.message}</p>}
      {r && (
        <div data-testid="verify-result">
          <Result
            status={r.genuine && r.unchanged !== false ? 'success' : 'error'}
            title={r.message}
            description={
              r.genuine
                ? `证明日期 ${r.date ?? ''} · ${r.holderName} · 资产合计 ${formatMoney(r.totalAsset)} 元`
                : ''
            }
          />
        </div>
      )}
    </section>
  )
}
