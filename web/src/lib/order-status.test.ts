import { describe, expect, it } from 'vitest'
import {
  deriveFeeStatus,
  deriveOrderStatus,
  type DisplayStatus,
  type OrderStatusInput,
} from './order-status'

type Row = [
  string,
  Partial<OrderStatusInput> & Pick<OrderStatusInput, 'orderCode' | 'confirmStatus'>,
  DisplayStatus,
]

// One row per rule of docs/product.md#states "Order status derivation".
const rows: Row[] = [
  // A success code gives success; a cancel code gives cancel.
  ['success code', { orderCode: '024', confirmStatus: '2', payStatus: '2' }, 'success'],
  ['cancel code', { orderCode: '024', confirmStatus: '9' }, 'cancel'],
  ['buy success', { orderCode: '022', confirmStatus: '2', payStatus: '2' }, 'success'],
  // Buy-type codes: confirm 3 part, 9 cancel; 0 ing or payFail on pay 1; 1 fail or payFail on pay 1.
  ['buy part', { orderCode: '022', confirmStatus: '3', payStatus: '2' }, 'part'],
  ['buy cancel', { orderCode: '039', confirmStatus: '9', payStatus: '2' }, 'cancel'],
  ['buy waiting', { orderCode: '022', confirmStatus: '0', payStatus: '2' }, 'ing'],
  ['buy waiting, pay failed', { orderCode: '022', confirmStatus: '0', payStatus: '1' }, 'payFail'],
  ['buy failed', { orderCode: '020', confirmStatus: '1', payStatus: '2' }, 'fail'],
  ['buy failed, pay failed', { orderCode: '020', confirmStatus: '1', payStatus: '1' }, 'payFail'],
  ['wallet-paid buy W04', { orderCode: 'W04', confirmStatus: '0', payStatus: '1' }, 'payFail'],
  ['wallet plan buy W11', { orderCode: 'W11', confirmStatus: '3', payStatus: '2' }, 'part'],
  // Sell-type codes: 0 ing, 1 fail, 3 part.
  ['sell waiting', { orderCode: '024', confirmStatus: '0' }, 'ing'],
  ['sell failed', { orderCode: '024', confirmStatus: '1' }, 'fail'],
  ['sell part', { orderCode: '024', confirmStatus: '3' }, 'part'],
  ['convert waiting', { orderCode: '036', confirmStatus: '0' }, 'ing'],
  // Wallet recharge: pay status 1 gives payFail.
  ['recharge pay failed', { orderCode: 'W01', confirmStatus: 'W0', payStatus: '1' }, 'payFail'],
  ['recharge waiting', { orderCode: 'W01', confirmStatus: 'W0', payStatus: '2' }, 'ing'],
  ['recharge done', { orderCode: 'W01', confirmStatus: 'W2', payStatus: '2' }, 'success'],
  // W02 with confirm 0 and pay 3 gives fail.
  ['withdraw refused', { orderCode: 'W02', confirmStatus: 'W0', payStatus: '3' }, 'fail'],
  ['withdraw waiting', { orderCode: 'W02', confirmStatus: 'W0', payStatus: '0' }, 'ing'],
  // Portfolio codes.
  ['PO P0 paying', { orderCode: 'P02', confirmStatus: 'P0', payStatus: '0' }, 'payIng'],
  ['PO P1 paying', { orderCode: 'P02', confirmStatus: 'P1', payStatus: '0' }, 'payIng'],
  ['PO P0 pay failed', { orderCode: 'P02', confirmStatus: 'P0', payStatus: '1' }, 'payFail'],
  ['PO P1 paid', { orderCode: 'P02', confirmStatus: 'P1', payStatus: '2' }, 'ing'],
  ['PO P3 fail', { orderCode: 'P02', confirmStatus: 'P3', payStatus: '2' }, 'fail'],
  ['PO P4 part', { orderCode: 'P02', confirmStatus: 'P4', payStatus: '2' }, 'part'],
  [
    'PO P4 target auto-build',
    {
      orderCode: 'P02',
      confirmStatus: 'P4',
      payStatus: '2',
      extMetaInfo: { isTargetAutoBuild: true },
    },
    'buildPart',
  ],
  ['PO P2 pay failed', { orderCode: 'P02', confirmStatus: 'P2', payStatus: '1' }, 'payFail'],
  ['PO P2 success', { orderCode: 'P02', confirmStatus: 'P2', payStatus: '2' }, 'success'],
  ['PO P9 cancel', { orderCode: 'P02', confirmStatus: 'P9', payStatus: '2' }, 'cancel'],
  // P03, P04 and signal sells use the plain confirm map.
  ['PO sell P0', { orderCode: 'P03', confirmStatus: 'P0', payStatus: '0' }, 'ing'],
  ['PO sell P3', { orderCode: 'P03', confirmStatus: 'P3' }, 'part'],
  ['PO adjust P1', { orderCode: 'P04', confirmStatus: 'P1' }, 'fail'],
  ['signal sell 3', { orderCode: '024', confirmStatus: '3', isSignalSellOrder: true }, 'part'],
  // Super wallet: the same pay-status pattern with W0..W4 and W9.
  [
    'super wallet paying',
    { orderCode: 'W01', confirmStatus: 'W0', payStatus: '0', isSuperWallet: true },
    'payIng',
  ],
  [
    'super wallet pay failed',
    { orderCode: 'W01', confirmStatus: 'W1', payStatus: '1', isSuperWallet: true },
    'payFail',
  ],
  [
    'super wallet W4',
    { orderCode: 'W01', confirmStatus: 'W4', payStatus: '2', isSuperWallet: true },
    'part',
  ],
  [
    'super wallet W9',
    { orderCode: 'W01', confirmStatus: 'W9', payStatus: '2', isSuperWallet: true },
    'cancel',
  ],
  // W12 adviser fee: the confirm map, and W4 gives success.
  ['adviser fee W4', { orderCode: 'W12', confirmStatus: 'W4' }, 'success'],
  ['adviser fee W0', { orderCode: 'W12', confirmStatus: 'W0' }, 'ing'],
  ['adviser fee W1', { orderCode: 'W12', confirmStatus: 'W1' }, 'fail'],
  // Appointment pay: confirm 0, pay 0 and the appointment flag.
  [
    'appointment pay',
    {
      orderCode: '022',
      confirmStatus: '0',
      payStatus: '0',
      extMetaInfo: { tdAppointmentPay: true },
    },
    'appointmentPay',
  ],
  ['no appointment flag', { orderCode: '022', confirmStatus: '0', payStatus: '0' }, 'ing'],
  // Transfer confirm: 0 and 4 ing, 1 fail, 2 success, 9 cancel.
  ['transfer 0', { orderCode: '127', confirmStatus: '0', isTransfer: true }, 'ing'],
  ['transfer 4', { orderCode: '127', confirmStatus: '4', isTransfer: true }, 'ing'],
  ['transfer 1', { orderCode: '127', confirmStatus: '1', isTransfer: true }, 'fail'],
  ['transfer 2', { orderCode: '127', confirmStatus: '2', isTransfer: true }, 'success'],
  ['transfer 9', { orderCode: '127', confirmStatus: '9', isTransfer: true }, 'cancel'],
  // Numbers are accepted as well as strings.
  ['numeric fields', { orderCode: '022', confirmStatus: 0, payStatus: 1 }, 'payFail'],
]

describe('order status derivation (docs/product.md#states)', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(deriveOrderStatus(input)).toBe(expected)
  })
})

describe('adviser fee and refund fee status (docs/product.md#states)', () => {
  it.each([
    ['S', 'success'],
    ['F', 'fail'],
    ['P', 'ing'],
    ['s', 'success'],
    [null, 'ing'],
  ] as const)('%s gives %s', (status, expected) => {
    expect(deriveFeeStatus(status)).toBe(expected)
  })
})
