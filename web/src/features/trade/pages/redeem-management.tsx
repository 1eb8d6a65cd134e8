/**
 * 赎回管理 (redeemManagement): the user's funds with fixed open periods (定期开放), each with
 * its shares that may still be booked, its next open day and coming open periods, and 预约赎回;
 * below, the bookings with their status (已预约 can be cancelled, 已提交赎回 links to its order).
 */
import { Button, Dialog, ErrorBlock } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import '@/components/product-page.css'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { showSuccessToast } from '@/lib/toast'
import {
  cancelAppointment,
  invalidateAppointments,
  useAppointments,
  type Appointment,
} from '../api/redeem-appointments'
import { orderDetailPath } from '../lib/order-text'

const STATUS_COLOR: Record<Appointment['status'], string> = {
  BOOKED: '#e8590c',
  PLACED: '#1677ff',
  CANCELLED: '#999',
  FAILED: '#21a366',
}

export default function RedeemManagementPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const query = useAppointments(params.get('financialAccountId'))
  const cancel = (a: Appointment) =>
    Dialog.confirm({
      content: `确认撤销${a.fundName}的预约赎回（${formatMoney(a.shares)}份）？`,
      confirmText: '确认撤销',
      onConfirm: async () => {
        await cancelAppointment(a.appointmentId)
        showSuccessToast('预约已撤销')
        await invalidateAppointments(queryClient)
      },
    })
  return (
    <div className="trade-page" data-testid="redeem-management">
      <QueryView
        query={query}
        rows={4}
        isEmpty={(d) => d.funds.length === 0 && d.appointments.length === 0}
        emptyTitle="暂无可预约赎回的基金"
        emptyDescription="定期开放基金仅在开放期内办理赎回，持有后可在此预约"
      >
        {(d) => (
          <>
            <Section title="定期开放基金">
              {d.funds.length === 0 && <div className="pd-muted">暂无持有的定期开放基金</div>}
              {d.funds.map((f) => (
                <div key={`${f.financialAccountId}-${f.fundCode}`} data-testid="appointable-fund">
                  <div className="pd-fund-row">
                    <span>
                      {f.fundName}
                      <span className="pd-header__code">{f.fundCode}</span>
                    </span>
                  </div>
                  <div className="pd-muted">
                    可用份额 {formatMoney(f.availableShares)} · 已预约 {formatMoney(f.bookedShares)}
                  </div>
                  <div className="pd-muted">
                    下一开放日 {f.nextOpenDate ?? '暂无'}
                    {f.openPeriods.map((p) => ` · 开放期 ${p.startDate} 至 ${p.endDate}`).join('')}
                  </div>
                  <Button
                    size="small"
                    color="primary"
                    style={{ margin: '8px 0 12px' }}
                    disabled={!f.nextOpenDate}
                    onClick={() =>
                      navigate(
                        `/redeemAppointment?fundCode=${f.fundCode}&financialAccountId=${f.financialAccountId}`,
                      )
                    }
                  >
                    预约赎回
                  </Button>
                </div>
              ))}
            </Section>
            <Section title="预约记录">
              {d.appointments.length === 0 ? (
                <ErrorBlock status="empty" title="暂无预约记录" description="" />
              ) : (
                d.appointments.map((a) => (
                  <div key={a.appointmentId} data-testid="appointment" style={{ padding: '8px 0' }}>
                    <div className="pd-fund-row">
                      <span>{a.fundName}</span>
                      <b style={{ color: STATUS_COLOR[a.status] }}>{a.statusName}</b>
                    </div>
                    <div className="pd-muted">
                      预约份额 {formatMoney(a.shares)} · 开放日 {a.openDate} · 赎回至
                      {a.redeemTo === 'wallet' ? '钱包' : '银行卡'}
                    </div>
                    {a.failReason && <div className="pd-muted">{a.failReason}</div>}
                    {a.status === 'BOOKED' && (
                      <Button size="small" onClick={() => void cancel(a)}>
                        撤销预约
                      </Button>
                    )}
                    {a.orderNo && (
                      <Button
                        size="small"
                        onClick={() =>
                          navigate(
                            orderDetailPath({ orderCode: '024', brokerOrderNo: a.orderNo ?? '' }),
                          )
                        }
                      >
                        查看订单
                      </Button>
                    )}
                  </div>
                ))
              )}
            </Section>
          </>
        )}
      </QueryView>
    </div>
  )
}
