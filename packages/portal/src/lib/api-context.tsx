import {
  createApiClient,
  createSessionStore,
  type ApiClient,
  type KeyValueStorage,
  type Session,
  type SessionStore,
} from "@lms/core";
import { createContext, use, useSyncExternalStore, type ReactNode } from "react";
import { trackedFetch } from "./activity";

interface ApiContextValue {
  client: ApiClient;
  session: SessionStore;
}

const ApiContext = createContext<ApiContextValue | null>(null);

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

export function createPortalApi(onSessionExpired?: () => void): ApiContextValue {
  const session = createSessionStore({ storage: browserStorage() });
  const client = createApiClient({
    baseUrl: API_BASE,
    classServiceUrl: CLASS_SERVICE_BASE,
    session,
    fetch: trackedFetch,
    onSessionExpired,
  });
  return { client, session };
}

export function ApiProvider({ value, children }: { value: ApiContextValue; children: ReactNode }) {
  return <ApiContext value={value}>{children}</ApiContext>;
}

function useApiContext(): ApiContextValue {
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
