import type { AssignedLoadRow, Lang, ListFilter, UserRecord } from "@lms/core";
import { and, count, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { preparedRows, type Db, type Executor } from "../../../db/client";
import {
  changeCounters,
  parentChildren,
  roles,
  schools,
  userLoads,
  users,
} from "../../../db/schema";
import {
  containsPattern,
  keysetAfter,
  keysetKey,
  listConditions,
  listOrder,
  nearerEnd,
  pageOf,
  reverseInput,
  roundEstimate,
  whereAll,
  type KeysetMark,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import { SearchSnapshots } from "../../../lib/search-snapshots";
import { insertRows } from "../../../db/insert-rows";
import { created, timestamps, updated, type Scope } from "./records";

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

const listSpec: ListSpec<"users"> = {
  resource: "users",
  sort: {
    firstName: users.firstName,
    lastName: users.lastName,
    userName: users.userName,
    email: users.email,
    roleId: users.roleId,
    status: users.status,
    grade: users.grade,
    section: users.section,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  },
  filters: {
    roleId: { column: users.roleId, type: "int" },
    status: { column: users.status, type: "int" },
    registered: { column: users.registered, type: "int" },
    schoolId: { column: users.schoolId, type: "int", nullable: true },
    grade: { column: users.grade, type: "int", nullable: true },
    section: { column: users.section, type: "text" },
    subject: { column: users.subject, type: "text" },
  },
  search: users.searchText,
  id: users.id,
};

/** The columns a record needs (never the password hash). */
const recordColumns = {
  id: users.id,
  salutation: users.salutation,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  userName: users.userName,
  email: users.email,
  employeeNumber: users.employeeNumber,
  learningReferenceNumber: users.learningReferenceNumber,
  roleId: users.roleId,
  roleName: roles.roleName,
  status: users.status,
  registered: users.registered,
  schoolId: users.schoolId,
  schoolName: schools.schoolName,
  schoolYearFrom: users.schoolYearFrom,
  schoolYearTo: users.schoolYearTo,
  grade: users.grade,
  section: users.section,
  subject: users.subject,
  title: users.title,
  parent: users.parent,
  subscriptionType: users.subscriptionType,
  photo: users.photo,
  lang: users.lang,
  createdAt: users.createdAt,
  createdBy: users.createdBy,
  updatedAt: users.updatedAt,
  updatedBy: users.updatedBy,
};

type RecordRow = {
  [K in keyof typeof recordColumns]: (typeof recordColumns)[K]["_"]["data"] | null;
};

/**
 * A record's assigned load and children, read in the same statement as the record (one query
 * per page instead of three: PGlite pays for every statement).
 */
/** users.id, always qualified: a select from users alone names its columns bare. */
const userId = sql`${users}.${sql.identifier("id")}`;

const detailColumns = {
  assignedLoad: sql<AssignedLoadRow[] | string | null>`(
    select json_agg(json_build_object('grade', l.grade, 'subject', l.subject, 'section', l.section)
                    order by l.id)
      from user_loads l where l.user_id = ${userId})`,
  children: sql<number[] | string | null>`(
    select json_agg(c.child_id order by c.child_id) from parent_children c
     where c.parent_id = ${userId})`,
};

type DetailedRow = RecordRow & {
  assignedLoad: AssignedLoadRow[] | string | null;
  children: number[] | string | null;
};

export function scopeCondition(scope: Scope): SQL | undefined {
  return scope.schoolId === null ? undefined : eq(users.schoolId, scope.schoolId);
}

function toRecord(row: RecordRow, loads: AssignedLoadRow[], children: number[]): UserRecord {
  const photo = row.photo ? `/api/file/user/${row.id}` : null;
  return {
    id: row.id!,
    salutation: row.salutation ?? "",
    firstName: row.firstName ?? "",
    middleName: row.middleName ?? "",
    lastName: row.lastName ?? "",
    suffix: row.suffix ?? "",
    userName: row.userName ?? "",
    email: row.email ?? "",
    employeeNumber: row.employeeNumber ?? "",
    learningReferenceNumber: row.learningReferenceNumber ?? "",
    roleId: row.roleId!,
    roleName: row.roleName ?? "",
    status: (row.status === 1 ? 1 : 0) as 0 | 1,
    registered: (row.registered === 1 ? 1 : 0) as 0 | 1,
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    schoolYearFrom: row.schoolYearFrom,
    schoolYearTo: row.schoolYearTo,
    grade: row.grade,
    section: row.section ?? "",
    subject: row.subject ?? "",
    title: row.title ?? "",
    assignedLoad: loads,
    parent: row.parent ?? null,
    children,
    subscriptionType: row.subscriptionType ?? "",
    photo,
    lang: (row.lang ?? "es") as Lang,
    ...timestamps({
      createdAt: row.createdAt!,
      createdBy: row.createdBy,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
    }),
  };
}

export interface UserPage {
  rows: UserRecord[];
  total: number;
  /** The total is the planner's estimate of a search's matches (more than countLimit). */
  estimate: boolean;
}

export class UsersRepository {
  private readonly snapshots;
  /** Exact counts of unsearched lists and estimates of common searches, by key and version. */
  private readonly counts = new Map<string, number>();
  /** Statements of every searched page, prepared once (no query building or planning per call). */
  private readonly usersVersion;
  private readonly recordsByIds;

  /**
   * @param countLimit a search with more matches than this answers with an estimated total
   *   (LMS_LIST_EXACT_COUNT)
   */
  constructor(
    private readonly db: Db,
    private readonly countLimit = 5000,
  ) {
    this.snapshots = new SearchSnapshots(2_000_000, countLimit);
    this.usersVersion = db
      .select({ version: changeCounters.version })
      .from(changeCounters)
      .where(eq(changeCounters.name, "users"))
      .prepare("lms_users_version");
    // With the table's version read in the same statement, a kept search's page is one round trip.
    // Role and school names by key, row by row: a page is a few rows, not worth a hash join.
    const pageColumns = {
      ...recordColumns,
      roleName: sql<string>`(select r.role_name from roles r where r.id = ${users}.role_id)`,
      schoolName: sql<string | null>`(select s.school_name from schools s
        where s.id = ${users}.school_id)`,
      ...detailColumns,
      version: sql<string>`(select ${changeCounters.version}::text from ${changeCounters} where ${changeCounters.name} = 'users')`,
    };
    this.recordsByIds = preparedRows<DetailedRow & { version: string }>(
      db,
      "lms_users_by_ids",
      db
        .select(pageColumns)
        .from(users)
        .where(sql`${users.id} = any(${sql.placeholder("ids")}::int[])`),
      Object.keys(pageColumns),
    );
  }

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

  async list(input: ListInput, filters: ListFilter[], scope: Scope): Promise<UserPage> {
    const filtered = () =>
      whereAll([
        scopeCondition(scope),
        ...listConditions(listSpec, { ...input, search: "" }, filters),
      ]);
    // The total does not depend on the order: one count for every order of the same list.
    const countKey = JSON.stringify([scope.schoolId, filters, input.search]);
    if (!input.search) return this.plainPage(countKey, filtered(), input);
    const key = JSON.stringify([
      scope.schoolId,
      filters,
      input.search,
      input.sortBy,
      input.sortOrder,
    ]);
    return this.searchPage(key, countKey, filtered, input);
  }

  /**
   * A page of an unsearched list: its ids from the sort column's (column, id) index, from the
   * nearer end of the list, then the page's records by id. The exact count is kept for the table's
   * version (counting a million rows is the slow part; a page of ids is not).
   */
  private async plainPage(countKey: string, where: SQL | undefined, input: ListInput) {
    const [counter] = await this.usersVersion.execute();
    const versioned = JSON.stringify([countKey, String(counter?.version ?? "")]);
    let total = this.counts.get(versioned);
    if (total === undefined) {
      const [row] = await this.db.select({ n: count() }).from(users).where(where);
      total = Number(row?.n ?? 0);
      this.keepCount(versioned, total);
    }
    const { limit, offset, reverse } = nearerEnd(input, total);
    if (limit === 0) return { rows: [], total, estimate: false };
    const ids = (
      await this.db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...listOrder(listSpec, reverse ? reverseInput(input) : input))
        .limit(limit)
        .offset(offset)
    ).map((r) => r.id);
    if (reverse) ids.reverse();
    return { rows: await this.byIds(ids), total, estimate: false };
  }

  private keepCount(key: string, total: number) {
    this.counts.set(key, total);
    if (this.counts.size > 1000) this.counts.delete(this.counts.keys().next().value!);
  }

  /**
   * A searched page. A search first reads at most `countLimit + 1` matches through the trigram
   * index (no sorting). When they are all the matches, their sorted ids are kept for the next pages
   * and sorts of the same search (see SearchSnapshots) as long as no user has changed. More matches
   * than that are a common term: the page is read by walking the sort column's index and keeping
   * the matching rows (a few hundred index entries per page of 25), and the total is the planner's
   * estimate of the match set, flagged as one.
   */
  private async searchPage(
    key: string,
    countKey: string,
    filtered: () => SQL | undefined,
    input: ListInput,
  ): Promise<UserPage> {
    const { limit, offset } = pageOf(input);
    const kept = this.snapshots.peek(key);
    const keptPage = kept ? Array.from(kept.ids.subarray(offset, offset + limit)) : [];
    if (kept && keptPage.length > 0) {
      const rows = await this.recordsByIds([keptPage]);
      if (rows[0]?.version === kept.version) {
        return {
          rows: await this.inOrder(rows, keptPage),
          total: kept.ids.length,
          estimate: false,
        };
      }
    }
    const [counter] = await this.usersVersion.execute();
    const version = String(counter?.version ?? "");
    let ids = this.snapshots.get(key, version);
    if (!ids) {
      const pattern = containsPattern(input.search);
      const where = filtered();
      const versioned = JSON.stringify([countKey, version]);
      let estimate = this.counts.get(versioned);
      if (estimate === undefined) {
        const matches = await this.db
          .select({ id: users.id })
          .from(users)
          .where(whereAll([where, sql`${users.searchText} like ${pattern}`]))
          .limit(this.countLimit + 1);
        if (matches.length <= this.countLimit) {
          const sorted =
            matches.length === 0
              ? []
              : await this.db
                  .select({ id: users.id })
                  .from(users)
                  .where(sql`${users.id} = any(${sql.param(matches.map((m) => m.id))}::int[])`)
                  .orderBy(...listOrder(listSpec, input));
          ids = Int32Array.from(sorted, (m) => m.id);
          this.snapshots.set(key, version, ids);
        } else {
          estimate = roundEstimate(await this.estimateMatches(where, pattern), matches.length);
          this.keepCount(versioned, estimate);
        }
      }
      if (!ids) {
        // The search text behind an expression the trigram index does not serve: the planner walks
        // the sort order's index and filters, which for a common term stops after a few rows.
        const rows = await this.db
          .select({ id: users.id })
          .from(users)
          .where(whereAll([where, sql`(${users.searchText} || '') like ${pattern}`]))
          .orderBy(...listOrder(listSpec, input))
          .limit(limit)
          .offset(offset);
        return { rows: await this.byIds(rows.map((r) => r.id)), total: estimate!, estimate: true };
      }
    }
    const pageIds = Array.from(ids.subarray(offset, offset + limit));
    return { rows: await this.byIds(pageIds), total: ids.length, estimate: false };
  }

  /** The planner's estimate of the rows matching a search (its statistics, no rows read). */
  private async estimateMatches(where: SQL | undefined, pattern: string): Promise<number> {
    const result = (await this.db.execute(
      sql`explain (format json) select 1 from ${users} where ${whereAll([where, sql`${users.searchText} like ${pattern}`])}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const plan = Object.values(result.rows[0] ?? {})[0];
    const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as {
      Plan?: { "Plan Rows"?: number };
    }[];
    return Number(parsed[0]?.Plan?.["Plan Rows"] ?? 0);
  }

  private async byIds(ids: number[]) {
    if (ids.length === 0) return [];
    return this.inOrder(await this.recordsByIds([ids]), ids);
  }

  /** The records of a page read by id, in the order of its ids. */
  private inOrder(rows: DetailedRow[], ids: number[]) {
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id!)! - position.get(b.id!)!);
    return this.withDetails(rows);
  }

  /** Every matching record, for export, in batches. */
  async *exportRows(input: ListInput, filters: ListFilter[], scope: Scope, batch = 2000) {
    const where = whereAll([scopeCondition(scope), ...listConditions(listSpec, input, filters)]);
    for (let offset = 0; ; offset += batch) {
      const rows = await this.selectRecords(where)
        .orderBy(...listOrder(listSpec, input))
        .limit(batch)
        .offset(offset);
      if (rows.length === 0) return;
      yield await this.withDetails(rows);
      if (rows.length < batch) return;
    }
  }

  /**
   * Every matching user in the list's order, in batches read by keyset (issue 14: an export of a
   * million users in constant memory, each batch as quick as the first).
   */
  async *exportBatches(input: ListInput, filters: ListFilter[], scope: Scope, batch = 2000) {
    const conditions = [scopeCondition(scope), ...listConditions(listSpec, input, filters)];
    let mark: KeysetMark | null = null;
    for (;;) {
      // A small first batch: the answer starts sooner.
      const size = mark ? batch : Math.min(batch, 200);
      const rows = await this.batchAfter(conditions, input, mark, size);
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      mark = { key: last.keysetKey ?? null, id: last.id };
      yield await this.withDetails(rows);
      if (rows.length < size) return;
    }
  }

  private batchAfter(
    conditions: (SQL | undefined)[],
    input: ListInput,
    mark: KeysetMark | null,
    batch: number,
  ) {
    return this.db
      .select({ ...recordColumns, ...detailColumns, keysetKey: keysetKey(listSpec, input) })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(whereAll([...conditions, mark ? keysetAfter(listSpec, input, mark) : undefined]))
      .orderBy(...listOrder(listSpec, input))
      .limit(batch);
  }

  private selectRecords(where: SQL | undefined) {
    return this.db
      .select({ ...recordColumns, ...detailColumns })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(where)
      .$dynamic();
  }

  /** Records from rows that carry their assigned load and children (see detailColumns). */
  private async withDetails(rows: DetailedRow[]) {
    const parse = <T>(value: T | string | null): T | null =>
      typeof value === "string" ? (JSON.parse(value) as T) : value;
    return rows.map((row) =>
      toRecord(row, parse(row.assignedLoad) ?? [], (parse(row.children) ?? []).map(Number)),
    );
  }

  async get(id: number, scope: Scope, db: Executor = this.db) {
    const rows = await db
      .select({ ...recordColumns, ...detailColumns })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(whereAll([eq(users.id, id), scopeCondition(scope)]))
      .limit(1);
    const [record] = await this.withDetails(rows);
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
