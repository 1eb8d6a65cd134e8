import { ErrorBlock } from 'antd-mobile'
import { useStoreLink, useViewerToken } from '@/features/store'
import { FundPoolView } from './fund-pool-view'

/** noauth/fundAlternatePoolV2: the public fund pool. The route needs the shop's broker
 * (teamId, mid, brokerId in the link, docs/product.md#screens-and-routes): a visitor token is taken
 * for it when there is no session. */
export default function NoauthFundAlternatePoolV2() {
  const token = useViewerToken(useStoreLink())
  if (token.error)
    return (
      <ErrorBlock
        status="default"
        title="商户信息传入有误，链接无法打开"
        description={token.error}
      />
    )
  return <FundPoolView grouped enabled={token.ready} />
}
