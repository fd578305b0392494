import { SILENT_SIGN_IN } from "../constants";
import { SESSION_COMMANDS } from "../contract/session-commands";
import { esClient as es } from "../i18n/es-client";
import {
  decodeListResponse,
  encodeListRequest,
  type ListPage,
  type ListParams,
} from "../schemas/list-wire";
import type { SessionStore } from "../session/session-store";
import type { ApiEnvelope, ApiFailure, ApiResult, LoginAnswer, SwapAnswer } from "./types";
import {
  buildForm,
  envelopeResult,
  isExpiredMessage,
  joinUrl,
  noInternet,
  readEnvelope,
  readProgressLines,
  sessionExpired,
  type DownloadResult,
  type FieldValue,
  type RequestOptions,
} from "./wire";

export interface ApiClientOptions {
  /** Base of the main service, e.g. "/api" or "http://127.0.0.1:3000/api". */
  baseUrl: string;
  /** Base of the class service, e.g. "/webservice". */
  classServiceUrl?: string;
  session: SessionStore;
  fetch?: typeof fetch;
  /** Waits between silent sign-in attempts; injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Called when the session has been destroyed because it expired. */
  onSessionExpired?: () => void;
}

/**
 * The portal's client of the main service and the class service (SPEC.md §7, API.md).
 * Every call is a multipart POST with the token in the form body; the login status check runs
 * first (concurrent calls share one check); an expired token destroys the session.
 */
export function createApiClient(options: ApiClientOptions) {
  const { session } = options;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const classBase = options.classServiceUrl ?? "/webservice";
  let statusCheckInFlight: Promise<boolean> | null = null;

  function expire(): ApiFailure {
    session.destroy({ expired: true });
    options.onSessionExpired?.();
    return sessionExpired();
  }

  function markOnline(online: boolean) {
    if (session.get().isOnline !== online) session.set({ isOnline: online });
  }

  // Whether the server can reach its database (a 503 says it cannot for now): not part of the
  // persisted session, it holds for this page only.
  let available = true;
  const availabilityListeners = new Set<(available: boolean) => void>();
  function markAvailable(response: Response) {
    const now = response.status !== 503;
    if (now === available) return;
    available = now;
    for (const listener of availabilityListeners) listener(now);
  }

  function urlFor(request: RequestOptions, token: string | null): string {
    const base = request.service === "class" ? classBase : options.baseUrl;
    const url = joinUrl(base, request.path);
    if (!request.queryToken || !token) return url;
    return `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  }

  async function send(request: RequestOptions): Promise<Response | ApiFailure> {
    const current = session.get();
    const token =
      request.token ?? (request.service === "class" ? current.wsToken : current.token) ?? null;
    try {
      const response = await doFetch(urlFor(request, token), {
        method: request.method ?? "POST",
        body: (request.method ?? "POST") === "GET" ? undefined : buildForm(request, token),
        credentials: "same-origin",
        signal: request.signal,
        ...(request.keepalive ? { keepalive: true } : {}),
      });
      markOnline(true);
      markAvailable(response);
      return response;
    } catch (error) {
      if ((error as Error)?.name === "AbortError") throw error;
      markOnline(false);
      return noInternet();
    }
  }

  function toResult<T>(response: Response, body: ApiEnvelope): ApiResult<T> {
    return isExpiredMessage(body.message) ? expire() : envelopeResult<T>(response, body);
  }

  /** SPEC.md §7 login status check: 200 valid, 401 session expired. */
  function checkLoginStatus(): Promise<boolean> {
    const { token, profile } = session.get();
    if (!token || !profile) return Promise.resolve(false);
    statusCheckInFlight ??= (async () => {
      try {
        const response = await send({
          path: SESSION_COMMANDS.path,
          cmdType: SESSION_COMMANDS.status,
          fields: { userid: profile.userId },
        });
        if (!(response instanceof Response)) return true; // offline: keep the session
        if (response.status === 401) {
          expire();
          return false;
        }
        const body = await readEnvelope(response);
        if (isExpiredMessage(body.message)) {
          expire();
          return false;
        }
        return true;
      } finally {
        statusCheckInFlight = null;
      }
    })();
    return statusCheckInFlight;
  }

  async function request<T = unknown>(req: RequestOptions): Promise<ApiResult<T>> {
    if (req.checkStatus !== false && session.isSignedIn() && req.service !== "class") {
      const valid = await checkLoginStatus();
      if (!valid) return session.get().isOnline ? sessionExpired() : noInternet();
    }
    const response = await send(req);
    if (!(response instanceof Response)) return response;
    return toResult<T>(response, await readEnvelope(response));
  }

  async function list<Row>(
    path: string,
    params: ListParams,
    cmdType = "list",
  ): Promise<ApiResult<ListPage<Row>>> {
    const result = await request<unknown>({ path, entries: encodeListRequest(params, cmdType) });
    if (!result.ok) return result;
    return { ...result, data: decodeListResponse<Row>(result.data) };
  }

  /**
   * A command answered as a stream of progress lines (`application/x-ndjson`, a long bulk
   * upload): every line but the last is `{ progress }`, handed to onProgress as it arrives; the
   * last is the usual answer, its `status` included. An answer refused before it started (401,
   * 403, 413, a bad file) is plain JSON, read as request() reads it.
   */
  async function requestWithProgress<T = unknown, P = unknown>(
    req: RequestOptions,
    onProgress: (progress: P) => void,
  ): Promise<ApiResult<T>> {
    if (req.checkStatus !== false && session.isSignedIn()) {
      if (!(await checkLoginStatus())) return sessionExpired();
    }
    const response = await send(req);
    if (!(response instanceof Response)) return response;
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("application/x-ndjson") || !response.body) {
      return toResult<T>(response, await readEnvelope(response));
    }
    let answer: ApiEnvelope | null;
    try {
      answer = await readProgressLines(response.body, onProgress);
    } catch {
      markOnline(false);
      return noInternet();
    }
    if (!answer) return { ok: false, status: 0, message: es["errors.generic"] };
    const status = typeof answer.status === "number" ? answer.status : 500;
    return toResult<T>(new Response(null, { status }), answer);
  }

  /** A file answer (CSV export, template): the body as a Blob with its file name. */
  async function download(req: RequestOptions): Promise<DownloadResult | ApiFailure> {
    if (req.checkStatus !== false && session.isSignedIn()) {
      if (!(await checkLoginStatus())) return sessionExpired();
    }
    const response = await send(req);
    if (!(response instanceof Response)) return response;
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || type.includes("application/json")) {
      const failed = toResult<never>(response, await readEnvelope(response));
      return failed.ok
        ? { ok: false, status: response.status, message: es["errors.generic"] }
        : failed;
    }
    const disposition = response.headers.get("content-disposition") ?? "";
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? "download";
    return { ok: true, blob: await response.blob(), filename };
  }

  async function login(fields: { userName: string; password: string }) {
    const result = await request<LoginAnswer>({
      path: SESSION_COMMANDS.path,
      cmdType: SESSION_COMMANDS.login,
      fields,
      checkStatus: false,
    });
    if (result.ok) {
      const answer = result.data;
      session.set({
        token: answer.token,
        wsToken: answer.wsToken,
        sessionKey: answer.sessionKey,
        profile: answer.profile,
        photo: answer.photo,
        lang: answer.lang,
        permissions: answer.permissions ?? null,
        isOnline: true,
        expiredSession: false,
      });
    }
    return result;
  }

  /**
   * SPEC.md §7 logout: success clears the session; 401 or 405 clears it and reports the
   * session-expired message.
   */
  async function logout(): Promise<ApiResult<unknown>> {
    const profile = session.get().profile;
    const response = await send({
      path: SESSION_COMMANDS.path,
      cmdType: SESSION_COMMANDS.logout,
      fields: { userid: profile?.userId },
    });
    if (!(response instanceof Response)) {
      session.destroy();
      return response;
    }
    if (response.status === 401 || response.status === 405) return expire();
    const result = toResult(response, await readEnvelope(response));
    if (session.isSignedIn()) session.destroy();
    return result;
  }

  /** Swap position (SPEC.md §7): swap_from and swap_to as { id, position }. */
  function swapPosition(
    path: string,
    from: { id: number; position: number },
    to: { id: number; position: number },
    extra: Record<string, FieldValue> = {},
  ) {
    return request<SwapAnswer>({
      path,
      cmdType: "swap",
      fields: { ...extra, swap_from: from, swap_to: to },
    });
  }

  /**
   * Silent class-service sign-in (SPEC.md §7): asks for a login URL for the lower-cased username,
   * twice at most, 1 second apart. The portal loads the URL in a hidden frame. `attemptsMade`
   * counts attempts already made elsewhere, the last of them `sinceLastAttemptMs` ago: only the
   * rest are made, the first of them 1 second after that one.
   */
  async function requestClassServiceLoginUrl(
    userName: string,
    {
      attemptsMade = 0,
      sinceLastAttemptMs = 0,
    }: { attemptsMade?: number; sinceLastAttemptMs?: number } = {},
  ): Promise<string | null> {
    const wait = SILENT_SIGN_IN.intervalMs - sinceLastAttemptMs;
    if (attemptsMade > 0 && attemptsMade < SILENT_SIGN_IN.attempts && wait > 0) await sleep(wait);
    for (let attempt = attemptsMade + 1; attempt <= SILENT_SIGN_IN.attempts; attempt++) {
      const response = await send({
        path: "/rest/server.php",
        service: "class",
        fields: {
          wsfunction: "auth_userkey_request_login_url",
          moodlewsrestformat: "json",
          "user[username]": userName.toLowerCase(),
        },
      });
      if (response instanceof Response && response.ok) {
        const body = (await response.json().catch(() => null)) as { loginurl?: string } | null;
        if (body?.loginurl) return body.loginurl;
      }
      if (attempt < SILENT_SIGN_IN.attempts) await sleep(SILENT_SIGN_IN.intervalMs);
    }
    return null;
  }

  return {
    /** False while the server answers 503 (its database away): the portal says it reconnects. */
    serverAvailable: () => available,
    subscribeAvailability(listener: (available: boolean) => void): () => void {
      availabilityListeners.add(listener);
      return () => availabilityListeners.delete(listener);
    },
    request,
    requestWithProgress,
    list,
    download,
    login,
    logout,
    checkLoginStatus,
    swapPosition,
    requestClassServiceLoginUrl,
    session,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
