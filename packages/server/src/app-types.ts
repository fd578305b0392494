import type { ServerConfig } from "./config";
import type { Database } from "./db/client";
import type { FileStorage } from "./lib/storage";
import type { AuthService } from "./plugins/app/auth";
import type { Mailer } from "./plugins/app/mailer";
import type { Repositories } from "./plugins/app/repositories";

declare module "fastify" {
  interface FastifyInstance {
    config: ServerConfig;
    database: Database;
    repos: Repositories;
    storage: FileStorage;
    mailer: Mailer;
    auth: AuthService;
  }
}
