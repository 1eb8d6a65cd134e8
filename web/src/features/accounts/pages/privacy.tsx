import { Link } from 'react-router'
import { ProtocolView } from '../components/protocol-view'
import '../accounts.css'

/** 隐私政策, with its earlier versions. */
export default function PrivacyPage() {
  return (
    <>
      <ProtocolView type="privacy" />
      <p className="form-page__note" style={{ textAlign: 'center', paddingBottom: 24 }}>
        <Link to="/privacyHistory">查看历史版本</Link>
      </p>
    </>
  )
}
