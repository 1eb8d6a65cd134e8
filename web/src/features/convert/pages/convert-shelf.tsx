/**
 * 基金转换 (convert/shelf; fundCode, financialAccountId): the fund being converted out with
 * its convertible shares, and the funds of the same company it may go into (prepare.targets)
 * with their type, risk, NAV, 近1年 and purchase fee rate. Choosing one opens convert/trade.
 */
import { ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatNav, formatNumber } from '@/lib/format'
import { useConvertPrepare } from '../api/get-convert-prepare'
import type { ConvertPrepare } from '../api/types'
import { FundCard } from '../components/fund-card'
import { TargetRow } from '../components/target-row'
import { convertPath, useConvertAccount } from '../hooks/use-convert-account'
import '../convert.css'

function Shelf({ prepare }: { prepare: ConvertPrepare }) {
  const navigate = useNavigate()
  return (
    <div className="convert-page" data-testid="convert-shelf">
      <FundCard
        label="转出基金"
        name={prepare.fundName}
        code={prepare.fundCode}
        tags={[prepare.fundTypeName]}
        testId="convert-source"
        lines={[
          { label: '可转换份额', value: `${formatNumber(prepare.availableShares)}份` },
          {
            label: '最新净值',
            value: `${formatNav(prepare.nav)}${prepare.navDate ? `（${prepare.navDate.slice(5)}）` : ''}`,
          },
        ]}
      />
      <div className="convert-section">
        <span>选择转入基金</span>
        <em>同一基金公司旗下基金</em>
      </div>
      {prepare.targets.length === 0 ? (
        <ErrorBlock
          status="empty"
          title="暂无可转入的基金"
          description="该基金公司旗下暂无可转换的基金"
          data-testid="convert-empty"
        />
      ) : (
        <div className="convert-targets">
          {prepare.targets.map((t) => (
            <TargetRow
              key={t.fundCode}
              target={t}
              onClick={() =>
                navigate(
                  convertPath('/convert/trade', {
                    fundCode: prepare.fundCode,
                    targetFundCode: t.fundCode,
                    financialAccountId: prepare.financialAccountId,
                  }),
                )
              }
            />
          ))}
        </div>
      )}
      <p className="convert-foot">
        基金转换指将持有的基金份额转换为同一基金公司管理的另一只基金，费用为转出基金的赎回费加上两只基金申购费的差额（补差费）。
      </p>
    </div>
  )
}

export default function ConvertShelfPage() {
  const [params] = useSearchParams()
  const fundCode = params.get('fundCode') ?? ''
  const { financialAccountId } = useConvertAccount()
  const query = useConvertPrepare(fundCode, financialAccountId)
  return (
    <QueryView query={query} rows={8} emptyTitle="缺少基金信息">
      {(prepare) => <Shelf prepare={prepare} />}
    </QueryView>
  )
}
