/** A request the opening script sent (build/opening-preload.ts): its URL, form and answer. */
export interface OpeningRequest {
  url: string;
  entries: [string, string][];
  /** Answers every request like it (a copy of the answer each), not only the first. */
  shared: boolean;
  response: Promise<Response>;
  /** When it first answered a request of the portal's (a shared one). */
  answeredAt?: number;
}

interface OpeningWindow {
  __lmsOpeningRequests?: OpeningRequest[];
  document: { baseURI: string };
}

/** How long after the page's start an opening answer stands for a request of the portal's own. */
export const OPENING_ANSWERS_FRESH_MS = 10_000;
/**
 * How long after it first answered one the shared status check answers the portal's checks: the
 * checks of the opening's first requests, which would otherwise have shared one check in flight
 * (SPEC.md §7 asks for a check before each request; the client shares one among concurrent ones).
 */
export const SHARED_ANSWER_MS = 2_000;

function sameUrl(a: string, b: string, base: string): boolean {
  return new URL(a, base).href === new URL(b, base).href;
}

function sameForm(sent: [string, string][], body: FormData): boolean {
  const entries = [...body.entries()];
  return (
    entries.length === sent.length &&
    entries.every(([name, value], i) => name === sent[i]![0] && value === sent[i]![1])
  );
}

/**
 * The portal's fetch, with the opening script's requests: a request exactly like one of them
 * (same URL, a POST of the same form, token included) takes its answer, within
 * OPENING_ANSWERS_FRESH_MS of the page's start: once, or for a shared one (the status check,
 * which each request asks first) a copy for each request like it until SHARED_ANSWER_MS after it
 * first answered one. If that one failed, the request is sent after all. A request that may be
 * aborted is always sent.
 */
export function withOpeningRequests(
  send: typeof fetch,
  win: OpeningWindow = window as unknown as OpeningWindow,
  now: () => number = () => performance.now(),
): typeof fetch {
  return (input, init) => {
    const taken = takeOpeningRequest(win, now, input, init);
    return taken ? taken.catch(() => send(input, init)) : send(input, init);
  };
}

function takeOpeningRequest(
  win: OpeningWindow,
  now: () => number,
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
): Promise<Response> | null {
  const opening = win.__lmsOpeningRequests;
  if (!opening || opening.length === 0) return null;
  const at = now();
  if (at > OPENING_ANSWERS_FRESH_MS) {
    delete win.__lmsOpeningRequests;
    return null;
  }
  const { body, method, signal } = init ?? {};
  if (typeof input !== "string" || method !== "POST" || !(body instanceof FormData) || signal) {
    return null;
  }
  const index = opening.findIndex(
    (request) =>
      sameUrl(request.url, input, win.document.baseURI) && sameForm(request.entries, body),
  );
  if (index < 0) return null;
  const request = opening[index]!;
  if (!request.shared) {
    opening.splice(index, 1);
    return request.response;
  }
  if (request.answeredAt !== undefined && at - request.answeredAt > SHARED_ANSWER_MS) {
    opening.splice(index, 1);
    return null;
  }
  return request.response.then((response) => {
    request.answeredAt ??= now();
    return response.clone();
  });
}
