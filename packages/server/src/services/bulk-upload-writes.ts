import type { UserValues } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/client";
import { by, type Caller } from "./caller";
import type { LinkRecipient } from "../plugins/app/auth";
import { userWrite } from "./users";

/** The rows of a bulk upload's batch that passed every check, to create and to update. */
export interface Writes {
  creates: { values: UserValues; schoolId: number | null }[];
  updates: { id: number; values: UserValues; schoolId: number | null }[];
}

/** Writes one checked batch inside the upload's transaction (new users get activation links). */
export async function writeBatch(
  app: FastifyInstance,
  caller: Caller,
  tx: Executor,
  writes: Writes,
): Promise<void> {
  const who = by(caller);
  const recipients: LinkRecipient[] = [];
  const loads: { userId: number; grade: number; subject: string; section: string }[] = [];
  const ids = await app.repos.users.insertMany(
    tx,
    writes.creates.map((c) => userWrite(c.values, c.schoolId)),
    who,
  );
  writes.creates.forEach((c, index) => {
    const userId = ids[index]!;
    recipients.push({
      userId,
      email: c.values.email,
      firstName: c.values.firstName,
      lang: c.values.lang,
    });
    for (const load of c.values.assignedLoad) loads.push({ ...load, userId });
  });
  await app.repos.users.insertLoads(tx, loads, who);
  for (const update of writes.updates) {
    await app.repos.users.update(tx, update.id, userWrite(update.values, update.schoolId), who);
    await app.repos.users.setLoads(tx, update.id, update.values.assignedLoad, who);
  }
  // No password is hashed during the import: each new user gets an activation link.
  await app.auth.issueLinks(tx, "activation", recipients, who);
}
