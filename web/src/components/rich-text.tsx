import type { ReactNode } from 'react'

/**
 * Renders the server's rich-text form (documents, protocols, articles, notices): paragraphs
 * separated by blank lines, `## ` starting a heading, lines starting `- ` forming a list. The
 * text becomes React elements, never HTML, so nothing in it can run.
 */
export function RichText({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
  return (
    <div className="rich-text">
      {blocks.map((block, i): ReactNode => {
        if (block.startsWith('## ')) return <h3 key={i}>{block.slice(3)}</h3>
        const lines = block.split('\n')
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.slice(2)}</li>
              ))}
            </ul>
          )
        }
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {l}
              </span>
            ))}
          </p>
        )
      })}
    </div>
  )
}
