import { es } from "@lms/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, INVALID_TOKEN } from "../lib/errors";
import { fieldValue, readForm } from "../lib/form";
import { hashToken, randomToken } from "../lib/security";
import { reserveClassAttempt } from "../services/abuse-limits";
import { assertMaterialReadable, refusalMessage } from "../services/material-access";
import { contentUrl, encodedPath } from "../services/content-capabilities";

export const CLASS_COOKIE = "lms_class";
/** issue 4: the login key is single use and expires after 60 seconds. */
export const LOGIN_KEY_SECONDS = 60;

function moodleError(reply: FastifyReply, status: number, errorcode: string, message: string) {
  return reply.code(status).send({ exception: "moodle_exception", errorcode, message });
}

export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/**
 * The built-in class service (ARCHITECTURE.md "Class service"): the Moodle auth_userkey call the
 * portal makes, the login URL that sets the class-service cookie, and the address of learning
 * content (material files, SCORM packages) for that cookie's user, which sends the browser on to
 * the content origin with a capability (issue 12): nothing uploaded is served on this origin.
 */
export default async function webserviceRoutes(app: FastifyInstance) {
  app.post("/webservice/rest/server.php", { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const form = await readForm(request, { fileBytes: 1, files: 0 });
    const wsfunction = fieldValue(form.entries, "wsfunction");
    if (wsfunction !== "auth_userkey_request_login_url") {
      return moodleError(reply, 400, "invalidfunction", es["validation.invalidValue"]);
    }
    const wstoken = fieldValue(form.entries, "wstoken") ?? "";
    const attempt = await reserveClassAttempt(app, request.ip);
    const auth = wstoken ? await app.auth.authenticateWsToken(wstoken) : null;
    if (!auth?.ok) return moodleError(reply, 401, "invalidtoken", INVALID_TOKEN);
    await attempt.succeeded();
    const userName = (fieldValue(form.entries, "user[username]") ?? "").trim().toLowerCase();
    if (userName !== auth.caller.userName.toLowerCase()) {
      return moodleError(reply, 403, "nopermissions", es["errors.forbidden"]);
    }
    const key = randomToken();
    await app.repos.sessions.createLoginKey(
      hashToken(key),
      auth.caller.sessionId,
      auth.caller.userId,
      new Date(Date.now() + LOGIN_KEY_SECONDS * 1000),
    );
    return reply.code(200).send({
      loginurl: `${app.config.publicUrl}/webservice/auth/userkey/login.php?key=${encodeURIComponent(key)}`,
    });
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
      const secure = app.config.publicUrl.startsWith("https:") ? "; Secure" : "";
      return reply
        .code(200)
        .header(
          "set-cookie",
          `${CLASS_COOKIE}=${token}; Path=/webservice; HttpOnly; SameSite=Lax${secure}`,
        )
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send("<!doctype html><title></title>");
    },
  );

  app.get<{ Params: { materialId: string; "*": string } }>(
    "/webservice/pluginfile.php/:materialId/*",
    async (request, reply) => {
      const cookie = cookieValue(request, CLASS_COOKIE);
      const auth = cookie ? await app.auth.authenticateClassCookie(cookie) : null;
      if (!auth?.ok) return moodleError(reply, 401, "requireloginerror", INVALID_TOKEN);
      const caller = auth.caller;
      const notFound = () => moodleError(reply, 404, "filenotfound", es["errors.notFound"]);
      const id = Number(request.params.materialId);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return notFound();
      const material = await app.repos.materials.findById(id);
      if (!material) return notFound();
      try {
        await assertMaterialReadable(app, caller, material);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return error.status === 403
          ? moodleError(reply, 403, "nopermissions", refusalMessage(error))
          : notFound();
      }
      // Content is served by the content origin only (issue 12): this address of the class service
      // sends the browser there, with a capability of the cookie's session.
      let path: string;
      try {
        path = decodeURIComponent(request.params["*"] ?? "");
      } catch {
        return notFound();
      }
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
