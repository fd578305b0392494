import { createApiClient, createSessionStore } from "@lms/core";

export const session = createSessionStore({ storage: window.localStorage });
export const client = createApiClient({ baseUrl: "/api", classServiceUrl: "/webservice", session });
