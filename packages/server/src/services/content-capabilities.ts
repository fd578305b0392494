import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Caller } from "./caller";

/** The name of the shared signing key in server_secrets (migration 0007). */
export const CONTENT_SECRET = "content-capability";

/**
 * Capabilities of the content origin (issue 12, as Canvas's file verifiers): the part of a content
 * URL's path that authorises it, since a sandboxed frame sends no cookie. A capability names its
 * session, user, material and expiry, signed with a key every server process on the database
 * shares; it is good only while that session is (signed-out, expired, revoked: dead at once).
 *
 *   <session id>.<user id>.<expiry, unix seconds>.<HMAC-SHA256, base64url>   (all ids in base 36)
 */
export class ContentCapabilities {
  constructor(
    private readonly key: Buffer,
    private readonly lifetimeMinutes: number,
  ) {}

  /** Loads (or creates, the first process wins) the shared key. */
  static async load(app: FastifyInstance): Promise<ContentCapabilities> {
    const secret = await app.repos.secrets.getOrCreate(
      CONTENT_SECRET,
      randomBytes(32).toString("base64url"),
    );
    return new ContentCapabilities(Buffer.from(secret, "utf8"), app.config.contentLinkMinutes);
  }

  private mac(sessionId: number, userId: number, materialId: number, expires: number): Buffer {
    return createHmac("sha256", this.key)
      .update(`lms-content-v1|${sessionId}|${userId}|${materialId}|${expires}`)
      .digest();
  }

  /** A capability for the caller's session and one material (whole minutes, so URLs repeat). */
  mint(caller: Pick<Caller, "sessionId" | "userId">, materialId: number, now = Date.now()): string {
    const expires = Math.ceil((now + this.lifetimeMinutes * 60_000) / 60_000) * 60;
    const mac = this.mac(caller.sessionId, caller.userId, materialId, expires).toString(
      "base64url",
    );
    return (
      [caller.sessionId, caller.userId, expires].map((n) => n.toString(36)).join(".") + "." + mac
    );
  }

  /**
   * The session and user a capability names, when it is well formed, signed by this database's
   * key, not expired and for this material; the caller must still check the session is live.
   */
  read(
    capability: string,
    materialId: number,
    now = Date.now(),
  ): { sessionId: number; userId: number } | null {
    if (capability.length > 120) return null;
    const parts = capability.split(".");
    if (parts.length !== 4) return null;
    const [sessionId, userId, expires] = parts.slice(0, 3).map((p) => {
      if (!/^[0-9a-z]{1,12}$/.test(p)) return NaN;
      return parseInt(p, 36);
    }) as [number, number, number];
    if (![sessionId, userId, expires].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
    const given = Buffer.from(parts[3]!, "base64url");
    const wanted = this.mac(sessionId, userId, materialId, expires);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
    if (expires * 1000 <= now) return null;
    return { sessionId, userId };
  }
}

/** A material file's address on the content origin, with a capability for the caller. */
export function contentUrl(
  app: FastifyInstance,
  caller: Pick<Caller, "sessionId" | "userId">,
  materialId: number,
  path: string,
): string {
  const capability = app.contentCapabilities.mint(caller, materialId);
  return `${app.config.contentUrl}/content/${capability}/${materialId}/${path}`;
}

/** A stored file's path as a URL path (each segment encoded). */
export const encodedPath = (path: string) => path.split("/").map(encodeURIComponent).join("/");
