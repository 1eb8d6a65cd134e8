import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useLandingPage } from '../api/get-landing-page'
import '../shelf.css'

/** /landing (channel): a marketing channel's landing page, its button leading into the app. */
export default function LandingPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const query = useLandingPage(params.get('channel') ?? '')
  return (
    <div className="shelf-page">
      <QueryView
        query={query}
        rows={6}
        empty={<ErrorBlock status="empty" title="活动不存在或已结束" description="" />}
      >
        {(page) => (
          <>
            <div className="shelf-hero" data-testid="landing-hero">
              <h1>{page.title}</h1>
              <p>{page.subtitle}</p>
            </div>
            <div className="shelf-card">
              {page.content.split('\n').map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <div className="shelf-actions">
              <Button color="primary" block onClick={() => navigate(page.targetPath || '/home')}>
                {page.buttonText}
              </Button>
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
