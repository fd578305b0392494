import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import { appPlugin } from "../../lib/plugin";

/**
 * Other school apps in a browser on another origin may call the main service (issue 17 "For other
 * apps"): only origins listed in LMS_CORS_ORIGINS, only under /api/, with the bearer token in the
 * Authorization header. No cookies are involved, so credentials stay off. Nothing is registered
 * when the list is empty: every cross-origin call is refused by the browser, as before.
 */
export default appPlugin(async function cors(app: FastifyInstance) {
  const allowed = new Set(app.config.corsOrigins);
  if (allowed.size === 0) return;
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const listed = typeof origin === "string" && allowed.has(origin);
      if (!request.url.startsWith("/api/") || !listed) {
        callback(null, { origin: false });
        return;
      }
      callback(null, {
        origin,
        methods: ["GET", "POST"],
        allowedHeaders: ["Authorization", "Content-Type"],
        exposedHeaders: ["Content-Disposition", "Server-Timing"],
        maxAge: 600,
        credentials: false,
      });
    },
  });
});
