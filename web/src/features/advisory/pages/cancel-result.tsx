/**
 * 解约结果 (fa/cancelResult, serviceAccountId): 解约处理中 while the sale settles (撤销解约 until
 * the cut-off of its trade date), then 已解约 with the money in the wallet; read from the account.
 */
import { Dialog } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { ApiError } from '@/lib/api-client'
import { formatMoney } from '@/lib/format'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import { useAccountInfo } from '../api/get-account-info'
import { cancelUnsign, invalidateAdvisory } from '../api/writes'
import { useIdParam } from '../lib/params'
import { accountHomePath } from '../lib/paths'
import '../advisory.css'

export default function CancelResultPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const serviceAccountId = useIdParam('serviceAccountId')
  const info = useAccountInfo(serviceAccountId)
  const home = () => navigate(accountHomePath(serviceAccountId), { replace: true })
  const undo = async () => {
    const ok = await Dialog.confirm({
      content: '撤销后将取消本次解约卖出，继续享受投顾服务。',
      confirmText: '撤销解约',
      cancelText: '取消',
    })
    if (!ok) return
    try {
      await cancelUnsign({ serviceAccountId })
      await invalidateAdvisory(queryClient)
      showSuccessToast('已撤销解约')
      home()
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '网络错误')
    }
  }
  return (
    <QueryView query={info} rows={4} emptyTitle="未找到该投顾账户">
      {(i) => (
        <div data-testid="fa-cancel-result" data-contract={i.contractStatus}>
          {i.contractStatus === 3 ? (
            <ResultView
              status="success"
              title="已解约"
              description={`${i.poName}的投顾服务已终止，卖出资金已转入钱包${
                i.isCoolingOff ? '，冷静期内的投顾服务费已全额退还' : ''
              }。`}
              actions={[
                { text: '查看投顾账户', onClick: home },
                { text: '返回我的', primary: false, onClick: () => navigate('/mine') },
              ]}
            />
          ) : i.contractStatus === 2 ? (
            <ResultView
              status="waiting"
              title="解约处理中"
              description={`账户持仓（${formatMoney(i.totalAsset)}元）正在卖出，卖出确认后资金转入钱包并完成解约。`}
              actions={[
                { text: '返回投顾账户', onClick: home },
                { text: '撤销解约', primary: false, onClick: () => void undo() },
              ]}
            />
          ) : (
            <ResultView
              status="info"
              title="投顾服务进行中"
              description="该账户未在解约中。"
              actions={[{ text: '返回投顾账户', onClick: home }]}
            />
          )}
        </div>
      )}
    </QueryView>
  )
}
