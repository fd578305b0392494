import { isChunkLoadError } from "./lazy";

/** How long a page whose opening code failed to arrive waits before loading again. */
export const RELOAD_AFTER_MS = 5_000;
/** The page loads again by itself at most once in this time (then on coming back online only). */
export const RELOAD_AT_MOST_EVERY_MS = 60_000;
const RELOADED_AT_KEY = "lms.openingReloadedAt";

interface PageWindow {
  navigator: { onLine: boolean };
  location: { reload(): void };
  sessionStorage: Pick<Storage, "getItem" | "setItem">;
  addEventListener(type: "online", listener: () => void, options: { once: true }): void;
}

/**
 * Loads the opening code in a task of its own, then runs `open` with it in the next one: each
 * module's evaluation and the start that follows it are separate tasks of the main thread, not one
 * long one (issue 14: Lighthouse counts every task's time beyond 50 ms, at its 4x slowdown, as
 * blocking). When the code fails to arrive (the connection dropped, or a new version replaced it)
 * the page loads again once back online, or after RELOAD_AFTER_MS, at most once a minute. Code
 * that arrived and failed is logged: loading it again would fail the same way.
 */
export function openInTasks<T>(
  load: () => Promise<T>,
  open: (loaded: T) => void,
  win: PageWindow = window,
): void {
  setTimeout(() => {
    load().then(
      (loaded) => setTimeout(() => open(loaded)),
      (error: unknown) => {
        if (!isChunkLoadError(error)) {
          console.error("The portal's code failed to start", error);
          return;
        }
        const reload = () => {
          try {
            win.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
          } catch {
            // Storage blocked: the page still loads again.
          }
          win.location.reload();
        };
        let reloadedAt = 0;
        try {
          reloadedAt = Number(win.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
        } catch {
          // As if never reloaded.
        }
        const recently = Date.now() - reloadedAt < RELOAD_AT_MOST_EVERY_MS;
        if (win.navigator.onLine && !recently) setTimeout(reload, RELOAD_AFTER_MS);
        else win.addEventListener("online", reload, { once: true });
      },
    );
  });
}
