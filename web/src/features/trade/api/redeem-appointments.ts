/**
 * Redemption appointments and saved trade forms (docs/appointments.md): the list of funds with
 * fixed open periods and the user's bookings, booking (with the trade password and the page's
 * tradeUUID), cancelling, and the form kept on the server between the form and its
 * confirmation step (saveTemporary / verifyTemporary).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { get, post } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type AppointmentList = Schemas['AppointmentListOut']
export type Appointment = Schemas['AppointmentOut']
export type AppointableFund = Schemas['AppointableFundOut']
export type AppointmentBody = Schemas['AppointmentCreateIn']
export type Temporary = Schemas['TemporaryOut']

/** The saved form of the 预约赎回 screen. */
export interface AppointmentForm {
  financialAccountId: number
  fundCode: string
  fundName: string
  shares: string
  redeemTo: 'wallet' | 'card'
  openDate: string
}

export const APPOINTMENT_FORM = 'redeemAppointment'

export const getAppointments = (financialAccountId?: string | null) =>
  get<AppointmentList>(
    '/trade/redeemAppointment/list',
    { financialAccountId: financialAccountId ?? undefined },
    { cache: false },
  )

export const appointmentsQueryOptions = (financialAccountId?: string | null) =>
  queryOptions({
    queryKey: ['trade', 'redeemAppointments', financialAccountId ?? null],
    queryFn: () => getAppointments(financialAccountId),
    staleTime: 0,
  })

export const useAppointments = (financialAccountId?: string | null) =>
  useQuery(appointmentsQueryOptions(financialAccountId))

export const createAppointment = (body: AppointmentBody) =>
  post<Appointment>('/trade/redeemAppointment/create', body)

export const cancelAppointment = (appointmentId: number) =>
  post<Appointment>('/trade/redeemAppointment/cancel', { appointmentId })

export const saveTemporary = (payload: AppointmentForm) =>
  post<Temporary>('/trade/saveTemporary', { tradeType: APPOINTMENT_FORM, payload })

export const verifyTemporary = (temporaryId: string) =>
  post<Temporary>('/trade/verifyTemporary', { temporaryId }, { errorToast: false })

export const invalidateAppointments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['trade', 'redeemAppointments'] })
