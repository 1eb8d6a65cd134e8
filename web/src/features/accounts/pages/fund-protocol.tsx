import { ProtocolView } from '../components/protocol-view'
import '../accounts.css'

/** 基金协议: the fund sales service agreement. */
export default function FundProtocolPage() {
  return <ProtocolView type="fund" />
}
