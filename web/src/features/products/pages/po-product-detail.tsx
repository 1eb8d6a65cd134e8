import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePoInfo } from '../api/get-po-info'
import { useStrategyInfo } from '../api/get-strategy-info'
import { PoDetailView } from './po-detail-view'

/** Reads productCode (or poCode) and productType from the address. */
export function usePoParams() {
  const [params] = useSearchParams()
  const code = params.get('productCode') ?? params.get('poCode') ?? ''
  const type = params.get('productType') ?? (code.startsWith('CL') ? 'strategy' : '')
  return { code, type }
}

function StrategyDetail({ code, classic }: { code: string; classic: boolean }) {
  const query = useStrategyInfo({ strategyCode: code })
  return (
    <QueryView query={query} emptyTitle="未指定产品">
      {(strategy) => <PoDetailView po={strategy} strategy={strategy} classic={classic} />}
    </QueryView>
  )
}

function PortfolioDetail({ code, classic }: { code: string; classic: boolean }) {
  const query = usePoInfo({ poCode: code })
  return (
    <QueryView query={query} emptyTitle="未指定产品">
      {(po) => <PoDetailView po={po} classic={classic} />}
    </QueryView>
  )
}

export function PoDetailScreen({ classic = false }: { classic?: boolean }) {
  const { code, type } = usePoParams()
  return type === 'strategy' ? (
    <StrategyDetail code={code} classic={classic} />
  ) : (
    <PortfolioDetail code={code} classic={classic} />
  )
}

/** poProductDetail: a portfolio, strategy or signal product. */
export default function PoProductDetail() {
  return <PoDetailScreen />
}
