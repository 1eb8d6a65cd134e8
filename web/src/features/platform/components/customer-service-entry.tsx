import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { CustomerServiceTab } from '@/components/customer-service-tab'
import { ApiError } from '@/lib/api-client'
import { isInApp } from '@/lib/entry'
import { reporter } from '@/lib/error-report'
import { getToken } from '@/lib/session'
import { showFailToast } from '@/lib/toast'
import {
  customerServiceConfigQuery,
  type CustomerServiceType,
} from '../api/get-customer-service-config'

/** Where a chat address leads: a phone desk (tel:) or a web chat page. */
export function chatTarget(chatUrl: string): { kind: 'tel' | 'web'; url: string } | null {
  const url = (chatUrl ?? '').trim()
  if (/^tel:[+\d-]{3,}$/.test(url)) return { kind: 'tel', url }
  if (/^https?:\/\/[^\s/]+/.test(url)) return { kind: 'web', url }
  return null
}

/** The floating customer-service tab, wired to the broker's configuration (docs/product.md#states,
 * docs/product.md#roles): shown to signed-in users outside the provider's app; the configuration is
 * fetched when the tab is tapped. */
export function CustomerServiceEntry({ type = 'broker' }: { type?: CustomerServiceType }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  if (!getToken()) return null

  const open = async () => {
    let chatUrl: string
    try {
      chatUrl = (await queryClient.fetchQuery(customerServiceConfigQuery(type))).chatUrl
    } catch (error) {
      showFailToast(
        error instanceof ApiError && error.answered ? '获取客服配置失败' : '获取客服配置出错',
      )
      return
    }
    const target = chatTarget(chatUrl)
    if (!target) {
      reporter.capture({
        type: 'jsError',
        name: 'CustomerService',
        message: `客服链接不可用: ${chatUrl}`,
      })
      showFailToast('获取客服配置失败')
      return
    }
    if (target.kind === 'tel') window.location.href = target.url
    else navigate(`/outsideChain?${new URLSearchParams({ url: target.url, title: '在线客服' })}`)
  }

  return <CustomerServiceTab onOpen={open} hidden={isInApp()} />
}
