/** How long a part waits at most for an idle moment on a page that is never idle. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `work` once the main thread is idle (at the latest after 3 s); returns a cancel function. */
function whenIdle(work: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, timeout);
  return () => window.clearTimeout(id);
}

export { whenIdle };
