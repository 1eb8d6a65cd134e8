import { FundPoolView } from './fund-pool-view'

/** fundAlternatePool: the fund pool with type tabs. */
export default function FundAlternatePool() {
  return <FundPoolView grouped={false} />
}
