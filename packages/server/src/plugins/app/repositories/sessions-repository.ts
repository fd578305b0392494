import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { rowsOf, type Db, type Executor } from "../../../db/client";
import { classLoginKeys, sessions } from "../../../db/schema";

export interface SessionUserRow {
  sessionId: number;
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
  constructor(private readonly db: Db) {}

  async create(session: NewSession): Promise<number> {
    const [row] = await this.db
      .insert(sessions)
      .values({ ...session, createdBy: null })
      .returning({ id: sessions.id });
    return row!.id;
  }

  /**
   * The session of a token hash with its user and the user's role permissions, in one query
   * (the status check runs before every call of the portal).
   */
  async findWithUser(column: "token" | "ws", hash: string): Promise<SessionUserRow | undefined> {
    const match = column === "token" ? sql`s.token_hash = ${hash}` : sql`s.ws_token_hash = ${hash}`;
    const [row] = await rowsOf<SessionUserRow>(
      this.db.execute(sql`
        select s.id as "sessionId", s.kind, s.user_id as "userId",
               s.idle_expires_at as "idleExpiresAt", s.expires_at as "expiresAt",
               u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName",
               u.role_id as "roleId", u.school_id as "schoolId", u.grade, u.section, u.status,
               r.enabled as "roleEnabled",
               (select json_agg(json_build_object('module', p.module, 'access', p.access,
                        'add', p.add, 'view', p.view, 'modify', p.modify))
                  from role_permissions p where p.role_id = u.role_id) as permissions
          from sessions s
          join users u on u.id = s.user_id
          join roles r on r.id = u.role_id
         where ${match} and s.revoked_at is null
           and (s.parent_id is null or exists (
                 select 1 from sessions p where p.id = s.parent_id and p.revoked_at is null
                    and p.expires_at > now() and p.idle_expires_at > now()))
         limit 1`),
    );
    if (!row) return undefined;
    return {
      ...row,
      idleExpiresAt: new Date(row.idleExpiresAt),
      expiresAt: new Date(row.expiresAt),
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
