/** 推荐银行 (pension/static/bankRecommondPage): how to choose the bank of the pension fund
 * account, and the banks served here with what each offers (bankList). */
import { List, Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePensionBanks } from '../api/get-bank-list'
import '../pension.css'

export default function PensionBankRecommendPage() {
  const navigate = useNavigate()
  const banks = usePensionBanks()
  return (
    <div className="pension-page">
      <article className="pension-card pension-text">
        <h3>如何选择开户银行</h3>
        <ul>
          <li>每人只能开立一个个人养老金资金账户，开户后如需更换银行，须先在原银行办理变更；</li>
          <li>选择常用银行，缴存时可从同行银行卡实时转入，到账更快；</li>
          <li>选择支持在线开户的银行，可在本页面一站完成开户和绑定；</li>
          <li>各银行账户的缴费上限、税收政策和可购买的产品范围相同。</li>
        </ul>
      </article>
      <QueryView query={banks} rows={5}>
        {(list) => (
          <List header="可选银行">
            {list.map((b) => (
              <List.Item
                key={b.bankNo}
                description={b.highlight}
                extra={b.canOpen ? <Tag color="success">可在线开户</Tag> : <Tag>仅绑定</Tag>}
                onClick={() =>
                  navigate(
                    `/pension/bindAccount?bankNo=${b.bankNo}&way=${b.canOpen ? 'open' : 'bind'}`,
                  )
                }
                arrow
              >
                {b.bankName}
              </List.Item>
            ))}
          </List>
        )}
      </QueryView>
    </div>
  )
}
