import type { FastifyInstance } from "fastify";
import { appPlugin } from "../../lib/plugin";

/**
 * Security headers on every answer (issue 4 "Static portal", issue 12): a strict CSP for the
 * portal's own pages (scripts of this origin only, no inline script, no plugins, no <base>; frames
 * of this origin (the hidden class-service sign-in), the content origin and the class service,
 * Trusted Types), no content sniffing, no referrer to other sites. Answers that set their own CSP keep it.
 */
export default appPlugin(async function securityHeaders(app: FastifyInstance) {
  const classOrigin = app.config.classServiceUrl ? originOf(app.config.classServiceUrl) : null;
  // The content URL is known once the content listener listens (a port chosen then): built on the
  // first answer that needs it.
  let csp: string | null = null;
  let cspFor: string | null = null;
  const policy = () => {
    if (csp && cspFor === app.config.contentUrl) return csp;
    const contentOrigin = app.config.contentUrl ? originOf(app.config.contentUrl) : null;
    const others = [contentOrigin, classOrigin].filter((o): o is string => Boolean(o));
    const media = contentOrigin ? ` ${contentOrigin}` : "";
    csp = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${media}`,
      `media-src 'self'${media}`,
      "font-src 'self' data:",
      `connect-src 'self'${classOrigin ? ` ${classOrigin}` : ""}`,
      `frame-src ${["'self'", ...others].join(" ")}`,
      "frame-ancestors 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      // Trusted Types: no HTML or script reaches a DOM sink unless a policy vouches for it:
      // DOMPurify's (page materials, sanitised) or the portal's default one (text without markup
      // only, packages/portal/src/lib/trusted-types.ts).
      "require-trusted-types-for 'script'",
      "trusted-types dompurify default",
    ].join("; ");
    cspFor = app.config.contentUrl;
    return csp;
  };
  const headers = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  // A callback hook: it runs on every answer, and needs no promise.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", policy());
    }
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
