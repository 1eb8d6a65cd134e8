import { useSearchParams } from 'react-router'
import { ProtocolView } from '../components/protocol-view'
import '../accounts.css'

/** 服务协议 (protocolType): an agreement the user accepts. */
export default function ServiceProtocolPage() {
  const [params] = useSearchParams()
  return <ProtocolView type={params.get('protocolType') ?? 'userService'} />
}
