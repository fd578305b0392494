import {
  createApiClient,
  createSessionStore,
  type ApiClient,
  type KeyValueStorage,
  type Session,
  type SessionStore,
} from "@lms/core";
import { createContext, use, useSyncExternalStore, type ReactNode } from "react";
import { tracked } from "./activity";
import { withOpeningRequests } from "./opening-requests";

export interface PortalApi {
  client: ApiClient;
  session: SessionStore;
}

const ApiContext = createContext<PortalApi | null>(null);

/** Where the services live: same origin by default, overridable at build time. */
const API_BASE = import.meta.env.VITE_API_URL ?? "/api";
const CLASS_SERVICE_BASE = import.meta.env.VITE_CLASS_SERVICE_URL ?? "/webservice";

function browserStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function createPortalApi(onSessionExpired?: () => void): PortalApi {
  const session = createSessionStore({ storage: browserStorage() });
  const client = createApiClient({
    baseUrl: API_BASE,
    classServiceUrl: CLASS_SERVICE_BASE,
    session,
    // A kept session's first requests were sent by the page's opening script.
    fetch: tracked(withOpeningRequests((...args) => fetch(...args))),
    onSessionExpired,
  });
  return { client, session };
}

export function ApiProvider({ value, children }: { value: PortalApi; children: ReactNode }) {
  return <ApiContext value={value}>{children}</ApiContext>;
}

function useApiContext(): PortalApi {
  const value = use(ApiContext);
  if (!value) throw new Error("ApiProvider is missing");
  return value;
}

export function useApiClient(): ApiClient {
  return useApiContext().client;
}

export function useSessionStore(): SessionStore {
  return useApiContext().session;
}

/** The current session, re-rendering on every change. */
export function useSession(): Session {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** False while the server answers 503 (its database away): the shell says it reconnects. */
export function useServerAvailable(): boolean {
  const client = useApiClient();
  return useSyncExternalStore(
    client.subscribeAvailability,
    client.serverAvailable,
    client.serverAvailable,
  );
}
