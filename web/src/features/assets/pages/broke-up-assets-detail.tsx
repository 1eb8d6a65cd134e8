import { AssetsDetailView } from './assets-detail-view'

/** /brokeUp-assetsDetail: a broken-up portfolio, whose funds are sold one by one. */
export default function BrokeUpAssetsDetailPage() {
  return <AssetsDetailView brokeUp />
}
