import type { FastifyInstance } from "fastify";
import { appPlugin } from "../../lib/plugin";

/**
 * Security headers on every answer (issue 4 "Static portal"): a CSP whose frame-ancestors is the
 * product itself, no content sniffing, no referrer to other sites. Answers that set their own CSP
 * (uploaded files, SCORM content) keep it.
 */
export default appPlugin(async function securityHeaders(app: FastifyInstance) {
  const classOrigin = app.config.classServiceUrl ? originOf(app.config.classServiceUrl) : null;
  const frameSources = ["'self'", ...(classOrigin ? [classOrigin] : [])].join(" ");
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${classOrigin ? ` ${classOrigin}` : ""}`,
    `frame-src ${frameSources}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
  const headers = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  // A callback hook: it runs on every answer, and needs no promise.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", csp);
    reply.headers(headers);
    done(null, payload);
  });
});

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
