import { useState } from 'react'
import { ActionSheet, List } from 'antd-mobile'
import type { FinancialAccount } from '@/features/financial-accounts'

/** 理财账户: the chosen financial account, changed from a sheet of the visible ones. */
export function AccountPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: FinancialAccount[]
  value: number | null
  onChange: (id: number) => void
}) {
  const [open, setOpen] = useState(false)
  if (accounts.length === 0) return null
  const chosen = accounts.find((a) => a.financialAccountId === value)
  return (
    <>
      <List>
        <List.Item
          extra={chosen?.financialAccountName ?? '请选择'}
          onClick={() => setOpen(true)}
          arrowIcon
        >
          理财账户
        </List.Item>
      </List>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText="取消"
        actions={accounts.map((a) => ({
          key: String(a.financialAccountId),
          text: a.financialAccountName,
          onClick: () => {
            onChange(a.financialAccountId)
            setOpen(false)
          },
        }))}
      />
    </>
  )
}
