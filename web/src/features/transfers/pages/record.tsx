/** 转入记录 (transferOnline/record): every application, newest first, with its state. */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useApplications } from '../api/calls'
import { ApplicationCard } from '../components/application-card'
import { TEXTS } from '../lib/texts'
import '../transfers.css'

export default function RecordPage() {
  const navigate = useNavigate()
  const list = useApplications()
  return (
    <div className="xfer-page">
      <QueryView
        query={list}
        rows={5}
        isEmpty={(d) => d.length === 0}
        empty={
          <>
            <ErrorBlock status="empty" title={TEXTS.noApplications} description="" />
            <div className="xfer-actions">
              <Button color="primary" onClick={() => navigate('/transferOnline/home')}>
                去转入
              </Button>
            </div>
          </>
        }
      >
        {(d) => (
          <Section>
            <div data-testid="transfer-record">
              {d.map((a) => (
                <ApplicationCard key={a.applicationId} application={a} />
              ))}
            </div>
          </Section>
        )}
      </QueryView>
    </div>
  )
}
