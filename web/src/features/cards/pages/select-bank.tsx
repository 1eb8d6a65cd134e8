import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatLarge } from '@/lib/format'
import { useBanks } from '../api/get-banks'
import { BankBadge } from '../components/bank-badge'
import { pickBank } from '../lib'
import '../cards.css'

/** 选择银行: the supported banks with their quick-payment limits. */
export default function SelectBankPage() {
  const navigate = useNavigate()
  const query = useBanks()
  return (
    <QueryView query={query} isEmpty={(b) => b.length === 0}>
      {(banks) => (
        <List header="支持的银行">
          {banks.map((b) => (
            <List.Item
              key={b.bankNo}
              prefix={<BankBadge name={b.bankShortName} color={b.color} />}
              description={`单笔${formatLarge(b.singleLimit, 0)}元，单日${formatLarge(b.dailyLimit, 0)}元`}
              onClick={() => {
                pickBank(b.bankNo)
                navigate(-1)
              }}
            >
              {b.bankName}
            </List.Item>
          ))}
        </List>
      )}
    </QueryView>
  )
}
