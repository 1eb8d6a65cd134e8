/**
 * 转入资产 (transferOnline/assetList, applicationId): one application — its steps, funds and
 * figures; 导出表格 (formExport); 撤销申请 while it is still APPLYING; once complete, where the
 * holdings are and what can follow: the profit history of the other platform, a 定投 carried
 * on, a portfolio rebuilt from its funds.
 */
import { Button, Dialog } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import { cancelTransfer, downloadForm, useApplication } from '../api/calls'
import { ApplicationDetail } from '../components/application-detail'
import '../transfers.css'

export default function ApplicationPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const applicationId = Number(params.get('applicationId')) || 0
  const app = useApplication({ applicationId })
  const cancel = async () => {
    const ok = await Dialog.confirm({
      content: '撤销后本次转入申请将关闭，确定撤销吗？',
      confirmText: '确定撤销',
      cancelText: '再想想',
    })
    if (!ok) return
    try {
      await cancelTransfer(applicationId)
      showSuccessToast('已撤销')
      await queryClient.invalidateQueries({ queryKey: ['transfers'] })
    } catch (e) {
      showFailToast(e instanceof Error ? e.message : '撤销失败')
    }
  }
  const exportForm = () =>
    downloadForm(applicationId).catch(() => showFailToast('导出失败，请稍后再试'))
  return (
    <div className="xfer-page">
      <QueryView query={app} rows={6} emptyTitle="转入申请不存在">
        {(a) => (
          <>
            <ApplicationDetail application={a} />
            <div className="xfer-actions">
              {a.status === 'COMPLETE' && (
                <>
                  <Button block color="primary" onClick={() => navigate('/mine')}>
                    查看持仓
                  </Button>
                  <Button
                    block
                    fill="outline"
                    onClick={() => navigate(`/assetsTransferResult?applicationId=${applicationId}`)}
                  >
                    转入结果
                  </Button>
                  <Button
                    block
                    fill="outline"
                    onClick={() => navigate(`/investTransfer?applicationId=${applicationId}`)}
                  >
                    恢复为组合
                  </Button>
                  <Button block fill="outline" onClick={() => navigate('/assetsTransfer')}>
                    继续定投
                  </Button>
                </>
              )}
              {a.status !== 'CLOSED' && (
                <Button
                  block
                  fill="outline"
                  onClick={() => navigate(`/previewResult?applicationId=${applicationId}`)}
                >
                  导入原平台收益记录
                </Button>
              )}
              <Button block fill="outline" onClick={exportForm}>
                导出表格
              </Button>
              {a.status === 'APPLYING' && (
                <Button block color="danger" fill="outline" onClick={cancel}>
                  撤销申请
                </Button>
              )}
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
