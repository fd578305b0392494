import "./app-types";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { ServerConfig } from "./config";
import { buildContentApp } from "./content-app";
import type { Database } from "./db/client";
import { sendError, sendNotFound } from "./lib/error-handler";
import { checkJsonBody } from "./lib/json-body";
import { stringifyAnswer } from "./lib/json-text";
import { loadCommonPasswords } from "./lib/passwords";
import { AUTH_CHANNEL } from "./read-models/sessions/session-cache";
import { createFileStorage } from "./lib/file-stores";
import type { FileStorage } from "./lib/storage";
import { AuthService } from "./plugins/app/auth";
import { Mailer } from "./plugins/app/mailer";
import { createRepositories } from "./plugins/app/data-access";
import compression from "./plugins/external/compression";
import cors from "./plugins/external/cors";
import portal from "./plugins/external/portal";
import securityHeaders from "./plugins/external/security-headers";
import apiRoutes from "./routes/api";
import docsRoutes from "./routes/docs";
import fileRoutes from "./routes/files";
import healthRoutes from "./routes/health";
import webserviceRoutes from "./routes/webservice";
import { startAuditPurge } from "./services/audit";
import { ContentCapabilities } from "./services/content-capabilities";
import { RecycleBinJobs } from "./services/recycle-bin";

export interface BuildAppOptions {
  config: ServerConfig;
  /** An open, migrated database; closed with the app when `ownsDatabase`. */
  database: Database;
  ownsDatabase?: boolean;
  storage?: FileStorage;
  logger?: FastifyServerOptions["logger"];
}

let commonPasswords: ReadonlySet<string> | null = null;

/**
 * The whole server: external plugins (database, multipart, security headers), then the app's
 * (repositories, storage, mail, auth), then the routes (STYLE.md "server").
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
    // A request that reaches a closing server (its connection accepted just before) is answered
    // as any other while the requests in flight drain, not refused with a 503 (issue 45: a rolling
    // restart loses no request).
    return503OnClosing: false,
    // The largest body any route takes; routes set their own smaller limits.
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within this time (LMS_REQUEST_TIMEOUT_SECONDS): a slow client
    // cannot hold a connection for ever, and a 100 MB upload on a slow line still finishes.
    requestTimeout: config.requestTimeoutMs,
  });

  // external
  app.decorate("config", config);
  app.decorate("database", database);
  // An answer may carry JSON already written (a page of a list held in memory): sent as it is.
  // Written as bytes when it holds JSON written before: Fastify sends a Buffer as it sends a string
  // (its type for a serializer says string only).
  app.setReplySerializer(stringifyAnswer as (payload: unknown) => string);
  if (options.ownsDatabase) app.addHook("onClose", async () => database.close());
  // JSON is checked for its depth and repeated fields before Fastify's own parser reads it.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    try {
      checkJsonBody(body as string);
    } catch (error) {
      return done(error as Error, undefined);
    }
    parseJson(request, body as string, done);
  });
  // Multipart bodies are read by the command that receives them, with its own limits (lib/form.ts).
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      // A name sent twice keeps both values (lib/form.ts refuses it unless it is a list).
      const fields: Record<string, string | string[]> = Object.create(null);
      for (const [name, value] of new URLSearchParams(body as string)) {
        const kept = fields[name];
        fields[name] = kept === undefined ? value : [kept, value].flat();
      }
      done(null, fields);
    },
  );
  await app.register(securityHeaders);
  // request.cookies and reply.setCookie (the class service's session cookie).
  await app.register(cookie);
  await app.register(compression);
  await app.register(cors);
  // Server-Timing: the server's own time for each answer (the benchmark reports it).
  app.addHook("onSend", (_request, reply, payload, done) => {
    // A handler may have named how it answered (the user list: "index") before the time.
    const named = reply.getHeader("server-timing");
    const time = `app;dur=${reply.elapsedTime.toFixed(2)}`;
    reply.header("server-timing", named ? `${String(named)}, ${time}` : time);
    done(null, payload);
  });

  // app
  const repos = createRepositories(database.db, {
    listExactCount: config.listExactCount,
    readModels: config.readModels,
    heldSchoolSearches: database.driver === "pglite",
    userSearchIndex: config.userSearchIndex && {
      onBuilt: (users, ms) =>
        app.log.info({ users, ms: Math.round(ms) }, "user search index ready"),
    },
  });
  app.decorate("repos", repos);
  app.addHook("onReady", async () => {
    // In the background: until a list is loaded, the database answers its pages.
    const failed = (list: string, error: unknown) =>
      app.log.warn({ err: error, list }, "a list held in memory could not load");
    repos.warm(failed).catch((error: unknown) => failed("all", error));
  });
  app.addHook("onClose", async () => repos.close());
  const storage = options.storage ?? (await createFileStorage(config, database));
  app.decorate("storage", storage);
  if (!options.storage) app.addHook("onClose", async () => storage.close?.());
  const mailer = new Mailer(
    repos.outbox,
    { smtpUrl: config.smtpUrl, from: config.mailFrom },
    app.log,
  );
  app.decorate("mailer", mailer);
  app.addHook("onReady", async () => mailer.start());
  app.addHook("onClose", async () => mailer.close());
  let stopAuditPurge: (() => void) | undefined;
  app.addHook("onReady", async () => {
    stopAuditPurge = startAuditPurge(app);
  });
  app.addHook("onClose", async () => stopAuditPurge?.());
  commonPasswords ??= loadCommonPasswords();
  const auth = new AuthService(
    repos.sessions,
    repos.tokens,
    repos.outbox,
    mailer,
    config,
    commonPasswords,
  );
  app.decorate("auth", auth);
  const stopListening = await database.listen(
    AUTH_CHANNEL,
    (message) => auth.cache.forget(message),
    (live) => auth.cache.setLive(live && config.readModels),
  );
  app.addHook("onClose", async () => stopListening());

  const recycleBin = new RecycleBinJobs(app);
  app.decorate("recycleBin", recycleBin);
  app.addHook("onReady", async () => recycleBin.start());
  app.addHook("onClose", async () => recycleBin.close());

  app.setErrorHandler(sendError);
  app.setNotFoundHandler(sendNotFound);

  // the content origin (issue 12): its signing key, shared through the database, and its listener
  app.decorate("contentCapabilities", await ContentCapabilities.load(app));
  const contentApp = await buildContentApp(app);
  app.decorate("contentApp", contentApp);
  app.addHook("onClose", async () => contentApp.close());

  // routes
  await app.register(apiRoutes);
  await app.register(docsRoutes);
  await app.register(fileRoutes);
  await app.register(healthRoutes);
  await app.register(webserviceRoutes);
  await app.register(portal);
  return app;
}
