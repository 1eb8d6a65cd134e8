import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useAppVersion } from '../api/get-app-version'
import '../shelf.css'

/** /app and /app-download: the app's download page — the current version and what the app
 * offers; this H5 app is the same service, so 继续使用网页版 leads into it. */
export default function AppDownloadPage() {
  const navigate = useNavigate()
  const query = useAppVersion()
  return (
    <div className="shelf-page">
      <div className="shelf-hero">
        <h1>下载 App</h1>
        <p>基金、组合与投顾服务，随时随地管理您的资产</p>
      </div>
      <div className="shelf-card">
        <QueryView query={query} rows={2}>
          {(v) => (
            <div data-testid="app-version">
              <h2>当前版本 {v.version}</h2>
              <p className="shelf-muted">最低支持版本 {v.minVersion}</p>
              <ul>
                <li>基金、组合、钱包一站式交易</li>
                <li>收益日历与收益率分析</li>
                <li>投顾服务与调仓提醒</li>
              </ul>
            </div>
          )}
        </QueryView>
      </div>
      <div className="shelf-actions">
        <Button color="primary" block onClick={() => navigate('/home')}>
          继续使用网页版
        </Button>
        <Button block onClick={() => navigate('/app/privacy')}>
          隐私政策
        </Button>
      </div>
    </div>
  )
}
