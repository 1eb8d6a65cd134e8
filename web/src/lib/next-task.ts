/**
 * Waits for a task of its own: what follows runs after the browser has had the main thread
 * back (to paint, to take a tap), so a long piece of start-up work is cut in shorter tasks
 * (docs/architecture.md#first-load).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
