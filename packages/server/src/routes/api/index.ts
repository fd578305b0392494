import { Transform } from "node:stream";
import type { FastifyInstance, preParsingHookHandler } from "fastify";
import { largestFile, type Resource } from "../../dispatch/commands";
import { FORM_OVERHEAD, dispatch } from "../../dispatch/dispatch";
import { ApiError, closing, tooLarge } from "../../lib/errors";
import { FIELDS_TOTAL_BYTES, isMultipart } from "../../lib/form";
import { RESOURCES } from "./resources";

/**
 * A body that is not multipart (url-encoded, JSON) carries no file: it is parsed whole before the
 * caller is known, so it may not be larger than a form's fields, whatever the route's file limit.
 */
const limitPlainBodies: preParsingHookHandler = (request, _reply, payload, done) => {
  if (isMultipart(request)) return done(null, payload);
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > FIELDS_TOTAL_BYTES) return done(closing(tooLarge()));
  let bytes = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      bytes += chunk.length;
      next(bytes > FIELDS_TOTAL_BYTES ? closing(tooLarge()) : null, chunk);
    },
  });
  done(null, payload.pipe(limited));
};

/**
 * /api/<resource>/: every call is a multipart POST with a cmdType (SPEC.md §7); other methods
 * answer 405. The request size limit is the resource's own.
 */
export default async function apiRoutes(app: FastifyInstance) {
  for (const resource of RESOURCES) {
    const largest = largestFile(resource as Resource, app.config);
    app.route({
      method: "POST",
      url: `/api/${resource.name}/`,
      bodyLimit: largest + FORM_OVERHEAD,
      preParsing: limitPlainBodies,
      handler: (request, reply) => dispatch(app, resource as Resource, largest, request, reply),
    });
    app.route({
      method: ["GET", "PUT", "PATCH", "DELETE"],
      url: `/api/${resource.name}/`,
      handler: async () => {
        throw new ApiError(405, "errors.generic");
      },
    });
  }
}
