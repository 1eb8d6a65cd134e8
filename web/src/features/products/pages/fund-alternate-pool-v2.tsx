import { FundPoolView } from './fund-pool-view'

/** fundAlternatePoolV2: the fund pool with type capsules and counts. */
export default function FundAlternatePoolV2() {
  return <FundPoolView grouped />
}
