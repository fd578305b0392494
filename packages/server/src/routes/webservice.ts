import { es, loginSchema, type MessageKey } from "@lms/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../services/caller";
import { ApiError, INVALID_TOKEN, text } from "../lib/errors";
import { fieldValue, readForm } from "../lib/form";
import { hashToken, randomToken } from "../lib/security";
import { reserveClassAttempt } from "../services/abuse-limits";
import {
  CLASS_SERVICE_NAME,
  MoodleError,
  noPermission,
  runClassFunction,
} from "../services/class-service";
import { assertMaterialReadable, refusalMessage } from "../services/material-access";
import { signIn } from "../services/sign-in";
import { contentUrl, encodedPath } from "../services/content-capabilities";

export const CLASS_COOKIE = "lms_class";
/** issue 4: the login key is single use and expires after 60 seconds. */
export const LOGIN_KEY_SECONDS = 60;

/** pluginfile.php answers a browser, with the HTTP status of its error. */
function fileError(reply: FastifyReply, status: number, errorcode: string, message: string) {
  return reply.code(status).send({ exception: "moodle_exception", errorcode, message });
}

/** Moodle's REST XML (webservice/rest/locallib.php): objects as SINGLE, arrays as MULTIPLE. */
export function moodleXml(body: unknown): string {
  const escape = (value: string) =>
    value.replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#039;" })[c]!,
    );
  const head = '<?xml version="1.0" encoding="UTF-8" ?>\n';
  if (body instanceof MoodleError) {
    return (
      `${head}<EXCEPTION class="${escape(body.exception)}">\n` +
      `<ERRORCODE>${escape(body.errorcode)}</ERRORCODE>\n<MESSAGE>${escape(body.message)}</MESSAGE>\n` +
      "</EXCEPTION>\n"
    );
  }
  const xml = (value: unknown): string => {
    if (value === null || value === undefined) return '<VALUE null="null"/>\n';
    if (Array.isArray(value)) return `<MULTIPLE>\n${value.map(xml).join("")}</MULTIPLE>\n`;
    if (typeof value === "object") {
      const keys = Object.entries(value as Record<string, unknown>).map(
        ([key, item]) => `<KEY name="${escape(key)}">${xml(item)}</KEY>\n`,
      );
      return `<SINGLE>\n${keys.join("")}</SINGLE>\n`;
    }
    return `<VALUE>${escape(String(typeof value === "boolean" ? Number(value) : value))}</VALUE>\n`;
  };
  return `${head}<RESPONSE>\n${xml(body)}</RESPONSE>\n`;
}

/**
 * The built-in class service (ARCHITECTURE.md "Class service"): the Moodle auth_userkey call the
 * portal makes, Moodle's read functions and token.php for Moodle's own clients (issue 17,
 * services/class-service.ts), the login URL that sets the class-service cookie, and the address
 * of learning content (material files, SCORM packages) for that cookie's user, which sends the
 * browser on to the content origin with a capability (issue 12): nothing uploaded is served on
 * this origin.
 */
export default async function webserviceRoutes(app: FastifyInstance) {
  /**
   * Moodle's REST server: GET or POST, JSON with moodlewsrestformat=json and Moodle's XML
   * otherwise; every answer, errors included, is HTTP 200 as Moodle's (a 429 of the abuse limits
   * stays a 429).
   */
  const restServer = async (request: FastifyRequest, reply: FastifyReply) => {
    const form = await readForm(request, { fileBytes: 1, files: 0 });
    const args = form.entries;
    const json = fieldValue(args, "moodlewsrestformat") === "json";
    const answer = (body: unknown) => {
      reply.code(200).header("cache-control", "no-store");
      // An Error sent as is would go to the error handler: a MoodleError is an answer.
      return json
        ? reply.send(body instanceof MoodleError ? body.toJSON() : body)
        : reply.type("application/xml; charset=utf-8").send(moodleXml(body));
    };
    const wstoken = fieldValue(args, "wstoken") ?? "";
    const attempt = await reserveClassAttempt(app, request.ip);
    const auth =
      wstoken && wstoken.length <= 200 ? await app.auth.authenticateWsToken(wstoken) : null;
    if (!auth?.ok)
      return answer(new MoodleError("moodle_exception", "invalidtoken", INVALID_TOKEN));
    await attempt.succeeded();
    const wsfunction = fieldValue(args, "wsfunction") ?? "";
    try {
      return answer(
        wsfunction === "auth_userkey_request_login_url"
          ? await requestLoginUrl(auth.caller, args)
          : await runClassFunction(app, auth.caller, wsfunction, args),
      );
    } catch (error) {
      if (error instanceof MoodleError) return answer(error);
      throw error;
    }
  };

  /** auth_userkey_request_login_url: a single-use key that signs the caller's browser in. */
  const requestLoginUrl = async (caller: Caller, args: [string, string][]) => {
    const userName = (fieldValue(args, "user[username]") ?? "").trim().toLowerCase();
    if (userName !== caller.userName.toLowerCase()) throw noPermission();
    const key = randomToken();
    await app.repos.sessions.createLoginKey(
      hashToken(key),
      caller.sessionId,
      caller.userId,
      new Date(Date.now() + LOGIN_KEY_SECONDS * 1000),
    );
    return {
      loginurl: `${app.config.publicUrl}/webservice/auth/userkey/login.php?key=${encodeURIComponent(key)}`,
    };
  };

  app.get("/webservice/rest/server.php", restServer);
  app.post("/webservice/rest/server.php", { bodyLimit: 64 * 1024 }, restServer);

  /**
   * Moodle's token.php: a class-service token for a user name and password, signed in as the
   * main service's login is (rate limited, audited); POST only, so that no password is in a URL.
   */
  app.post("/login/token.php", { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const form = await readForm(request, { fileBytes: 1, files: 0 });
    reply.code(200).header("cache-control", "no-store");
    const refuse = (errorcode: string, key: MessageKey) =>
      reply.send({
        error: text(key),
        errorcode,
        stacktrace: null,
        debuginfo: null,
        reproductionlink: null,
      });
    if (fieldValue(form.entries, "service") !== CLASS_SERVICE_NAME) {
      return refuse("servicenotavailable", "classService.serviceNotAvailable");
    }
    const login = loginSchema.safeParse({
      userName: fieldValue(form.entries, "username") ?? "",
      password: fieldValue(form.entries, "password") ?? "",
    });
    if (!login.success) return refuse("invalidlogin", "classService.invalidLogin");
    try {
      const { session } = await signIn(app, request, login.data.userName, login.data.password);
      return reply.send({ token: session.wsToken, privatetoken: null });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429) {
        return reply
          .code(429)
          .headers(error.headers ?? {})
          .send({ error: error.message, errorcode: "toomanyattempts", stacktrace: null });
      }
      if (error.status === 401 || error.status === 403) {
        return refuse("invalidlogin", "classService.invalidLogin");
      }
      throw error;
    }
  });

  app.get<{ Querystring: { key?: string } }>(
    "/webservice/auth/userkey/login.php",
    async (request, reply) => {
      const key = typeof request.query.key === "string" ? request.query.key : "";
      const attempt = await reserveClassAttempt(app, request.ip);
      const used =
        key && key.length <= 200
          ? await app.repos.sessions.consumeLoginKey(hashToken(key))
          : undefined;
      if (!used) {
        return reply
          .code(401)
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send("");
      }
      await attempt.succeeded();
      const token = await app.auth.startClassSession(used.sessionId, used.userId, request.ip);
      return reply
        .code(200)
        .setCookie(CLASS_COOKIE, token, {
          path: "/webservice",
          httpOnly: true,
          sameSite: "lax",
          secure: app.config.publicUrl.startsWith("https:"),
        })
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send("<!doctype html><title></title>");
    },
  );

  app.get<{ Params: { materialId: string; "*": string } }>(
    "/webservice/pluginfile.php/:materialId/*",
    async (request, reply) => {
      const cookie = request.cookies[CLASS_COOKIE];
      const auth = cookie ? await app.auth.authenticateClassCookie(cookie) : null;
      if (!auth?.ok) return fileError(reply, 401, "requireloginerror", INVALID_TOKEN);
      const caller = auth.caller;
      const notFound = () => fileError(reply, 404, "filenotfound", es["errors.notFound"]);
      const id = Number(request.params.materialId);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return notFound();
      const material = await app.repos.materials.findById(id);
      if (!material) return notFound();
      try {
        await assertMaterialReadable(app, caller, material);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return error.status === 403
          ? fileError(reply, 403, "nopermissions", refusalMessage(error))
          : notFound();
      }
      // Content is served by the content origin only (issue 12): this address of the class service
      // sends the browser there, with a capability of the cookie's session.
      // Decoded once already by the router ("100%25 done.pdf" is "100% done.pdf").
      const path = request.params["*"] ?? "";
      const file = await app.repos.materials.file(material.id, path);
      if (!file) return notFound();
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      return reply
        .code(302)
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .redirect(contentUrl(app, caller, material.id, encodedPath(file.path)) + query);
    },
  );
}
