import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildApp } from "./app";
import { contentOrigin, type ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { migrate } from "./db/migrate";
import { seedRoles } from "./db/default-permissions";
import { DEMO_USERS, isEmpty, seedDemo } from "./db/seed";
import { createFileStorage } from "./lib/file-stores";
import { hash } from "@node-rs/argon2";
import { ROLE_IDS } from "@lms/core";

export interface PreparedDatabase {
  database: Database;
  seeded: boolean;
}

/**
 * Opens the database, applies the migrations, seeds the built-in roles, and the demo data when
 * LMS_SEED_DEMO says so (default: on for an empty embedded database, off for PostgreSQL).
 */
export async function prepareDatabase(
  config: ServerConfig,
  log: (message: string) => void = () => {},
): Promise<PreparedDatabase> {
  // Migrations and seeding wait as long as they take; the commands' database has timeouts.
  const setup = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  let seeded = false;
  try {
    const applied = await migrate(setup.db);
    if (applied > 0) log(`applied ${applied} migration(s)`);
    await seedRoles(setup.db);
    const empty = await isEmpty(setup.db);
    const wanted = config.seedDemo ?? setup.driver === "pglite";
    if (wanted && empty) {
      const storage = await createFileStorage(config, setup);
      const passwordHash = await hash(config.demoPassword, config.argon2);
      try {
        await seedDemo(setup.db, { passwordHash, storage });
      } finally {
        await storage.close?.();
      }
      log(`seeded the demo data (${DEMO_USERS.length} users)`);
      seeded = true;
    }
  } catch (error) {
    await setup.close();
    throw error;
  }
  // PGlite is this process's own: nothing to wait for but itself.
  if (setup.driver === "pglite") return { database: setup, seeded };
  await setup.close();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  return { database, seeded };
}

/**
 * A database with no administrator (a new PostgreSQL without demo data) gets one when
 * LMS_ADMIN_EMAIL is set: the user is created unregistered and its activation link is sent (or
 * printed in the log without SMTP_URL).
 */
export async function ensureAdministrator(app: FastifyInstance): Promise<boolean> {
  const { adminEmail, adminUserName } = app.config;
  if (!adminEmail) return false;
  if ((await app.repos.users.countWithRole(ROLE_IDS.admin)) > 0) return false;
  await app.repos.transaction(async (tx) => {
    const [id] = await app.repos.users.insertMany(
      tx,
      [
        {
          salutation: "",
          firstName: "Administrator",
          middleName: "",
          lastName: "Administrator",
          suffix: "",
          userName: adminUserName,
          email: adminEmail,
          employeeNumber: "",
          learningReferenceNumber: "",
          roleId: ROLE_IDS.admin,
          schoolId: null,
          schoolYearFrom: null,
          schoolYearTo: null,
          grade: null,
          section: "",
          subject: "",
          title: "",
          parent: null,
          subscriptionType: "",
        },
      ],
      "setup",
    );
    await app.auth.issueLinks(tx, "activation", [{ userId: id!, email: adminEmail }], "setup");
  });
  await app.mailer.flush();
  return true;
}

/**
 * Request logs without secrets: ?token= (downloads), ?key= (class-service login keys) and the
 * capability of a content URL (/content/<capability>/...).
 */
export function logOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return {
          method: request.method,
          url: request.url
            .replace(/([?&](?:token|key|wstoken|authorization)=)[^&]*/gi, "$1[redacted]")
            // A content URL's capability (issue 12).
            .replace(/^(\/content\/)[^/?#]+/, "$1[redacted]"),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** Everything `pnpm start` does after the build: database, app, listen. */
export async function startServer(
  config: ServerConfig,
  logger: FastifyServerOptions["logger"] = logOptions(config.logLevel),
): Promise<{ app: FastifyInstance; url: string; seeded: boolean }> {
  const { database, seeded } = await prepareDatabase(config, (m) => console.log(m));
  const app = await buildApp({ config, database, ownsDatabase: true, logger });
  await ensureAdministrator(app);
  await app.listen({ port: config.port, host: config.host });
  // The content origin (issue 12): a second listener that serves uploaded content only.
  await app.contentApp.listen({ port: config.contentPort, host: config.host });
  if (!config.contentUrl) {
    const content = app.contentApp.server.address();
    const contentPort = typeof content === "object" && content ? content.port : config.contentPort;
    config.contentUrl = contentOrigin(config.publicUrl, contentPort);
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return { app, url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/`, seeded };
}
