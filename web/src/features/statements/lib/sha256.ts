/** The SHA-256 (hex) of a file, computed in the browser: the certificate check sends only the
 * digest of the copy, never the file (docs/statements.md#verification). */
export async function sha256Hex(data: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data)
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}
