import type { ListFilter, MaterialRecord, MaterialType, ScormSettings } from "@lms/core";
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  max,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { courseElements, courses, materialFiles, materials } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  reverseInput,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import type { JsonText } from "../../../lib/json-text";
import { ListPages, rowsByIds } from "./list-pages";
import { courseAccess, courseAccessTables } from "./courses-repository";
import type { CourseViewer } from "../../../services/course-records";
import { toMaterialRecord } from "../../../services/material-records";
import { created, updated } from "./records";

type MaterialRow = typeof materials.$inferSelect;
type FileRow = typeof materialFiles.$inferSelect;

export interface MaterialWrite {
  courseId: number;
  elementId: number;
  name: string;
  type: MaterialType;
  url: string;
  content: string;
  size: number;
  author: string;
  published: boolean;
  /** A SCORM material's attempt settings. */
  scormSettings?: ScormSettings;
}

export interface StoredFile {
  path: string;
  storageKey: string;
  contentType: string;
  size: number;
}

export const materialsListSpec: ListSpec<"materials"> = {
  resource: "materials",
  sort: {
    name: materials.name,
    lastModified: materials.lastModified,
    size: materials.size,
    type: materials.type,
    author: materials.author,
    published: materials.published,
    position: materials.position,
    createdAt: materials.createdAt,
  },
  filters: {
    type: { column: materials.type, type: "text" },
    published: { column: materials.published, type: "bool" },
    elementId: { column: materials.elementId, type: "int" },
    courseId: { column: materials.courseId, type: "int" },
  },
  search: sql`lower(${materials.name} || ' ' || ${materials.author})`,
  id: materials.id,
};

/** Whose materials a list shows: one course's, or those of every course a viewer sees. */
export type MaterialSource = { courseId: number } | { viewer: CourseViewer };

/**
 * Which materials of the source are listed: only published materials of published elements of
 * published courses, or those plus every material of the courses an editor may change.
 */
export type MaterialVisibility = "published" | { editor: CourseViewer };

/**
 * A condition on a material's course or element, as a subquery by key: every material has exactly
 * one of each, so it matches what a join would, and an unfiltered page needs no join at all.
 */
const ofCourse = (condition: SQL | undefined) =>
  condition &&
  sql`exists (select 1 from ${courses} where ${courses.id} = ${materials.courseId} and ${condition})`;
const ofElement = (condition: SQL) =>
  sql`exists (select 1 from ${courseElements}
    where ${courseElements.id} = ${materials.elementId} and ${condition})`;

function visibilityWhere(visibility: MaterialVisibility): SQL | undefined {
  const published = and(
    eq(materials.published, true),
    ofElement(eq(courseElements.published, true)),
    ofCourse(eq(courses.published, true)),
  );
  if (visibility === "published") return published;
  const editable = ofCourse(courseAccess(visibility.editor, "modify"));
  return editable === undefined ? undefined : or(published, editable);
}

function sourceWhere(
  from: MaterialSource,
  input: ListInput,
  filters: ListFilter[],
  visibility: MaterialVisibility,
) {
  return whereAll([
    "courseId" in from
      ? eq(materials.courseId, from.courseId)
      : ofCourse(courseAccess(from.viewer, "view")),
    visibilityWhere(visibility),
    ...listConditions(materialsListSpec, input, filters),
  ]);
}

/** The tables a source and visibility read (a teacher's courses follow its load). */
function sourceTables(from: MaterialSource, visibility: MaterialVisibility): string[] {
  const viewers = [
    ...("viewer" in from ? [from.viewer] : []),
    ...(visibility === "published" ? [] : [visibility.editor]),
  ];
  const loads = viewers.some((v) => courseAccessTables(v).includes("user_loads"));
  return ["materials", "course_elements", "courses", ...(loads ? ["user_loads"] : [])];
}

/**
 * The asked order, else journey order (course, element position, material position; the sort
 * order does not turn it), `reversed` when a page is read from the far end.
 */
export function sourceOrder(input: ListInput, reversed = false) {
  if (input.sortBy) return listOrder(materialsListSpec, reversed ? reverseInput(input) : input);
  const direction = reversed ? desc : asc;
  return [
    direction(materials.courseId),
    direction(courseElements.position),
    direction(materials.position),
  ];
}

export const elementJoin = {
  table: courseElements,
  on: eq(courseElements.id, materials.elementId),
};

/** A listed material: every column but a page's HTML and the SCORM settings. */
const {
  content: _content,
  scormSettings: _settings,
  ...listedColumns
} = getTableColumns(materials);
export { listedColumns };
export type ListedRow = Omit<MaterialRow, "content" | "scormSettings">;

/**
 * Materials ordered by position: unique and gap-free per element (SQL only: KeptMaterialList, in
 * read-models, holds them in memory and keeps the lists' totals per version in front of it).
 */
export class MaterialsRepository {
  private readonly byIds: (ids: number[]) => Promise<ListedRow[]>;

  /** @param pages how a page of a list is read (VersionedPages keeps its totals per version) */
  constructor(
    protected readonly db: Db,
    private readonly pages = new ListPages(db),
  ) {
    this.byIds = rowsByIds(db, "lms_materials_by_ids", materials, materials.id, listedColumns);
  }

  /** Whether the materials are held in memory (KeptMaterialList). */
  memoryReady(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): void {}

  async findById(id: number, db: Executor = this.db): Promise<MaterialRow | undefined> {
    const [row] = await db.select().from(materials).where(eq(materials.id, id)).limit(1);
    return row;
  }

  /**
   * A page of materials: of one course (the caller may see it: checked by the command), or of
   * every course a viewer sees (the materials screen); `visibility` says which of them show.
   */
  async list(
    from: MaterialSource,
    input: ListInput,
    filters: ListFilter[],
    visibility: MaterialVisibility,
  ): Promise<{ rows: MaterialRecord[] | JsonText; total: number; fromMemory?: true }> {
    const where = sourceWhere(from, input, filters, visibility);
    const { rows, total } = await this.pages.page(input, {
      tables: sourceTables(from, visibility),
      table: materials,
      id: materials.id,
      where,
      order: (reversed) => sourceOrder(input, reversed),
      ...(input.sortBy ? {} : { join: elementJoin }),
      rows: this.byIds,
    });
    return { rows: rows.map((r) => toMaterialRecord(r)), total };
  }

  async *exportRows(
    from: MaterialSource,
    input: ListInput,
    filters: ListFilter[],
    visibility: MaterialVisibility,
  ) {
    const rows = await this.db
      .select({ material: materials })
      .from(materials)
      .innerJoin(elementJoin.table, elementJoin.on)
      .where(sourceWhere(from, input, filters, visibility))
      .orderBy(...sourceOrder(input));
    yield rows.map((r) => toMaterialRecord(r.material));
  }

  /** The course's materials in journey order: element position, then material position. */
  async inCourseOrder(courseId: number, publishedOnly: boolean) {
    return this.db
      .select({ material: materials, element: courseElements })
      .from(materials)
      .innerJoin(courseElements, eq(courseElements.id, materials.elementId))
      .where(
        whereAll([
          eq(materials.courseId, courseId),
          publishedOnly ? eq(materials.published, true) : undefined,
          publishedOnly ? eq(courseElements.published, true) : undefined,
        ]),
      )
      .orderBy(asc(courseElements.position), asc(materials.position));
  }

  async insert(db: Executor, values: MaterialWrite, by: string | null): Promise<number> {
    const [last] = await db
      .select({ last: max(materials.position) })
      .from(materials)
      .where(eq(materials.elementId, values.elementId));
    const [row] = await db
      .insert(materials)
      .values({ ...values, position: (last?.last ?? 0) + 1, ...created(by) })
      .returning({ id: materials.id });
    return row!.id;
  }

  async update(db: Executor, id: number, values: Partial<MaterialWrite>, by: string | null) {
    await db
      .update(materials)
      .set({ ...values, lastModified: new Date(), ...updated(by) })
      .where(eq(materials.id, id));
  }

  /** Moves a material to the bottom of another element, closing the gap it leaves. */
  async moveToElement(db: Executor, material: MaterialRow, elementId: number, by: string | null) {
    const [last] = await db
      .select({ last: max(materials.position) })
      .from(materials)
      .where(eq(materials.elementId, elementId));
    await db
      .update(materials)
      .set({ elementId, position: (last?.last ?? 0) + 1, ...updated(by) })
      .where(eq(materials.id, material.id));
    await this.closeGap(db, material);
  }

  private async closeGap(db: Executor, material: MaterialRow) {
    await db
      .update(materials)
      .set({ position: sql`${materials.position} - 1` })
      .where(
        and(eq(materials.elementId, material.elementId), gt(materials.position, material.position)),
      );
  }

  async delete(db: Executor, material: MaterialRow): Promise<void> {
    await db.delete(materials).where(eq(materials.id, material.id));
    await this.closeGap(db, material);
  }

  /** The positions an element's materials hold. */
  async positionsIn(elementId: number, db: Executor = this.db): Promise<number[]> {
    const rows = await db
      .select({ position: materials.position })
      .from(materials)
      .where(eq(materials.elementId, elementId));
    return rows.map((row) => row.position);
  }

  async swap(db: Executor, a: MaterialRow, b: MaterialRow, by: string | null): Promise<void> {
    await db
      .update(materials)
      .set({ position: b.position, ...updated(by) })
      .where(eq(materials.id, a.id));
    await db
      .update(materials)
      .set({ position: a.position, ...updated(by) })
      .where(eq(materials.id, b.id));
  }

  async setFiles(db: Executor, materialId: number, files: StoredFile[], by: string | null) {
    await db.delete(materialFiles).where(eq(materialFiles.materialId, materialId));
    for (let i = 0; i < files.length; i += 1000) {
      await db
        .insert(materialFiles)
        .values(files.slice(i, i + 1000).map((f) => ({ ...f, materialId, ...created(by) })));
    }
  }

  async filesOf(materialIds: number[], db: Executor = this.db): Promise<FileRow[]> {
    if (materialIds.length === 0) return [];
    return db.select().from(materialFiles).where(inArray(materialFiles.materialId, materialIds));
  }

  async file(materialId: number, path: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(materialFiles)
      .where(and(eq(materialFiles.materialId, materialId), eq(materialFiles.path, path)))
      .limit(1);
    return row;
  }
}
