/** A flat element → value map as the bridge reports it. */
export type CmiValues = Record<string, string | number | boolean>;

export interface SaveAnswer {
  ok: boolean;
  /** A failure worth another try (no connection, a server error). */
  retry: boolean;
}

export interface ScormSaverOptions {
  /** Stores a commit: its elements and its sequence number in the player session. */
  send(cmi: CmiValues, seq: number, keepalive: boolean): Promise<SaveAnswer>;
  /** True when a commit could not be saved after its retries; false once one is saved. */
  onUnsaved(unsaved: boolean): void;
  /** Waits before each retry of a failed commit. */
  retryDelays?: readonly number[];
}

export const RETRY_DELAYS = [1000, 2000, 4000, 8000] as const;
/** Browsers refuse a keepalive body above 64 KiB (all such requests of the page together). */
const KEEPALIVE_MAX = 60_000;

/**
 * What a SCORM player saves (issue 15): the SCO's latest state, sent as the elements that changed
 * since the last saved commit (all of them first), one commit at a time with an increasing
 * sequence number, retried with backoff; `saveNow` sends at once, outliving the page, for a page
 * that is hidden or closed and for a learner leaving the player.
 */
export function createScormSaver(options: ScormSaverOptions) {
  const delays = options.retryDelays ?? RETRY_DELAYS;
  let latest: CmiValues | null = null;
  let saved: CmiValues | null = null;
  let savedSeq = 0;
  let seq = 0;
  let sending = false;
  let again = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function unsavedElements(): CmiValues | null {
    if (!latest) return null;
    if (!saved) return latest;
    const base = saved;
    const changed = Object.entries(latest).filter(([name, value]) => base[name] !== value);
    return changed.length ? Object.fromEntries(changed) : null;
  }

  function accept(snapshot: CmiValues, mine: number) {
    if (mine > savedSeq) {
      saved = snapshot;
      savedSeq = mine;
    }
    failures = 0;
    options.onUnsaved(false);
  }

  async function commit(): Promise<void> {
    if (sending) {
      again = true;
      return;
    }
    clearTimeout(retry);
    retry = undefined;
    const cmi = unsavedElements();
    if (!cmi || !latest) return;
    const snapshot = latest;
    const mine = ++seq;
    sending = true;
    let answer: SaveAnswer;
    try {
      answer = await options.send(cmi, mine, false);
    } catch {
      answer = { ok: false, retry: true };
    }
    sending = false;
    if (answer.ok) accept(snapshot, mine);
    else if (answer.retry && failures < delays.length) {
      retry = setTimeout(() => void commit(), delays[failures++]);
      return;
    } else {
      failures = 0;
      options.onUnsaved(true);
    }
    if (again) {
      again = false;
      await commit();
    }
  }

  return {
    /** The SCO's whole state as it stands; saved now when the SCO commits. */
    report(cmi: CmiValues, isCommit: boolean): Promise<void> {
      latest = cmi;
      return isCommit ? commit() : Promise.resolve();
    },
    /** Saves what is unsaved at once, beside any commit under way (the page may go any moment). */
    saveNow(): void {
      const cmi = unsavedElements();
      if (!cmi || !latest) return;
      const snapshot = latest;
      const mine = ++seq;
      const keepalive = JSON.stringify(cmi).length < KEEPALIVE_MAX;
      void options.send(cmi, mine, keepalive).then(
        (answer) => {
          if (answer.ok) accept(snapshot, mine);
          else void commit();
        },
        () => void commit(),
      );
    },
    /** Whether everything reported has been saved. */
    get pending(): boolean {
      return unsavedElements() !== null;
    },
  };
}
