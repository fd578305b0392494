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

/** Messages of the main service that mean the token is no longer good (SPEC.md §8). */
export const EXPIRED_TOKEN_MESSAGES = ["Expired token", "Invalid token!"] as const;

export type FieldValue = unknown;

export interface RequestOptions {
  /** Path under the service base, e.g. "/school/". */
  path: string;
  cmdType?: string;
  /** Form fields; objects and arrays travel as JSON text (API.md). */
  fields?: Record<string, FieldValue>;
  /** Ordered fields, for repeated names such as filter[values][]. */
  entries?: [string, string][];
  files?: Record<string, Blob | { blob: Blob; filename: string }>;
  method?: string;
  /** Use this token instead of the session's. */
  token?: string;
  /** Send the token in the query string (?token=) as well, for downloads and frames. */
  queryToken?: boolean;
  /** "class" sends wstoken to the class service instead of the bearer token. */
  service?: "main" | "class";
  /** The login status check runs before every call unless this is false. */
  checkStatus?: boolean;
  signal?: AbortSignal;
  /** Outlives the page (fetch keepalive): a last save as the page is hidden or closed. */
  keepalive?: boolean;
}

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

export interface DownloadResult {
  ok: true;
  blob: Blob;
  filename: string;
}

const sessionExpired = (): ApiFailure => ({
  ok: false,
  status: 401,
  code: "auth.sessionExpired",
  message: es["auth.sessionExpired"],
});

const noInternet = (): ApiFailure => ({
  ok: false,
  status: 0,
  code: "errors.noInternet",
  message: es["errors.noInternet"],
});

/** A service's base URL and a command's path, as the client requests them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

function appendValue(form: FormData, name: string, value: FieldValue) {
  if (value === undefined) return;
  if (value === null) form.append(name, "");
  else if (typeof value === "object") form.append(name, JSON.stringify(value));
  else form.append(name, String(value));
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

  function buildForm(request: RequestOptions, token: string | null): FormData {
    const form = new FormData();
    if (request.cmdType) form.append("cmdType", request.cmdType);
    for (const [name, value] of Object.entries(request.fields ?? {}))
      appendValue(form, name, value);
    for (const [name, value] of request.entries ?? []) form.append(name, value);
    // The token goes before the files: the server checks it before reading any file.
    if (token) {
      if (request.service === "class") form.append("wstoken", token);
      else form.append("Authorization", `Bearer ${token}`);
    }
    for (const [name, file] of Object.entries(request.files ?? {})) {
      if (file instanceof Blob) form.append(name, file);
      else form.append(name, file.blob, file.filename);
    }
    return form;
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
      return response;
    } catch (error) {
      if ((error as Error)?.name === "AbortError") throw error;
      markOnline(false);
      return noInternet();
    }
  }

  async function readEnvelope(response: Response): Promise<ApiEnvelope> {
    try {
      return (await response.json()) as ApiEnvelope;
    } catch {
      return { status: response.status, message: es["errors.generic"] };
    }
  }

  function toResult<T>(response: Response, body: ApiEnvelope): ApiResult<T> {
    if (body.message && (EXPIRED_TOKEN_MESSAGES as readonly string[]).includes(body.message)) {
      return expire();
    }
    if (response.ok) {
      return { ok: true, status: response.status, message: body.message, data: body.data as T };
    }
    return {
      ok: false,
      status: response.status,
      code: body.code,
      message: body.message ?? es["errors.generic"],
      errors: body.errors,
    };
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
        if (body.message && (EXPIRED_TOKEN_MESSAGES as readonly string[]).includes(body.message)) {
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
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    let last: ApiEnvelope | null = null;
    const take = (line: string) => {
      if (line.trim() === "") return;
      const parsed = JSON.parse(line) as { progress?: P } & ApiEnvelope;
      if (parsed.progress !== undefined) onProgress(parsed.progress);
      else last = parsed;
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf("\n")) >= 0) {
          take(buffered.slice(0, end));
          buffered = buffered.slice(end + 1);
        }
      }
      take(buffered);
    } catch {
      markOnline(false);
      return noInternet();
    }
    const answer = last as ApiEnvelope | null;
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
