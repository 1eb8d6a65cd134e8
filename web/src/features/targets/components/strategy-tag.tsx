/** A phase as a tag: running phases blue, waiting ones orange, ended ones grey. The phase
 * names come from the server (docs/targets.md "Phases"). */
const RUNNING = new Set(['BUILD', 'BUILD_RESERVE', 'CALM', 'LOCK', 'RUN'])
const DONE = new Set(['END', 'TERMINATED', 'TERMINATED_RESERVE'])

export function PhaseTag({ phase, name }: { phase: string | null; name: string | null }) {
  if (!phase || !name) return null
  const kind = DONE.has(phase) ? 'tg-tag--done' : RUNNING.has(phase) ? 'tg-tag--run' : ''
  return <span className={`tg-tag ${kind}`}>{name}</span>
}
