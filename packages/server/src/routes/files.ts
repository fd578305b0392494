import type { FastifyInstance, FastifyReply } from "fastify";
import { can, tokenOf } from "../lib/commands";
import { notFound, unauthenticated } from "../lib/errors";
import { sniffImageType } from "@lms/core";
import { GLOBAL_SCOPE } from "../plugins/app/repositories/records";
import { readableCourse } from "../services/material-access";

/**
 * GET /api/file/<kind>/<id>: user photos, school logos and course images, to signed-in users who
 * may see the record (the token in the Authorization header or ?token=): the role's view right
 * and its scope. A record out of reach is a 404 like a missing one.
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
        // One's own photo; another user's to those who may view users, in their scope. The
        // portal shows no other user's photo (a parent's child, a teacher's student).
        const own = id === caller.userId;
        if (!own && !can(caller, "users", "view")) throw notFound();
        const user = await app.repos.users.findById(id, own ? GLOBAL_SCOPE : scope);
        key = user?.photo;
      } else if (request.params.kind === "school") {
        // A logo to those who may view schools, in their scope (the portal shows it only there).
        if (!can(caller, "schools", "view")) throw notFound();
        const school = await app.repos.schools.findById(id, scope);
        key = school?.logo;
      } else if (request.params.kind === "course") {
        // As the course itself: in scope, and published unless the caller may change it.
        const course = await readableCourse(app, caller, id);
        key = course.image;
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
