import { PoDetailScreen } from './po-product-detail'

/** oldPoProductDetail: the classic portfolio page, composition before the chart. */
export default function OldPoProductDetail() {
  return <PoDetailScreen classic />
}
