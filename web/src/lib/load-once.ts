/** What `loadOnce` gives. */
export interface LoadOnce<M> {
  load: () => Promise<M>
  loaded: () => M | null
}

/**
 * A module brought by `import()` on first need rather than with the screen
 * (docs/architecture.md#first-load): `load` starts the download, or returns the one under way,
 * and resolves with the module; a failed download is tried again by the next `load`. `loaded` is
 * the module once it has arrived, null before.
 */
export function loadOnce<M>(importer: () => Promise<M>): LoadOnce<M> {
  let module: M | null = null
  let loading: Promise<M> | null = null
  return {
    load: () =>
      (loading ??= importer().then(
        (m) => (module = m),
        (error: unknown) => {
          loading = null
          throw error
        },
      )),
    loaded: () => module,
  }
}
