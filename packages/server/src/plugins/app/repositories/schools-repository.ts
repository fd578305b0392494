import type { ListFilter, SchoolRecord } from "@lms/core";
import { eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import { rowsOf, type Db, type Executor } from "../../../db/client";
import { schools } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import type { JsonText } from "../../../lib/json-text";
import { ListPages, rowsByIds, specOrder } from "./list-pages";
import { created, updated, type Scope } from "./records";
import { toSchoolRecord, type SchoolWrite } from "../../../services/school-records";

export type SchoolRow = typeof schools.$inferSelect;
export const schoolsListSpec: ListSpec<"schools"> = {
  resource: "schools",
  sort: {
    schoolCode: schools.schoolCode,
    schoolName: schools.schoolName,
    city: schools.city,
    province: schools.province,
    region: schools.region,
    enabled: schools.enabled,
    createdAt: schools.createdAt,
    updatedAt: schools.updatedAt,
  },
  filters: {
    enabled: { column: schools.enabled, type: "bool" },
    sector: { column: schools.sector, type: "text" },
    region: { column: schools.region, type: "text" },
    province: { column: schools.province, type: "text" },
    city: { column: schools.city, type: "text" },
    subscriptionType: { column: schools.subscriptionType, type: "text" },
    requireParentAccount: { column: schools.requireParentAccount, type: "bool" },
  },
  search: schools.searchText,
  id: schools.id,
};

const scopeCondition = (scope: Scope) =>
  scope.schoolId === null ? undefined : eq(schools.id, scope.schoolId);

/**
 * The schools (SQL only): KeptSchoolList (read-models) holds them in memory and keeps the lists'
 * totals per version in front of it.
 */
export class SchoolsRepository {
  private readonly byIds: (ids: number[]) => Promise<SchoolRow[]>;

  /** @param pages how a page of a list is read (VersionedPages keeps its totals per version) */
  constructor(
    protected readonly db: Db,
    private readonly pages = new ListPages(db),
  ) {
    const columns = getTableColumns(schools);
    this.byIds = rowsByIds(db, "lms_schools_by_ids", schools, schools.id, columns);
  }

  /** Whether the schools are held in memory (KeptSchoolList). */
  memoryReady(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): void {}

  async findById(
    id: number,
    scope?: Scope,
    db: Executor = this.db,
  ): Promise<SchoolRow | undefined> {
    const [row] = await db
      .select()
      .from(schools)
      .where(whereAll([eq(schools.id, id), scope ? scopeCondition(scope) : undefined]))
      .limit(1);
    return row;
  }

  async list(
    input: ListInput,
    filters: ListFilter[],
    scope: Scope,
  ): Promise<{ rows: SchoolRecord[] | JsonText; total: number; fromMemory?: true }> {
    const where = whereAll([
      scopeCondition(scope),
      ...listConditions(schoolsListSpec, input, filters),
    ]);
    const { rows, total } = await this.pages.page(input, {
      tables: ["schools"],
      table: schools,
      id: schools.id,
      where,
      order: specOrder(schoolsListSpec, input),
      rows: this.byIds,
    });
    return { rows: rows.map(toSchoolRecord), total };
  }

  async *exportRows(input: ListInput, filters: ListFilter[], scope: Scope, batch = 2000) {
    const where = whereAll([
      scopeCondition(scope),
      ...listConditions(schoolsListSpec, input, filters),
    ]);
    for (let offset = 0; ; offset += batch) {
      const rows = await this.db
        .select()
        .from(schools)
        .where(where)
        .orderBy(...listOrder(schoolsListSpec, input))
        .limit(batch)
        .offset(offset);
      if (rows.length === 0) return;
      yield rows.map(toSchoolRecord);
      if (rows.length < batch) return;
    }
  }

  /** Every school the list request matches in the scope (bulk actions with allMatching). */
  async findMatching(
    input: ListInput,
    filters: ListFilter[],
    scope: Scope,
    db: Executor = this.db,
  ): Promise<SchoolRow[]> {
    const where = whereAll([
      scopeCondition(scope),
      ...listConditions(schoolsListSpec, input, filters),
    ]);
    return db.select().from(schools).where(where).orderBy(schools.id);
  }

  /** The schools among `ids` in the scope (bulk actions: a missing one is out of scope). */
  async findManyInScope(ids: number[], scope: Scope, db: Executor = this.db) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(schools)
      .where(whereAll([inArray(schools.id, ids), scopeCondition(scope)]));
  }

  /** The school with the lowest id, if any. */
  async first(db: Executor = this.db): Promise<SchoolRow | undefined> {
    const [row] = await db.select().from(schools).orderBy(schools.id).limit(1);
    return row;
  }

  /** The schools in the scope among `ids` or whose code is one of `codes` (lower case). */
  async findByIdsOrCodes(ids: number[], codes: string[], scope: Scope, db: Executor = this.db) {
    if (ids.length === 0 && codes.length === 0) return [];
    return db
      .select({ id: schools.id, schoolCode: schools.schoolCode })
      .from(schools)
      .where(
        whereAll([
          or(
            ids.length ? inArray(schools.id, ids) : undefined,
            codes.length ? inArray(sql`lower(${schools.schoolCode})`, codes) : undefined,
          ),
          scopeCondition(scope),
        ]),
      );
  }

  async setEnabledMany(db: Executor, ids: number[], enabled: boolean, by: string | null) {
    if (ids.length === 0) return;
    await db
      .update(schools)
      .set({ enabled, ...updated(by) })
      .where(inArray(schools.id, ids));
  }

  async create(db: Executor, values: SchoolWrite, by: string | null): Promise<number> {
    const [row] = await db
      .insert(schools)
      .values({ ...values, ...created(by) })
      .returning({ id: schools.id });
    return row!.id;
  }

  async update(db: Executor, id: number, values: Partial<SchoolWrite>, by: string | null) {
    await db
      .update(schools)
      .set({ ...values, ...updated(by) })
      .where(eq(schools.id, id));
  }

  async setLogo(db: Executor, id: number, key: string | null, by: string | null) {
    await db
      .update(schools)
      .set({ logo: key, ...updated(by) })
      .where(eq(schools.id, id));
  }

  /**
   * Every stored file that goes with a school: its logo, its users' photos, its courses' images
   * and their materials' files (the rows go by cascade; the files must be removed by name).
   */
  async fileKeys(db: Executor, id: number): Promise<string[]> {
    const rows = await rowsOf<{ key: string }>(
      db.execute(sql`
        select logo as key from schools where id = ${id} and logo is not null
        union all
        select photo from users where school_id = ${id} and photo is not null
        union all
        select image from courses where school_id = ${id} and image is not null
        union all
        select f.storage_key from material_files f
          join materials m on m.id = f.material_id
          join courses c on c.id = m.course_id
         where c.school_id = ${id}`),
    );
    return rows.map((r) => r.key);
  }

  async delete(db: Executor, id: number) {
    const [row] = await db.delete(schools).where(eq(schools.id, id)).returning();
    return row;
  }
}
