import {
  CATALOGUES,
  DEFAULT_LANG,
  createIntl,
  emptyPermissions,
  isLang,
  type Permissions,
} from "@lms/core";
import { hash, verify } from "@node-rs/argon2";
import type { Argon2Cost, RateLimitRule, ServerConfig } from "../../config";
import type { Executor } from "../../db/client";
import type { Caller } from "../../services/caller";
import { tooManyAttempts } from "../../lib/errors";
import { isCommonPassword } from "../../lib/passwords";
import { hashToken, randomToken } from "../../lib/security";
import { SessionCache } from "../../read-models/sessions/session-cache";
import type { Mailer } from "./mailer";
import type { OutboxRepository } from "./repositories/outbox-repository";
import { toPermissions } from "./repositories/roles-repository";
import type { SessionUserRow, SessionsRepository } from "./repositories/sessions-repository";
import type { LinkKind, TokensRepository } from "./repositories/tokens-repository";

export type AuthResult = { ok: true; caller: Caller } | { ok: false; expired: boolean };

/** API.md: reset links last 1 hour, activation links 7 days. */
export const LINK_LIFETIME_MS: Record<LinkKind, number> = {
  reset: 60 * 60 * 1000,
  activation: 7 * 24 * 60 * 60 * 1000,
};

/** The idle expiry is written at most this often per session. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Passwords (argon2id), sessions (random tokens stored as hashes, idle and absolute expiry),
 * password links and rate limits (issue 4 "Security").
 */
/** Who gets a password link: the e-mail goes out in the user's language, addressed by first name. */
export interface LinkRecipient {
  userId: number;
  email: string;
  firstName?: string | null;
  lang?: string | null;
}

export class AuthService {
  /** A hash to verify against when the account does not exist, so timing tells nothing. */
  private dummyHash: Promise<string> | null = null;
  /** Recent tokens' sessions (see SessionCache): most calls need no session read. */
  readonly cache = new SessionCache<{ row: SessionUserRow; caller: Caller }>();

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokensRepository,
    private readonly outbox: OutboxRepository,
    private readonly mailer: Mailer,
    private readonly config: Pick<
      ServerConfig,
      "sessionIdleMinutes" | "sessionMaxHours" | "publicUrl" | "rateLimits"
    > & { argon2: Argon2Cost },
    private readonly commonPasswords: ReadonlySet<string>,
  ) {}

  hashPassword(password: string): Promise<string> {
    return hash(password, this.config.argon2);
  }

  async verifyPassword(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      this.dummyHash ??= this.hashPassword(randomToken());
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(stored, password).catch(() => false);
  }

  isCommon(password: string): boolean {
    return isCommonPassword(this.commonPasswords, password);
  }

  private idleMs() {
    return this.config.sessionIdleMinutes * 60 * 1000;
  }

  /** A new session at every sign-in, with its class-service token and public session key. */
  async startSession(userId: number, address: string) {
    const token = randomToken();
    const wsToken = randomToken();
    const sessionKey = randomToken(12);
    const now = Date.now();
    const sessionId = await this.sessions.create({
      kind: "api",
      tokenHash: hashToken(token),
      wsTokenHash: hashToken(wsToken),
      sessionKey,
      parentId: null,
      userId,
      idleExpiresAt: new Date(now + this.idleMs()),
      expiresAt: new Date(now + this.config.sessionMaxHours * 3600 * 1000),
      address: address.slice(0, 100),
    });
    return { token, wsToken, sessionKey, sessionId };
  }

  /** A class-service cookie session, ending with the api session it came from. */
  async startClassSession(parentId: number, userId: number, address: string) {
    const token = randomToken();
    const now = Date.now();
    await this.sessions.create({
      kind: "class",
      tokenHash: hashToken(token),
      wsTokenHash: null,
      sessionKey: randomToken(12),
      parentId,
      userId,
      idleExpiresAt: new Date(now + this.idleMs()),
      expiresAt: new Date(now + this.config.sessionMaxHours * 3600 * 1000),
      address: address.slice(0, 100),
    });
    return token;
  }

  /** The caller of a bearer token (kind api), or why there is none. */
  authenticate(token: string): Promise<AuthResult> {
    return this.check("token", token, "api");
  }

  /** The caller of a class-service token (the wsToken of a sign-in). */
  authenticateWsToken(wsToken: string): Promise<AuthResult> {
    return this.check("ws", wsToken, "api");
  }

  /** The caller of a class-service cookie. */
  authenticateClassCookie(token: string): Promise<AuthResult> {
    return this.check("token", token, "class");
  }

  /**
   * The caller of a live session by its id (a content capability names its session): the same
   * checks as a token's (revoked, expired, its parent ended, the user disabled), without moving the
   * idle expiry on.
   */
  async authenticateSession(sessionId: number): Promise<AuthResult> {
    const key = `id:${sessionId}`;
    const session = this.cache.get(key)?.value ?? (await this.read("id", sessionId, key));
    if (!session) return { ok: false, expired: false };
    const { row } = session;
    if (row.status !== 0 || row.schoolEnabled === false) return { ok: false, expired: false };
    const now = Date.now();
    if (row.expiresAt.getTime() <= now || row.idleExpiresAt.getTime() <= now) {
      return { ok: false, expired: true };
    }
    return { ok: true, caller: session.caller };
  }

  private async check(column: "token" | "ws", token: string, kind: string): Promise<AuthResult> {
    const hash = hashToken(token);
    const key = `${column}:${hash}`;
    const session = this.cache.get(key)?.value ?? (await this.read(column, hash, key));
    if (!session) return { ok: false, expired: false };
    const { row } = session;
    // An inactive user's sessions, and those of a disabled school's users, are refused at once
    // (every process hears of the change: migrations 0004 and 0005); enabling the school again
    // lets them through.
    if (row.kind !== kind || row.status !== 0 || row.schoolEnabled === false) {
      return { ok: false, expired: false };
    }
    const now = Date.now();
    if (row.expiresAt.getTime() <= now || row.idleExpiresAt.getTime() <= now) {
      return { ok: false, expired: true };
    }
    const next = now + this.idleMs();
    if (next - row.idleExpiresAt.getTime() >= TOUCH_EVERY_MS) {
      const idleExpiresAt = new Date(Math.min(next, row.expiresAt.getTime()));
      await this.sessions.touch(row.sessionId, idleExpiresAt);
      row.idleExpiresAt = idleExpiresAt;
    }
    return { ok: true, caller: session.caller };
  }

  private async read(column: "token" | "ws" | "id", hash: string | number, key: string) {
    const ticket = this.cache.ticket();
    const row = await this.sessions.findWithUser(column, hash);
    if (!row) return undefined;
    // Shared by every call of the token while kept: frozen so that no handler can change it.
    const caller = toCaller(row);
    for (const rights of Object.values(caller.permissions)) Object.freeze(rights);
    const session = {
      row,
      caller: Object.freeze({ ...caller, permissions: Object.freeze(caller.permissions) }),
    };
    this.cache.set(
      key,
      { sessionId: row.sessionId, parentId: row.parentId, userId: row.userId, value: session },
      ticket,
    );
    return session;
  }

  revokeSession(sessionId: number): Promise<void> {
    return this.sessions.revoke(sessionId);
  }

  revokeUserSessions(db: Executor, userId: number, exceptSessionId?: number): Promise<void> {
    return this.sessions.revokeUser(db, userId, exceptSessionId);
  }

  /** Link of the portal's set-password or reset-password screen (SPEC.md §2). */
  linkFor(kind: LinkKind, token: string): string {
    const route = kind === "activation" ? "set-password" : "reset-password";
    return `${this.config.publicUrl}/#/account/${route}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Creates password links for users and queues their e-mails in the same transaction; call
   * `deliver()` after the commit.
   */
  async issueLinks(
    db: Executor,
    kind: LinkKind,
    recipients: LinkRecipient[],
    by: string | null,
  ): Promise<void> {
    if (recipients.length === 0) return;
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[kind]);
    const links = recipients.map((r) => ({ ...r, token: randomToken() }));
    await this.tokens.createLinks(
      db,
      links.map((l) => ({ userId: l.userId, kind, tokenHash: hashToken(l.token), expiresAt })),
      by,
    );
    await this.outbox.add(
      db,
      links.map((l) => {
        const link = this.linkFor(kind, l.token);
        // In the recipient's language (English when it has none yet).
        const { t } = createIntl(
          l.lang ?? DEFAULT_LANG,
          CATALOGUES[isLang(l.lang) ? l.lang : DEFAULT_LANG],
        );
        const name = l.firstName?.trim() || l.email;
        return {
          recipient: l.email,
          subject: t(`mail.${kind}.subject`),
          body: t(`mail.${kind}.body`, { name, link }),
          link,
        };
      }),
      by,
    );
  }

  /**
   * Tells a user's old e-mail address that the account's address changed (queued in the same
   * transaction; call `deliver()` after the commit).
   */
  async notifyEmailChanged(
    db: Executor,
    old: LinkRecipient,
    newEmail: string,
    by: string | null,
  ): Promise<void> {
    const { t } = createIntl(
      old.lang ?? DEFAULT_LANG,
      CATALOGUES[isLang(old.lang) ? old.lang : DEFAULT_LANG],
    );
    const name = old.firstName?.trim() || old.email;
    await this.outbox.add(
      db,
      [
        {
          recipient: old.email,
          subject: t("mail.emailChanged.subject"),
          body: t("mail.emailChanged.body", { name, email: newEmail }),
          link: "",
        },
      ],
      by,
    );
  }

  /** Sends what the committed transactions queued. */
  deliver(): void {
    this.mailer.flushSoon();
  }

  /** Verifies and uses a link; undefined when it is unknown, used or expired. */
  consumeLink(db: Executor, kind: LinkKind, token: string) {
    return this.tokens.consumeLink(db, kind, hashToken(token));
  }

  findLink(kind: LinkKind, token: string) {
    return this.tokens.findValidLink(kind, hashToken(token));
  }

  /**
   * Counts an attempt before the work it guards, atomically (parallel requests cannot pass the
   * limit); 429 with Retry-After when the counter is at its limit. With `backoffCapSeconds`, past
   * the limit one attempt is allowed after a delay that doubles each time (1 s, 2 s, 4 s …).
   */
  async reserveAttempt(
    key: string,
    rule: RateLimitRule,
    backoffCapSeconds: number | null = null,
  ): Promise<void> {
    const result = await this.tokens.reserve(
      key,
      rule.limit,
      rule.windowSeconds,
      backoffCapSeconds,
    );
    if (!result.allowed) throw tooManyAttempts(result.retryAfter);
  }

  /** Gives back a reserved attempt that turned out right (only failures stay counted). */
  releaseAttempt(key: string): Promise<void> {
    return this.tokens.release(key);
  }

  /** 429 when a counter is already at its limit (signed-in password changes). */
  async assertUnderLimit(key: string, rule: RateLimitRule): Promise<void> {
    if ((await this.tokens.peek(key, rule.windowSeconds)) >= rule.limit) throw tooManyAttempts();
  }

  /** Counts an attempt; 429 when it goes past the limit. */
  async countAttempt(key: string, rule: RateLimitRule): Promise<void> {
    if ((await this.tokens.hit(key, rule.windowSeconds)) > rule.limit) throw tooManyAttempts();
  }

  recordFailure(key: string, rule: RateLimitRule): Promise<number> {
    return this.tokens.hit(key, rule.windowSeconds);
  }

  clearCounter(key: string): Promise<void> {
    return this.tokens.clear(key);
  }
}

export function toCaller(row: SessionUserRow): Caller {
  const permissions: Permissions = row.roleEnabled
    ? toPermissions(row.permissions ?? [])
    : emptyPermissions();
  return {
    userId: row.userId,
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    roleId: row.roleId,
    schoolId: row.schoolId,
    grade: row.grade,
    section: row.section,
    permissions,
    sessionId: row.sessionId,
  };
}
