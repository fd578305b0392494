import * as React from "react";
import { whenIdle } from "./when-idle";

/**
 * A part of a component whose code loads apart from it (a dialog's Radix stack): loaded once,
 * remembered, and loaded again after a failure (offline) when next asked for.
 */
type LazyPart<T> = {
  load: () => Promise<T>;
  /** The loaded module, once it is here. */
  current: () => T | undefined;
};

function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    current: () => loaded,
  };
}

/**
 * The part's module once it is wanted and its code is here. Until it is wanted, its code loads
 * when the page is idle, so that it opens at once later, with no network too (the offline
 * dialog). When it is wanted and its code cannot come, `onFailed` runs (close the part).
 */
function useLazyPart<T>(part: LazyPart<T>, wanted: boolean, onFailed: () => void): T | undefined {
  const [, loaded] = React.useReducer((count: number) => count + 1, 0);
  const failed = React.useRef(onFailed);
  React.useEffect(() => {
    failed.current = onFailed;
  });
  React.useEffect(() => {
    if (part.current()) return;
    if (!wanted) return whenIdle(() => void part.load().catch(() => undefined));
    let live = true;
    part.load().then(
      () => live && loaded(),
      () => live && failed.current(),
    );
    return () => {
      live = false;
    };
  }, [part, wanted]);
  return part.current();
}

export { lazyPart, useLazyPart };
export type { LazyPart };
