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
 * Helmet writes the headers once for each build of the portal and content origin, and every answer
 * gets them as written: @fastify/helmet built the middleware again for every request, and helmet
 * itself writes the policy out again on every answer (a twentieth of a user search's time on the
 * server's thread, issue 14).
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
  const portalScripts = portalInlineScriptHashes(app.config.portalDir);
  const headersOf = (scripts: string[], origin: string | null) => {
    const media = origin ? ` ${origin}` : "";
    return recordedHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", ...scripts],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": [`'self' data: blob:${media}`],
            "media-src": [`'self'${media}`],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'", ...(classOrigin ? [classOrigin] : [])],
            "frame-src": ["'self'", origin, classOrigin].filter((o): o is string => Boolean(o)),
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
      }),
    );
  };
  let headers: [string, string][] = [];
  let headersFor: { scripts: string[]; content: string | null } | null = null;
  app.addHook("onRequest", (_request, reply, done) => {
    const scripts = portalScripts();
    const origin = content();
    if (headersFor?.scripts !== scripts || headersFor.content !== origin) {
      headersFor = { scripts, content: origin };
      headers = headersOf(scripts, origin);
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // Not one of helmet's headers.
    reply.raw.setHeader("permissions-policy", "camera=(), microphone=(), geolocation=()");
    done();
  });
});

/** The headers a helmet middleware sets, as it sets them on any request (no directive reads it). */
function recordedHeaders(
  middleware: (request: never, response: never, next: (error?: unknown) => void) => void,
): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  middleware({} as never, response as never, (error) => {
    if (error) throw error;
  });
  return headers;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
