import Fastify, { type FastifyInstance } from "fastify";
import { sendError, sendNotFound } from "./lib/error-handler";
import { SANDBOX, contentHeaders, contentRoutes } from "./routes/content";

/**
 * The content origin's listener (issue 12, ARCHITECTURE.md "Class service"): a Fastify of its own
 * that shares the main app's database, storage and sessions but serves uploaded content only
 * (routes/content.ts). Every answer carries the sandbox CSP, nosniff and a CORP that lets the
 * portal embed it.
 */
export async function buildContentApp(main: FastifyInstance): Promise<FastifyInstance> {
  const content = Fastify({
    loggerInstance: main.log.child({ listener: "content" }),
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
    // It takes no bodies.
    bodyLimit: 1024,
  });
  // Built once the content URL is known (with LMS_CONTENT_PORT=0, when the listener listens).
  let headers: Record<string, string> | null = null;
  let headersFor: string | null = null;
  content.addHook("onSend", (_request, reply, payload, done) => {
    if (!headers || headersFor !== main.config.contentUrl) {
      headers = contentHeaders(main);
      headersFor = main.config.contentUrl;
    }
    // A package's files keep their own policy (routes/content.ts PACKAGE_CSP), always a sandbox.
    const own = reply.getHeader("content-security-policy");
    const sandboxed = typeof own === "string" && own.startsWith(SANDBOX);
    for (const [name, value] of Object.entries(headers)) {
      if (name !== "content-security-policy" || !sandboxed) reply.header(name, value);
    }
    done(null, payload);
  });
  content.setErrorHandler(sendError);
  content.setNotFoundHandler(sendNotFound);
  await content.register(contentRoutes(main));
  return content;
}
