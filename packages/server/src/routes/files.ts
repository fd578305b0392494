import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { can, GLOBAL_SCOPE } from "../services/caller";
import { tokenOf } from "../dispatch/dispatch";
import { notFound, unauthenticated } from "../lib/errors";
import { sniffImageType } from "@lms/core";
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
      const file = await app.storage.open(key);
      if (!file) throw notFound();
      const { head, stream } = await peek(file.stream, 8);
      return sendImage(reply, head, stream, file.size, `${request.params.kind}-${id}`);
    },
  );
}

/** The first bytes of a stream (to sniff a type) and a stream of all of it, head included. */
export async function peek(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const parts: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else {
      parts.push(next.value);
      length += next.value.length;
    }
  }
  const head = Buffer.concat(parts);
  async function* all() {
    try {
      if (head.length > 0) yield head;
      while (!done) {
        const next = await iterator.next();
        if (next.done) done = true;
        else yield next.value;
      }
    } finally {
      if (!done) await iterator.return?.();
    }
  }
  return { head, stream: Readable.from(all(), { objectMode: false }) };
}

export function sendImage(
  reply: FastifyReply,
  head: Buffer,
  data: Readable,
  size: number,
  name: string,
): FastifyReply {
  const type = sniffImageType(head) ?? "application/octet-stream";
  return reply
    .code(200)
    .header("content-type", type)
    .header("content-length", size)
    .header(
      "content-disposition",
      `inline; filename="${name}.${type === "image/png" ? "png" : "jpg"}"`,
    )
    .header("cache-control", "private, max-age=300")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(data);
}
