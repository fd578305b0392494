import type { AssignedLoadRow, ListFilter } from "@lms/core";
import { and, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import { type Db, type Executor } from "../../../db/client";
import { parentChildren, roles, schools, userLoads, users } from "../../../db/schema";
import { listConditions, whereAll, type ListInput } from "../../../lib/list";
import { insertRows } from "../../../db/insert-rows";
import { created, updated, type Scope } from "./records";
import {
  detailColumns,
  listSpec,
  recordColumns,
  scopeCondition,
  withDetails,
} from "./user-records";

type UserRow = typeof users.$inferSelect;

/** Ids per statement of a bulk action (well under PostgreSQL's parameter limit). */
const ID_CHUNK = 5000;

/** The fields of a user that commands write (already validated by @lms/core). */
export interface UserWrite {
  salutation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  userName: string;
  email: string;
  employeeNumber: string;
  learningReferenceNumber: string;
  roleId: number;
  schoolId: number | null;
  schoolYearFrom: number | null;
  schoolYearTo: number | null;
  grade: number | null;
  section: string;
  subject: string;
  title: string;
  parent: Record<string, string> | null;
  subscriptionType: string;
  lang?: string;
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Sign-in: by user name or e-mail, case-insensitive; the user name wins. */
  async findForLogin(name: string): Promise<UserRow | undefined> {
    const lower = name.trim().toLowerCase();
    const rows = await this.db
      .select()
      .from(users)
      .where(or(sql`lower(${users.userName}) = ${lower}`, sql`lower(${users.email}) = ${lower}`))
      .limit(2);
    return rows.find((r) => r.userName.toLowerCase() === lower) ?? rows[0];
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row;
  }

  async findById(id: number, scope?: Scope, db: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(whereAll([eq(users.id, id), scope ? scopeCondition(scope) : undefined]))
      .limit(1);
    return row;
  }

  async get(id: number, scope: Scope, db: Executor = this.db) {
    const rows = await db
      .select({ ...recordColumns, ...detailColumns })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(whereAll([eq(users.id, id), scopeCondition(scope)]))
      .limit(1);
    const [record] = await withDetails(rows);
    return record;
  }

  /** Ids of existing users holding one of these user names or e-mails (case-insensitive). */
  async findExisting(names: string[], emails: string[], db: Executor = this.db) {
    if (names.length === 0 && emails.length === 0) return [];
    const lowerNames = names.map((n) => n.toLowerCase());
    const lowerEmails = emails.map((e) => e.toLowerCase());
    return db
      .select({
        id: users.id,
        userName: users.userName,
        email: users.email,
        schoolId: users.schoolId,
        roleId: users.roleId,
      })
      .from(users)
      .where(
        // One array parameter each, however many rows the upload has.
        or(
          sql`lower(${users.userName}) = any(${sql.param(lowerNames)}::text[])`,
          sql`lower(${users.email}) = any(${sql.param(lowerEmails)}::text[])`,
        ),
      );
  }

  /** Which of this user name and e-mail another user already has (none: an empty list). */
  async takenFields(
    userName: string,
    email: string,
    exceptId?: number,
  ): Promise<("userName" | "email")[]> {
    const name = userName.toLowerCase();
    const mail = email.toLowerCase();
    const rows = await this.db
      .select({ userName: users.userName, email: users.email })
      .from(users)
      .where(
        and(
          or(sql`lower(${users.userName}) = ${name}`, sql`lower(${users.email}) = ${mail}`),
          exceptId === undefined ? undefined : ne(users.id, exceptId),
        ),
      )
      .limit(2);
    const taken: ("userName" | "email")[] = [];
    if (rows.some((r) => r.userName.toLowerCase() === name)) taken.push("userName");
    if (rows.some((r) => (r.email ?? "").toLowerCase() === mail)) taken.push("email");
    return taken;
  }

  async insertMany(db: Executor, rows: UserWrite[], by: string | null): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await insertRows<typeof users, { id: number; userName: string }>(
      db,
      users,
      rows.map((r) => ({ ...r, lang: r.lang || "es", ...created(by) })),
      { id: users.id, userName: users.userName },
    );
    // The ids in the order of the rows (RETURNING promises no order).
    const idOf = new Map(inserted.map((r) => [r.userName.toLowerCase(), Number(r.id)]));
    return rows.map((r) => idOf.get(r.userName.toLowerCase())!);
  }

  async update(db: Executor, id: number, values: Partial<UserWrite>, by: string | null) {
    await db
      .update(users)
      .set({ ...values, ...updated(by) })
      .where(eq(users.id, id));
  }

  async setLoads(db: Executor, userId: number, loads: AssignedLoadRow[], by: string | null) {
    await db.delete(userLoads).where(eq(userLoads.userId, userId));
    if (loads.length > 0) {
      await db.insert(userLoads).values(loads.map((l) => ({ ...l, userId, ...created(by) })));
    }
  }

  async insertLoads(
    db: Executor,
    rows: (AssignedLoadRow & { userId: number })[],
    by: string | null,
  ): Promise<void> {
    await insertRows(
      db,
      userLoads,
      rows.map((r) => ({ ...r, ...created(by) })),
    );
  }

  async loadsOf(userId: number): Promise<AssignedLoadRow[]> {
    const rows = await this.db
      .select({ grade: userLoads.grade, subject: userLoads.subject, section: userLoads.section })
      .from(userLoads)
      .where(eq(userLoads.userId, userId));
    return rows;
  }

  async setChildren(db: Executor, parentId: number, children: number[], by: string | null) {
    await db.delete(parentChildren).where(eq(parentChildren.parentId, parentId));
    if (children.length > 0) {
      await db
        .insert(parentChildren)
        .values([...new Set(children)].map((childId) => ({ parentId, childId, ...created(by) })));
    }
  }

  async childrenOf(parentId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: parentChildren.childId })
      .from(parentChildren)
      .where(eq(parentChildren.parentId, parentId));
    return rows.map((r) => r.id);
  }

  /** Users among `ids` in the scope with this role (a parent's children must be students). */
  async countInScope(ids: number[], scope: Scope, roleId?: number): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(
        whereAll([
          inArray(users.id, ids),
          scopeCondition(scope),
          roleId === undefined ? undefined : eq(users.roleId, roleId),
        ]),
      );
    return Number(row?.n ?? 0);
  }

  /** Every user the list request matches in the scope (bulk actions with allMatching). */
  async findMatching(
    input: ListInput,
    filters: ListFilter[],
    scope: Scope,
    db: Executor = this.db,
  ): Promise<UserRow[]> {
    const where = whereAll([scopeCondition(scope), ...listConditions(listSpec, input, filters)]);
    return db.select().from(users).where(where).orderBy(users.id);
  }

  /** The users among `ids` in the scope (bulk actions: a missing one is out of scope). */
  async findManyInScope(ids: number[], scope: Scope, db: Executor = this.db): Promise<UserRow[]> {
    const rows: UserRow[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      rows.push(
        ...(await db
          .select()
          .from(users)
          .where(whereAll([inArray(users.id, ids.slice(i, i + ID_CHUNK)), scopeCondition(scope)]))),
      );
    }
    return rows;
  }

  async deleteMany(db: Executor, ids: number[]): Promise<UserRow[]> {
    const rows: UserRow[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      rows.push(
        ...(await db
          .delete(users)
          .where(inArray(users.id, ids.slice(i, i + ID_CHUNK)))
          .returning()),
      );
    }
    return rows;
  }

  async setStatusMany(db: Executor, ids: number[], status: 0 | 1, by: string | null) {
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      await db
        .update(users)
        .set({ status, ...updated(by) })
        .where(inArray(users.id, ids.slice(i, i + ID_CHUNK)));
    }
  }

  async delete(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.delete(users).where(eq(users.id, id)).returning();
    return row;
  }

  async setStatus(db: Executor, id: number, status: 0 | 1, by: string | null) {
    await db
      .update(users)
      .set({ status, ...updated(by) })
      .where(eq(users.id, id));
  }

  async setPassword(db: Executor, id: number, hash: string, by: string | null) {
    await db
      .update(users)
      .set({ passwordHash: hash, passwordChangedAt: new Date(), registered: 1, ...updated(by) })
      .where(eq(users.id, id));
  }

  async setPhoto(db: Executor, id: number, key: string | null, by: string | null) {
    await db
      .update(users)
      .set({ photo: key, ...updated(by) })
      .where(eq(users.id, id));
  }

  async setLang(id: number, lang: string, by: string | null) {
    await this.db
      .update(users)
      .set({ lang, ...updated(by) })
      .where(eq(users.id, id));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return Number(row?.n ?? 0);
  }

  async countWithRole(roleId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(eq(users.roleId, roleId));
    return Number(row?.n ?? 0);
  }
}
