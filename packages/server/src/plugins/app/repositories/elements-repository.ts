import type { ElementType, ListFilter, Placement } from "@lms/core";
import { and, count, eq, gt, gte, max, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { courseElements } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  pageOf,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import { created, updated } from "./records";
import { toElementRecord } from "../../../services/element-records";

type ElementRow = typeof courseElements.$inferSelect;

const listSpec: ListSpec<"elements"> = {
  resource: "elements",
  sort: {
    position: courseElements.position,
    name: courseElements.name,
    type: courseElements.type,
    published: courseElements.published,
    createdAt: courseElements.createdAt,
  },
  filters: {
    type: { column: courseElements.type, type: "text" },
    published: { column: courseElements.published, type: "bool" },
  },
  search: sql`lower(${courseElements.name})`,
  id: courseElements.id,
};

/** Course elements, ordered by position: unique and gap-free per course. */
export class ElementsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, db: Executor = this.db): Promise<ElementRow | undefined> {
    const [row] = await db.select().from(courseElements).where(eq(courseElements.id, id)).limit(1);
    return row;
  }

  async list(courseId: number, input: ListInput, filters: ListFilter[], publishedOnly: boolean) {
    const where = whereAll([
      eq(courseElements.courseId, courseId),
      publishedOnly ? eq(courseElements.published, true) : undefined,
      ...listConditions(listSpec, input, filters),
    ]);
    const { limit, offset } = pageOf(input);
    const order = input.sortBy ? listOrder(listSpec, input) : [courseElements.position];
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(courseElements)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(courseElements).where(where),
    ]);
    return { rows: rows.map(toElementRecord), total: Number(total?.n ?? 0) };
  }

  async *exportRows(
    courseId: number,
    input: ListInput,
    filters: ListFilter[],
    publishedOnly: boolean,
  ) {
    const where = whereAll([
      eq(courseElements.courseId, courseId),
      publishedOnly ? eq(courseElements.published, true) : undefined,
      ...listConditions(listSpec, input, filters),
    ]);
    const order = input.sortBy ? listOrder(listSpec, input) : [courseElements.position];
    const rows = await this.db
      .select()
      .from(courseElements)
      .where(where)
      .orderBy(...order);
    yield rows.map(toElementRecord);
  }

  async allOf(courseId: number, db: Executor = this.db): Promise<ElementRow[]> {
    return db
      .select()
      .from(courseElements)
      .where(eq(courseElements.courseId, courseId))
      .orderBy(courseElements.position);
  }

  /**
   * Inserts an element at its placement (top, before or after another, bottom) and shifts the
   * others; the caller holds the course's lock.
   */
  async insertAt(
    db: Executor,
    values: { courseId: number; name: string; type: ElementType; published: boolean },
    placement: Placement,
    relative: ElementRow | undefined,
    by: string | null,
  ): Promise<number> {
    let position: number;
    if (placement === "top") position = 1;
    else if (placement === "before") position = relative!.position;
    else if (placement === "after") position = relative!.position + 1;
    else {
      const [row] = await db
        .select({ last: max(courseElements.position) })
        .from(courseElements)
        .where(eq(courseElements.courseId, values.courseId));
      position = (row?.last ?? 0) + 1;
    }
    await db
      .update(courseElements)
      .set({ position: sql`${courseElements.position} + 1` })
      .where(
        and(eq(courseElements.courseId, values.courseId), gte(courseElements.position, position)),
      );
    const [row] = await db
      .insert(courseElements)
      .values({ ...values, position, ...created(by) })
      .returning({ id: courseElements.id });
    return row!.id;
  }

  async update(
    db: Executor,
    id: number,
    values: Partial<Pick<ElementRow, "name" | "type" | "published">>,
    by: string | null,
  ) {
    await db
      .update(courseElements)
      .set({ ...values, ...updated(by) })
      .where(eq(courseElements.id, id));
  }

  /** Deletes an element and closes the gap it leaves. */
  async delete(db: Executor, element: ElementRow): Promise<void> {
    await db.delete(courseElements).where(eq(courseElements.id, element.id));
    await db
      .update(courseElements)
      .set({ position: sql`${courseElements.position} - 1` })
      .where(
        and(
          eq(courseElements.courseId, element.courseId),
          gt(courseElements.position, element.position),
        ),
      );
  }

  /** Exchanges the positions of two elements of one course (under the course's lock). */
  async swap(db: Executor, a: ElementRow, b: ElementRow, by: string | null): Promise<void> {
    await db
      .update(courseElements)
      .set({ position: b.position, ...updated(by) })
      .where(eq(courseElements.id, a.id));
    await db
      .update(courseElements)
      .set({ position: a.position, ...updated(by) })
      .where(eq(courseElements.id, b.id));
  }
}
