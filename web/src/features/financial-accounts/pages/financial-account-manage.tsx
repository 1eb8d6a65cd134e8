import { useState } from 'react'
import { Button, Dialog, Form, Input, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { useCreateFinancialAccount } from '../api/create-financial-account'
import { useUpdateFinancialAccount } from '../api/update-financial-account'
import '../financial-accounts.css'

const MAX_NAME = 10

/** 创建 or 编辑 a financial account (params financialAccountId, financialAccountName). */
export default function FinancialAccountManagePage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('financialAccountId')) || null
  const [name, setName] = useState(params.get('financialAccountName') ?? '')
  const create = useCreateFinancialAccount()
  const update = useUpdateFinancialAccount()
  const busy = create.isPending || update.isPending

  const fail = (err: Error) => {
    if (err instanceof ApiError && err.code === 62030) {
      Dialog.alert({ content: err.message, confirmText: '我知道了' })
    } else {
      Toast.show({ content: err.message })
    }
  }

  const save = () => {
    const clean = name.trim()
    if (!clean) {
      Toast.show({ content: '请输入账户名称' })
      return
    }
    if (id) {
      update.mutate(
        { financialAccountId: id, financialAccountName: clean },
        {
          onSuccess: () => {
            Toast.show({ icon: 'success', content: '已保存' })
            navigate(-1)
          },
          onError: fail,
        },
      )
    } else {
      create.mutate(clean, {
        onSuccess: (created) => {
          Toast.show({ icon: 'success', content: '创建成功' })
          navigate(`/financialAccount?financialAccountId=${created.financialAccountId}`, {
            replace: true,
          })
        },
        onError: fail,
      })
    }
  }

  return (
    <div className="form-page">
      <p className="form-page__intro">
        {id
          ? '修改理财账户的名称，账户内资产不受影响。'
          : '为不同的理财目标创建独立账户，例如养老、子女教育，资产与收益分别统计。'}
      </p>
      <Form layout="horizontal">
        <Form.Item label="账户名称" extra={`${name.trim().length}/${MAX_NAME}`}>
          <Input
            value={name}
            onChange={(v) => setName(v.slice(0, MAX_NAME))}
            placeholder="如：子女教育"
            clearable
            aria-label="账户名称"
          />
        </Form.Item>
      </Form>
      <div className="form-page__footer">
        <Button block color="primary" size="large" loading={busy} onClick={save}>
          {id ? '保存' : '创建账户'}
        </Button>
      </div>
    </div>
  )
}
