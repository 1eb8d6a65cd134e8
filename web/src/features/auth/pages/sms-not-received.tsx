import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import '../auth.css'

/** 收不到验证码: what to check before asking for another code. */
export default function SmsNotReceivedPage() {
  const navigate = useNavigate()
  return (
    <div className="explain-page">
      <h2>收不到验证码，可能是以下原因：</h2>
      <ol>
        <li>手机号码填写有误，请确认后重新获取；</li>
        <li>短信被手机安全软件拦截，请查看拦截记录或关闭拦截后重试；</li>
        <li>手机信号不佳或欠费停机，请检查网络与话费；</li>
        <li>运营商网关延迟，验证码可能稍后送达，5分钟内有效；</li>
        <li>同一手机号每分钟只能获取1次、每天最多10次验证码，超出后请次日再试。</li>
      </ol>
      <p className="form-page__note">如仍无法收到，请联系客服协助处理。</p>
      <div className="form-page__footer">
        <Button block color="primary" onClick={() => navigate(-1)}>
          我知道了
        </Button>
      </div>
    </div>
  )
}
