import { es } from "@lms/core";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { ApiError } from "./lib/errors";
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
  content.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.status)
        .send({ status: error.status, code: error.code, message: error.message });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ status, code: "validation.invalidValue", message: es["validation.invalidValue"] });
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .code(500)
      .send({ status: 500, code: "errors.generic", message: es["errors.generic"] });
  });
  content.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ status: 404, code: "errors.notFound", message: es["errors.notFound"] }),
  );
  await content.register(contentRoutes(main));
  return content;
}
