import type { ServerConfig } from "./config";
import type { Database } from "./db/client";
import type { FileStorage } from "./lib/storage";
import type { AuthService } from "./plugins/app/auth";
import type { Mailer } from "./plugins/app/mailer";
import type { Repositories } from "./plugins/app/data-access";
import type { ContentCapabilities } from "./services/content-capabilities";
import type { RecycleBinJobs } from "./services/recycle-bin";

declare module "fastify" {
  interface FastifyInstance {
    config: ServerConfig;
    database: Database;
    repos: Repositories;
    storage: FileStorage;
    mailer: Mailer;
    auth: AuthService;
    /** Signs and reads the capabilities of content URLs (issue 12). */
    contentCapabilities: ContentCapabilities;
    /** The recycle bin's purge and course deletion jobs (issue 13). */
    recycleBin: RecycleBinJobs;
    /** The content origin's own listener (issue 12): uploaded content only. */
    contentApp: FastifyInstance;
  }
}
