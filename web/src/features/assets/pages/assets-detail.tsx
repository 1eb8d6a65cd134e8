import { AssetsDetailView } from './assets-detail-view'

/** /assetsDetail */
export default function AssetsDetailPage() {
  return <AssetsDetailView brokeUp={false} />
}
