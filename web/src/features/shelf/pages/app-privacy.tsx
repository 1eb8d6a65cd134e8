import { useState } from 'react'
import { List } from 'antd-mobile'
import { Link } from 'react-router'
import { QueryView } from '@/components/query-view'
import { getBrokerId } from '@/lib/broker'
import { usePrivacyLatest } from '../api/get-privacy-latest'
import { useProtocolDetail } from '../api/get-protocol-detail'
import '../shelf.css'

function Detail({ protocolId }: { protocolId: number }) {
  const query = useProtocolDetail(protocolId)
  return (
    <QueryView query={query} rows={8}>
      {(doc) => (
        <article className="shelf-card" data-testid="privacy-detail">
          <h2>{doc.name}</h2>
          <p className="shelf-muted">版本 {doc.version}</p>
          {doc.content.split('\n').map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </article>
      )}
    </QueryView>
  )
}

/** /app/privacy: the app's privacy policy and user agreement, latest versions (readable before
 * signing in). */
export default function AppPrivacyPage() {
  const query = usePrivacyLatest(getBrokerId() ?? undefined)
  const [chosen, setChosen] = useState<number | null>(null)
  return (
    <div className="shelf-page">
      <QueryView query={query} rows={4} isEmpty={(l) => l.length === 0}>
        {(list) => {
          const id = chosen ?? list[0].protocolId
          return (
            <>
              <List>
                {list.map((p) => (
                  <List.Item
                    key={p.protocolId}
                    onClick={() => setChosen(p.protocolId)}
                    extra={p.protocolId === id ? '当前' : `版本 ${p.version}`}
                  >
                    {p.name}
                  </List.Item>
                ))}
              </List>
              <Detail protocolId={id} />
            </>
          )
        }}
      </QueryView>
      <p className="shelf-muted" style={{ textAlign: 'center' }}>
        <Link to="/privacyHistory">查看历史版本</Link>
      </p>
    </div>
  )
}
