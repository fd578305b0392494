/** How long a page whose opening code failed to arrive waits before loading again. */
export const RELOAD_AFTER_MS = 5_000;

interface PageWindow {
  navigator: { onLine: boolean };
  location: { reload(): void };
  addEventListener(type: "online", listener: () => void, options: { once: true }): void;
}

/**
 * Loads the opening code in a task of its own, then runs `open` with it in the next one: each
 * module's evaluation and the start that follows it are separate tasks of the main thread, not one
 * long one (issue 14: Lighthouse counts every task's time beyond 50 ms, at its 4x slowdown, as
 * blocking). When the code fails to arrive (the connection dropped, or a new version replaced it)
 * the page loads again: once back online, or after RELOAD_AFTER_MS. Never a blank page for good.
 */
export function openInTasks<T>(
  load: () => Promise<T>,
  open: (loaded: T) => void,
  win: PageWindow = window,
): void {
  setTimeout(() => {
    load().then(
      (loaded) => setTimeout(() => open(loaded)),
      () => {
        const reload = () => win.location.reload();
        if (win.navigator.onLine) setTimeout(reload, RELOAD_AFTER_MS);
        else win.addEventListener("online", reload, { once: true });
      },
    );
  });
}
