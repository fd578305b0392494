import type { FastifyInstance } from "fastify";
import type { Tx } from "../db/client";
import { ApiError } from "../lib/errors";
import type { VersionedRecord } from "../plugins/app/repositories/record-versions-repository";

/** The record a write was about, and the version its caller read (none from another school app). */
export interface VersionedTarget {
  record: VersionedRecord;
  id: number;
  version: number | undefined;
  /** The record as its detail answers it, sent with a 409 so the caller sees what changed. */
  current: () => Promise<unknown>;
}

/** Thrown inside the transaction, which rolls back; answered as a 409 once it has. */
class StaleVersion extends Error {}

/**
 * One write of a versioned record (issue 45): in a transaction that first locks the record and
 * compares its version with the one the caller read. A record changed since answers 409
 * `errors.staleRecord` with the record as it is now, and nothing is written. A caller that sends
 * no version (another school app) writes over whatever is stored, as before.
 */
export async function versionedWrite<T>(
  app: FastifyInstance,
  target: VersionedTarget,
  write: (tx: Tx) => Promise<T>,
  /** Locks the write takes before the record's (a material's course), in the order others do. */
  lockFirst?: (tx: Tx) => Promise<void>,
): Promise<T> {
  try {
    return await app.repos.transaction(async (tx) => {
      await lockFirst?.(tx);
      if (target.version !== undefined) {
        const stored = await app.repos.recordVersions.lock(tx, target.record, target.id);
        if (stored !== undefined && stored !== target.version) throw new StaleVersion();
      }
      return write(tx);
    });
  } catch (error) {
    if (!(error instanceof StaleVersion)) throw error;
    throw new ApiError(409, "errors.staleRecord", { data: await target.current() });
  }
}
