/**
 * Sending what the user brought (a file, a screenshot, text) to be read, then opening the
 * recognition screen with the rows; a refusal stays on the page as the server's message.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { Recognition } from '../api/types'
import { fromRecognition, writeDraft } from './draft'

export const RECOGNITION_PATH = '/transferOnline/recognition'

export function useRecognize<A>(call: (arg: A) => Promise<Recognition>) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const run = async (arg: A) => {
    setBusy(true)
    setError('')
    try {
      const recognition = await call(arg)
      writeDraft(fromRecognition(recognition))
      navigate(RECOGNITION_PATH)
    } catch (e) {
      setError(e instanceof Error ? e.message : '识别失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return { run, busy, error }
}
