import type { FastifyInstance } from "fastify";
import { FORM_OVERHEAD, dispatch, largestFile, type Resource } from "../../lib/commands";
import { ApiError } from "../../lib/errors";
import { RESOURCES } from "./resources";

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
