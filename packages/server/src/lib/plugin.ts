import type { FastifyPluginAsync } from "fastify";

/**
 * Marks a plugin as not encapsulated, so that its decorators reach the whole app (what the
 * fastify-plugin package does, without the dependency).
 */
export function appPlugin<T extends FastifyPluginAsync<never>>(plugin: T): T {
  Object.assign(plugin, { [Symbol.for("skip-override")]: true });
  return plugin;
}
