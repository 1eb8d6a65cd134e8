import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { getBrokerInfo } from '@/lib/broker'
import { useAppVersion } from '../api/get-app-version'
import '../shelf.css'

/** /about-us: who runs the service, the version, and the documents a user may want. */
export default function AboutUsPage() {
  const navigate = useNavigate()
  const query = useAppVersion()
  const broker = getBrokerInfo()
  return (
    <div className="shelf-page">
      <div className="shelf-card" data-testid="about-us">
        <h2>{broker?.name ?? 'OpenTAMP'}</h2>
        <p>
          本服务为基金销售及投资顾问服务平台，提供公募基金、基金组合、钱包及投顾服务。基金销售服务由具备基金销售业务资格的机构提供。
        </p>
        <p className="shelf-muted">基金有风险，投资需谨慎。过往业绩不代表未来表现。</p>
        <QueryView query={query} rows={1}>
          {(v) => <p className="shelf-muted">版本 {v.version}</p>}
        </QueryView>
      </div>
      <List>
        <List.Item onClick={() => navigate('/app/privacy')}>隐私政策</List.Item>
        <List.Item onClick={() => navigate('/static/complianceFile')}>合规文件</List.Item>
        <List.Item onClick={() => navigate('/app-download')}>下载 App</List.Item>
      </List>
    </div>
  )
}
