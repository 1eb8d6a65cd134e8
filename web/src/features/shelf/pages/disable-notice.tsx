import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppVersion } from '../api/get-app-version'
import '../shelf.css'

/** /disableNotice (optional reason): the service is not open here — the broker has switched
 * this function off (isDisableBuy, isDisableOpenAccount) or the page runs outside its allowed
 * environment. Shows the trade date the server reports, so the user knows the service is up. */
export default function DisableNoticePage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const version = useAppVersion()
  const reason = params.get('reason')
  return (
    <div className="shelf-page">
      <ErrorBlock
        status="disconnected"
        title="服务暂不可用"
        description={reason || '当前渠道暂未开通此项服务，如有疑问请联系客服'}
      />
      {version.data && (
        <p className="shelf-muted" style={{ textAlign: 'center' }} data-testid="trade-date">
          当前交易日 {version.data.tradeDate}
        </p>
      )}
      <div className="shelf-actions">
        <Button color="primary" block onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
    </div>
  )
}
