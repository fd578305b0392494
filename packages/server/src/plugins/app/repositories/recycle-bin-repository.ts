import type { DeletionCounts, ListFilter, TrashEntry } from "@lms/core";
import { and, count, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type Executor } from "../../../db/client";
import { courses, recycleBin } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  pageOf,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import { courseAccess } from "./courses-repository";
import type { CourseViewer } from "../../../services/course-records";
import {
  ident,
  literal,
  parentsFirst,
  readCatalogue,
  FILE_COLUMNS,
  NOT_KEPT,
  POSITION_GROUPS,
  type Catalogue,
  type ForeignKey,
} from "./recycle-bin-catalogue";

/** The resources that go to the recycle bin, and the table of each one's record. */
export const BIN_TABLES = {
  school: "schools",
  user: "users",
  role: "roles",
  course: "courses",
  element: "course_elements",
  material: "materials",
} as const;
export type BinResource = keyof typeof BIN_TABLES;

const CHUNK_ROWS = 1000;

export interface NewEntry {
  resource: BinResource;
  recordId: number;
  label: string;
  code: string | null;
  schoolId: number | null;
  courseId: number | null;
  roleId: number | null;
  deletedBy: string | null;
  purgeAt: Date;
}

/** Whose entries a trash list, restore or purge reaches. */
export interface BinScope {
  /** null: every school. */
  schoolId: number | null;
  /** For learning content: its course must be one this viewer may change. */
  courseViewer?: CourseViewer;
  /** A teacher's course entries: only those it deleted itself. */
  deletedBy?: string;
}

export type EntryRow = typeof recycleBin.$inferSelect;

const listSpec: ListSpec<"trash"> = {
  resource: "trash",
  sort: {
    label: recycleBin.label,
    deletedAt: recycleBin.deletedAt,
    deletedBy: recycleBin.deletedBy,
    purgeAt: recycleBin.purgeAt,
  },
  filters: {},
  search: recycleBin.searchText,
  id: recycleBin.id,
};

export function toTrashEntry(row: EntryRow): TrashEntry {
  return {
    id: row.id,
    recordId: row.recordId,
    label: row.label,
    code: row.code,
    deletedAt: row.deletedAt.toISOString(),
    deletedBy: row.deletedBy,
    purgeAt: row.purgeAt.toISOString(),
    counts: row.counts as DeletionCounts,
  };
}

/**
 * The recycle bin's SQL (issue 13). A deletion copies the record and every row that depends on it
 * through ON DELETE CASCADE foreign keys, read from the database's own catalogue, into
 * `recycle_bin_rows` before the live rows go; a restore inserts them back parents first.
 */
export class RecycleBinRepository {
  private catalogue: Promise<Catalogue> | undefined;

  constructor(private readonly db: Db) {}

  /** Read once, with the executor at hand (on PGlite a transaction holds the one connection). */
  private readCatalogue(db: Executor): Promise<Catalogue> {
    this.catalogue ??= readCatalogue(db).catch((error: unknown) => {
      this.catalogue = undefined;
      throw error;
    });
    return this.catalogue;
  }

  async createEntry(db: Executor, entry: NewEntry): Promise<number> {
    const [row] = await db
      .insert(recycleBin)
      .values({ ...entry, createdBy: entry.deletedBy })
      .returning({ id: recycleBin.id });
    return row!.id;
  }

  /**
   * Copies the record `table`.id = `id` and every row that depends on it (the cascade foreign
   * keys, walked parents first) into the entry's rows. Returns the number of rows per table.
   */
  async capture(
    db: Executor,
    entryId: number,
    table: string,
    id: number,
  ): Promise<Map<string, number>> {
    const { keys, generated } = await this.readCatalogue(db);
    const cascades = keys.filter((k) => k.cascade && !NOT_KEPT.has(k.child));
    const reached = new Set([table]);
    for (let grew = true; grew;) {
      grew = false;
      for (const key of cascades) {
        if (reached.has(key.parent) && !reached.has(key.child)) {
          reached.add(key.child);
          grew = true;
        }
      }
    }
    await db.execute(sql`select 1 from ${ident(table)} where id = ${id} for update`);
    const captured = new Set<string>();
    for (const current of parentsFirst(reached, cascades)) {
      let where: SQL;
      if (current === table) {
        where = sql`t.id = ${id}`;
      } else {
        const edges = cascades.filter((k) => k.child === current && captured.has(k.parent));
        if (edges.length === 0) continue;
        where = sql.join(
          edges.map(
            (k) => sql`t.${ident(k.column)} in (
              select x.${ident(k.parentColumn)}
                from recycle_bin_rows b,
                     jsonb_populate_recordset(null::${ident(k.parent)}, b.rows) x
               where b.entry_id = ${entryId} and b.table_name = ${k.parent})`,
          ),
          sql` or `,
        );
      }
      const drop = generated.get(current) ?? [];
      const row =
        drop.length > 0
          ? sql`to_jsonb(t) - array[${sql.join(drop.map(literal), sql`, `)}]::text[]`
          : sql`to_jsonb(t)`;
      await db.execute(sql`
        insert into recycle_bin_rows (entry_id, table_name, chunk, rows)
        select ${entryId}, ${current}, s.n, jsonb_agg(s.r)
          from (select ${row} as r, (row_number() over () - 1) / ${CHUNK_ROWS} as n
                  from ${ident(current)} t where ${where}) s
         group by s.n`);
      captured.add(current);
    }
    const counts = await rowsOf<{ table_name: string; n: number }>(
      db.execute(sql`
        select table_name, sum(jsonb_array_length(rows))::int as n
          from recycle_bin_rows where entry_id = ${entryId} group by table_name`),
    );
    return new Map(counts.map((c) => [c.table_name, Number(c.n)]));
  }

  /** The stored files named by the entry's rows. */
  async fileKeysOf(db: Executor, entryId: number): Promise<string[]> {
    const parts = Object.entries(FILE_COLUMNS).map(
      ([table, column]) => sql`
        select r->>${column} as key
          from recycle_bin_rows b, jsonb_array_elements(b.rows) r
         where b.entry_id = ${entryId} and b.table_name = ${table} and r->>${column} is not null`,
    );
    const rows = await rowsOf<{ key: string }>(db.execute(sql.join(parts, sql` union all `)));
    return rows.map((r) => r.key);
  }

  async finishEntry(db: Executor, entryId: number, counts: DeletionCounts, fileKeys: string[]) {
    await db.update(recycleBin).set({ counts, fileKeys }).where(eq(recycleBin.id, entryId));
  }

  private scopeConditions(resource: BinResource, scope: BinScope): SQL[] {
    const conditions: SQL[] = [eq(recycleBin.resource, resource)];
    if (scope.schoolId !== null) conditions.push(eq(recycleBin.schoolId, scope.schoolId));
    if (scope.courseViewer && scope.courseViewer.schoolId !== null) {
      const access = courseAccess(scope.courseViewer, "modify");
      conditions.push(
        inArray(
          recycleBin.courseId,
          this.db.select({ id: courses.id }).from(courses).where(access),
        ),
      );
    }
    if (scope.deletedBy !== undefined) conditions.push(eq(recycleBin.deletedBy, scope.deletedBy));
    return conditions;
  }

  async list(
    resource: BinResource,
    input: ListInput,
    filters: ListFilter[],
    scope: BinScope,
    courseId?: number,
  ) {
    const where = whereAll([
      ...this.scopeConditions(resource, scope),
      courseId === undefined ? undefined : eq(recycleBin.courseId, courseId),
      ...listConditions(listSpec, input, filters),
    ]);
    const { limit, offset } = pageOf(input);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(recycleBin)
        .where(where)
        .orderBy(...listOrder(listSpec, input))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(recycleBin).where(where),
    ]);
    return { rows: rows.map(toTrashEntry), total: Number(total?.n ?? 0) };
  }

  /** What an entry holds, unscoped (the audit trail names the record a restore or purge acts on). */
  async entryRecord(resource: BinResource, id: number) {
    const [row] = await this.db
      .select({
        recordId: recycleBin.recordId,
        label: recycleBin.label,
        schoolId: recycleBin.schoolId,
      })
      .from(recycleBin)
      .where(and(eq(recycleBin.id, id), eq(recycleBin.resource, resource)));
    return row;
  }

  /** The entry, locked, when it is of this resource and in the scope. */
  async findForUpdate(
    db: Executor,
    resource: BinResource,
    id: number,
    scope: BinScope,
  ): Promise<EntryRow | undefined> {
    const [row] = await db
      .select()
      .from(recycleBin)
      .where(and(eq(recycleBin.id, id), ...this.scopeConditions(resource, scope)))
      .for("update");
    return row;
  }

  /** The entry's record as it was deleted (its first row of the record's table). */
  async recordOf(db: Executor, entry: EntryRow): Promise<Record<string, unknown> | undefined> {
    const table = BIN_TABLES[entry.resource as BinResource];
    const [row] = await rowsOf<{ r: Record<string, unknown> }>(
      db.execute(sql`
        select r from recycle_bin_rows b, jsonb_array_elements(b.rows) r
         where b.entry_id = ${entry.id} and b.table_name = ${table}
           and (r->>'id')::int = ${entry.recordId}
         limit 1`),
    );
    return row?.r;
  }

  /**
   * Inserts the entry's rows back, parents first, with their ids. Returns false (the caller's
   * transaction must then be undone) when a parent is missing: the record's own (school, course, element, role) or one a
   * dependant needs (a user's role); a dependant whose cascading parent is gone is left out.
   * Unique violations are thrown.
   */
  async restoreRows(db: Executor, entry: EntryRow): Promise<boolean> {
    const { keys, columns } = await this.readCatalogue(db);
    const root = BIN_TABLES[entry.resource as BinResource];
    const tables = (
      await rowsOf<{ table_name: string }>(
        db.execute(
          sql`select distinct table_name from recycle_bin_rows where entry_id = ${entry.id}`,
        ),
      )
    ).map((r) => r.table_name);
    const source = (table: string) => sql`
      from recycle_bin_rows b, jsonb_populate_recordset(null::${ident(table)}, b.rows) x
     where b.entry_id = ${entry.id} and b.table_name = ${table}`;
    const parentsPresent = (table: string, which: (key: ForeignKey) => boolean = () => true) =>
      keys
        .filter((k) => k.child === table && which(k))
        .map(
          (k) => sql` and (x.${ident(k.column)} is null or exists (
            select 1 from ${ident(k.parent)} p where p.${ident(k.parentColumn)} = x.${ident(k.column)}))`,
        );
    const none = async (condition: SQL) => {
      const [row] = await rowsOf<{ n: number }>(
        db.execute(sql`select count(*)::int as n ${condition}`),
      );
      return Number(row?.n ?? 0) === 0;
    };

    // The record's own parents must be there (checked before anything is written).
    if (!(await none(sql`${source(root)} and not (true ${sql.join(parentsPresent(root), sql``)})`)))
      return false;

    const group = POSITION_GROUPS[root];
    if (group) {
      await db.execute(sql`
        update recycle_bin_rows b
           set rows = (
             select jsonb_agg(case
               when exists (select 1 from ${ident(root)} e
                             where e.${ident(group)} = (r->>${group})::int
                               and e.position = (r->>'position')::int)
               then jsonb_set(r, '{position}', to_jsonb((
                 select coalesce(max(e.position), 0) + 1 from ${ident(root)} e
                  where e.${ident(group)} = (r->>${group})::int)))
               else r end)
               from jsonb_array_elements(b.rows) r)
         where b.entry_id = ${entry.id} and b.table_name = ${root}`);
    }

    for (const table of parentsFirst(tables, keys)) {
      // A dependant whose cascading parent is gone is left out; one whose other parent is gone
      // (a user's role) refuses the restore: the caller (in a transaction) undoes the rest.
      if (table !== root) {
        const kept = sql.join(
          parentsPresent(table, (k) => k.cascade),
          sql``,
        );
        const required = sql.join(
          parentsPresent(table, (k) => !k.cascade),
          sql``,
        );
        if (!(await none(sql`${source(table)} ${kept} and not (true ${required})`))) return false;
      }
      const names = columns.get(table) ?? [];
      const list = sql.join(
        names.map((c) => ident(c)),
        sql`, `,
      );
      const values = sql.join(
        names.map((c) => sql`x.${ident(c)}`),
        sql`, `,
      );
      await db.execute(sql`
        insert into ${ident(table)} (${list})
        select ${values} ${source(table)} ${sql.join(parentsPresent(table), sql``)}`);
    }
    return true;
  }

  async deleteEntry(db: Executor, id: number): Promise<void> {
    await db.delete(recycleBin).where(eq(recycleBin.id, id));
  }

  /**
   * Removes up to `limit` entries due for purging at `now`, skipping those another process holds;
   * returns their file keys.
   */
  async purgeDue(now: Date, limit = 50): Promise<{ id: number; fileKeys: string[] }[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: recycleBin.id, fileKeys: recycleBin.fileKeys })
        .from(recycleBin)
        .where(lte(recycleBin.purgeAt, now))
        .orderBy(recycleBin.purgeAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length > 0) {
        await tx.delete(recycleBin).where(
          inArray(
            recycleBin.id,
            due.map((d) => d.id),
          ),
        );
      }
      return due;
    });
  }
}
