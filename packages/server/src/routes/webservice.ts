import type { FastifyInstance } from "fastify";

/** The built-in class service (ARCHITECTURE.md "Class service"). */
export default async function webserviceRoutes(_app: FastifyInstance) {}
