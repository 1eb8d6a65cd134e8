import { Navigate } from 'react-router'

/** /member opens the member centre. */
export default function MemberPage() {
  return <Navigate to="/member/index" replace />
}
