/** 模板 (transferOnline/template): the template's columns with an example, the download
 * (formExport) and sending it by mail. */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { showFailToast } from '@/lib/toast'
import { downloadForm } from '../api/calls'
import '../transfers.css'

export default function TemplatePage() {
  const navigate = useNavigate()
  return (
    <div className="xfer-page">
      <Section title="持仓表格模板">
        <table className="xfer-table" data-testid="transfer-template">
          <thead>
            <tr>
              <th>基金代码</th>
              <th>基金名称</th>
              <th>持有份额</th>
              <th>持仓成本</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>005827</td>
              <td>易方达蓝筹精选混合</td>
              <td>1200.50</td>
              <td>2400.00</td>
            </tr>
          </tbody>
        </table>
        <p className="xfer-muted">
          每行一只基金。基金代码为6位数字；持有份额、持仓成本最多两位小数，成本为买入该基金的总投入（含手续费）。
        </p>
      </Section>
      <div className="xfer-actions">
        <Button
          block
          color="primary"
          onClick={() => downloadForm().catch(() => showFailToast('下载失败，请稍后再试'))}
        >
          下载模板
        </Button>
        <Button block fill="outline" onClick={() => navigate('/transferOnline/sendEmail')}>
          发送到邮箱
        </Button>
      </div>
    </div>
  )
}
