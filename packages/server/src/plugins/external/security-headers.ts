import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { portalInlineScriptHashes } from "../../lib/inline-scripts";
import { appPlugin } from "../../lib/plugin";

/**
 * Security headers on every answer (issue 4 "Static portal", issue 12), set by helmet: a strict
 * CSP for the portal's own pages (scripts of this origin only, and the portal's own inline opening
 * script by its hash, no other inline script, no plugins, no
 * <base>; frames of this origin (the hidden class-service sign-in), the content origin and the
 * class service, Trusted Types), no content sniffing, no referrer to other sites. Helmet's other
 * headers stay off. Answers that set their own CSP (or another of these headers) keep it.
 *
 * Helmet's middleware is built once here: @fastify/helmet built it again for every request, its
 * options and directives parsed each time.
 */
export default appPlugin(async function securityHeaders(app: FastifyInstance) {
  const classOrigin = app.config.classServiceUrl ? originOf(app.config.classServiceUrl) : null;
  // The content URL is known once the content listener listens (a port chosen then): read on
  // each answer, its origin worked out once per URL.
  let contentOrigin: string | null = null;
  let contentFor: string | null = null;
  const content = () => {
    if (contentFor !== app.config.contentUrl) {
      contentFor = app.config.contentUrl;
      contentOrigin = contentFor ? originOf(contentFor) : null;
    }
    return contentOrigin;
  };
  const media = () => (content() ? ` ${content()}` : "");
  const portalScripts = portalInlineScriptHashes(app.config.portalDir);
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [() => ["'self'", ...portalScripts()].join(" ")],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": [() => `'self' data: blob:${media()}`],
        "media-src": [() => `'self'${media()}`],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...(classOrigin ? [classOrigin] : [])],
        "frame-src": [
          () => ["'self'", content(), classOrigin].filter((o): o is string => Boolean(o)).join(" "),
        ],
        "frame-ancestors": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        // Trusted Types: no HTML or script reaches a DOM sink unless a policy vouches for it:
        // DOMPurify's (page materials, sanitised) or the portal's default one (text without
        // markup only, packages/portal/src/lib/trusted-types.ts).
        "require-trusted-types-for": ["'script'"],
        "trusted-types": ["dompurify", "default"],
      },
    },
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "sameorigin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // Not one of helmet's headers.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    done();
  });
});

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
