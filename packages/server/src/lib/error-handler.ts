import { es } from "@lms/core";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, isDatabaseUnavailable, pgCode, text, unavailable } from "./errors";

/**
 * The one error handler of every listener (the main app and the content origin): API.md's
 * envelope, client errors as 4xx, and a 5xx that never shows its internals.
 */
export function sendError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!(error instanceof ApiError) && isDatabaseUnavailable(error)) {
    // No query text in the log: the database is away, the command was not wrong.
    request.log.warn({ reason: error.message }, "database unavailable");
    return sendError(unavailable(), request, reply);
  }
  if (error instanceof ApiError) {
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.status).send({
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.data === undefined ? {} : { data: error.data }),
    });
  }
  const status = clientStatus(error);
  if (status) {
    const code =
      status === 413
        ? "errors.tooLarge"
        : status === 404
          ? "errors.notFound"
          : "validation.invalidValue";
    return reply.code(status).send({ status, code, message: text(code) });
  }
  // A 5xx never shows its internals (STYLE.md "server").
  request.log.error({ err: error }, "request failed");
  return reply
    .code(500)
    .send({ status: 500, code: "errors.generic", message: es["errors.generic"] });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ status: 404, code: "errors.notFound", message: es["errors.notFound"] });
}

/** Client errors of the framework and of the database (bad values), answered as 4xx. */
function clientStatus(error: FastifyError): number | null {
  const code = pgCode(error);
  if (code && /^(22|23)/.test(code)) return 422;
  const status = error.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return status;
  return null;
}
