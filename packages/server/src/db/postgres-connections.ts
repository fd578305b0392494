import pg from "pg";

/**
 * A pooled connection that is lost while a command holds it (a transaction between statements)
 * reports an error no one would listen to, and an unheard error ends the process: the command's
 * own statement fails instead. A statement that timed out leaves its answer due on the connection,
 * so the connection is closed, never handed to the next command.
 */
export function guardConnection(client: pg.PoolClient) {
  client.on("error", () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === "Query read timeout") {
          void client.end().catch(() => {});
        }
      });
    }
    return result;
  };
}

const RELISTEN_MS = 1000;

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current === client) {
      current = null;
      onLive(false);
    }
    client.removeAllListeners();
    client.on("error", () => {});
    void client.end().catch(() => {});
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RELISTEN_MS);
      retry.unref();
    }
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (stopped) return void client.end().catch(() => {});
      current = client;
      onLive(true);
    } catch {
      lost(client);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    onLive(false);
    if (client) {
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
    }
  };
}
