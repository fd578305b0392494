import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Executor } from "../../../db/client";
import { classLoginKeys, roles, schools, sessions, users } from "../../../db/schema";

export interface SessionUserRow {
  sessionId: number;
  parentId: number | null;
  kind: string;
  userId: number;
  idleExpiresAt: Date;
  expiresAt: Date;
  userName: string;
  firstName: string;
  lastName: string;
  roleId: number;
  schoolId: number | null;
  grade: number | null;
  section: string;
  status: number;
  roleEnabled: boolean;
  /** Whether the user's school is enabled (null: a global user, no school). */
  schoolEnabled: boolean | null;
  permissions:
    { module: string; access: boolean; add: boolean; view: boolean; modify: boolean }[] | null;
}

export interface NewSession {
  kind: "api" | "class";
  tokenHash: string;
  wsTokenHash: string | null;
  sessionKey: string;
  parentId: number | null;
  userId: number;
  idleExpiresAt: Date;
  expiresAt: Date;
  address: string;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {
    this.byToken = this.authQuery("token");
    this.byWsToken = this.authQuery("ws");
    this.byId = this.authQuery("id");
  }

  async create(session: NewSession): Promise<number> {
    const [row] = await this.db
      .insert(sessions)
      .values({ ...session, createdBy: null })
      .returning({ id: sessions.id });
    return row!.id;
  }

  private readonly byToken: ReturnType<SessionsRepository["authQuery"]>;
  private readonly byWsToken: ReturnType<SessionsRepository["authQuery"]>;
  private readonly byId: ReturnType<SessionsRepository["authQuery"]>;

  /**
   * The session of a token hash with its user and the user's role permissions, in one prepared
   * statement (the status check runs before every call of the portal; no planning per call).
   */
  private authQuery(column: "token" | "ws" | "id") {
    const parent = alias(sessions, "parent");
    return this.db
      .select({
        sessionId: sessions.id,
        parentId: sessions.parentId,
        kind: sessions.kind,
        userId: sessions.userId,
        idleExpiresAt: sessions.idleExpiresAt,
        expiresAt: sessions.expiresAt,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        roleId: users.roleId,
        schoolId: users.schoolId,
        grade: users.grade,
        section: users.section,
        status: users.status,
        roleEnabled: roles.enabled,
        schoolEnabled: schools.enabled,
        permissions: sql<SessionUserRow["permissions"]>`(
          select json_agg(json_build_object('module', p.module, 'access', p.access,
                 'add', p.add, 'view', p.view, 'modify', p.modify))
            from role_permissions p where p.role_id = ${users.roleId})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(parent, eq(parent.id, sessions.parentId))
      .where(
        and(
          eq(
            column === "token"
              ? sessions.tokenHash
              : column === "ws"
                ? sessions.wsTokenHash
                : sessions.id,
            sql.placeholder("hash"),
          ),
          isNull(sessions.revokedAt),
          or(
            isNull(sessions.parentId),
            and(
              isNull(parent.revokedAt),
              gt(parent.expiresAt, sql`now()`),
              gt(parent.idleExpiresAt, sql`now()`),
            ),
          ),
        ),
      )
      .limit(1)
      .prepare(`lms_session_by_${column}`);
  }

  /** The session of a token hash (`token`, `ws`) or of a session id (`id`, content capabilities). */
  async findWithUser(
    column: "token" | "ws" | "id",
    hash: string | number,
  ): Promise<SessionUserRow | undefined> {
    const query = column === "token" ? this.byToken : column === "ws" ? this.byWsToken : this.byId;
    const [row] = await query.execute({ hash });
    if (!row) return undefined;
    return {
      ...row,
      idleExpiresAt: new Date(row.idleExpiresAt),
      expiresAt: new Date(row.expiresAt),
      permissions:
        typeof row.permissions === "string" ? JSON.parse(row.permissions) : row.permissions,
    };
  }

  /** Moves the idle expiry on (at most once a minute per session, to keep the check cheap). */
  async touch(id: number, idleExpiresAt: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ idleExpiresAt, updatedAt: new Date() })
      .where(eq(sessions.id, id));
  }

  async revoke(id: number): Promise<void> {
    const now = new Date();
    await this.db
      .update(sessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(or(eq(sessions.id, id), eq(sessions.parentId, id)), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user (deactivation, reset), or every other one (password change). */
  async revokeUser(db: Executor, userId: number, exceptSessionId?: number): Promise<void> {
    const now = new Date();
    await db
      .update(sessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId === undefined
            ? undefined
            : and(
                ne(sessions.id, exceptSessionId),
                or(isNull(sessions.parentId), ne(sessions.parentId, exceptSessionId)),
              ),
        ),
      );
  }

  async createLoginKey(keyHash: string, sessionId: number, userId: number, expiresAt: Date) {
    await this.db.insert(classLoginKeys).values({ keyHash, sessionId, userId, expiresAt });
  }

  /** Single use: the key is consumed by the statement that reads it. */
  async consumeLoginKey(keyHash: string) {
    const [row] = await this.db
      .update(classLoginKeys)
      .set({ usedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(classLoginKeys.keyHash, keyHash),
          isNull(classLoginKeys.usedAt),
          gt(classLoginKeys.expiresAt, new Date()),
        ),
      )
      .returning({ sessionId: classLoginKeys.sessionId, userId: classLoginKeys.userId });
    return row;
  }
}
