import type { FastifyInstance, FastifyReply } from "fastify";
import { tokenOf } from "../lib/commands";
import { notFound, unauthenticated } from "../lib/errors";
import { sniffImageType } from "@lms/core";
import { GLOBAL_SCOPE } from "../plugins/app/repositories/records";
import { viewerOf } from "./api/course";

/**
 * GET /api/file/<kind>/<id>: user photos, school logos and course images, to signed-in users who
 * may see the record (the token in the Authorization header or ?token=). Another school's record
 * is a 404 like a missing one.
 */
export default async function fileRoutes(app: FastifyInstance) {
  app.get<{ Params: { kind: string; id: string } }>(
    "/api/file/:kind/:id",
    async (request, reply) => {
      const token = tokenOf(request, []);
      if (!token) throw unauthenticated(false);
      const auth = await app.auth.authenticate(token);
      if (!auth.ok) throw unauthenticated(auth.expired);
      const caller = auth.caller;
      const id = Number(request.params.id);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
      const scope = { schoolId: caller.schoolId };
      let key: string | null | undefined;
      if (request.params.kind === "user") {
        const own = id === caller.userId;
        const user = await app.repos.users.findById(id, own ? GLOBAL_SCOPE : scope);
        key = user?.photo;
      } else if (request.params.kind === "school") {
        const school = await app.repos.schools.findById(id, scope);
        key = school?.logo;
      } else if (request.params.kind === "course") {
        const course = await app.repos.courses.find(id, viewerOf(caller));
        key = course?.image;
      } else {
        throw notFound();
      }
      if (!key) throw notFound();
      const data = await app.storage.get(key);
      if (!data) throw notFound();
      return sendImage(reply, data, `${request.params.kind}-${id}`);
    },
  );
}

export function sendImage(reply: FastifyReply, data: Buffer, name: string): FastifyReply {
  const type = sniffImageType(data) ?? "application/octet-stream";
  return reply
    .code(200)
    .header("content-type", type)
    .header(
      "content-disposition",
      `inline; filename="${name}.${type === "image/png" ? "png" : "jpg"}"`,
    )
    .header("cache-control", "private, max-age=300")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(data);
}
