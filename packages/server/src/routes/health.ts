import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** Longest the database may take to answer before the check says it is unreachable. */
const CHECK_MS = 3000;

/**
 * GET /healthz for load balancers (docs/DEPLOYMENT.md): 200 {status:"ok"} when the database
 * answers, 503 {status:"unavailable"} when it does not (within 3 s). `warm`: whether the start's
 * work in memory is done (the users' search index, the lists held in memory), so that a rolling
 * restart may wait for it before it sends the process its share. No sign-in, no other detail.
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const ok = await Promise.race([
      app.database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!ok) app.log.warn("health check: the database does not answer");
    return reply
      .code(ok ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: ok ? "ok" : "unavailable", warm: app.repos.warmed() });
  });
}
