import { ErrorBlock } from 'antd-mobile'
import { PROTOCOLS } from '../protocols'

/** One agreement, its version and date. */
export function ProtocolView({ type }: { type: string }) {
  const doc = PROTOCOLS[type]
  if (!doc) return <ErrorBlock status="empty" title="协议不存在" description="请返回重试" />
  return (
    <article className="protocol-doc">
      <h1>{doc.title}</h1>
      <p className="protocol-doc__meta">
        版本 {doc.version} · {doc.effective} 生效
      </p>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  )
}
