/**
 * Where a list's chosen page size and sort are kept for the browser session (lib/list-state.ts).
 * Apart, so that the build's opening script (build/opening-preload.ts) can read it too.
 */
export function listStateKey(listKey: string): string {
  return `lms.list.${listKey}`;
}
