import { post } from '@/lib/api-client'
import { withTerminal } from '@/lib/terminal'
import type { HoldingScope } from './get-holding-risk-level'
import type { UnsignedAdvisoryItem } from './types'

/** Sign (or, with isResign, re-sign) the advisory agreements of the chosen items. A failure
 * shows the server's message if it has a code, else 网络错误 (docs/api.md#generic-responses "Sign
 * fails"). */
export async function signAdviser(
  scope: HoldingScope,
  items: UnsignedAdvisoryItem[],
  options: { isResign?: boolean } = {},
) {
  const body = await withTerminal({
    ...scope,
    requiredSignList: items.map((item) => ({
      poCode: item.poCode,
      fileIdList: item.fileList.map((f) => f.fileId),
      isTransferProd: !!item.isTransferProd,
    })),
    ...(options.isResign ? { isResign: true } : {}),
  })
  return post<unknown>('/adviser/sign', body, { errorToast: false })
}
