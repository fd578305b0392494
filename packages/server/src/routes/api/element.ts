import { recycleBinCommands } from "./recycle-bin-commands";
import { CONTRACT, ROLE_IDS, type MaterialRecord } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import { by, type Caller } from "../../services/caller";
import { conflict, invalidField, isUniqueViolation, notFound } from "../../lib/errors";
import { listAnswer } from "../../lib/list";
import { toElementRecord } from "../../services/element-records";
import { checkSwapPositions } from "../../services/swap-positions";
import { toMaterialRecord } from "../../services/material-records";
import {
  assertCourseNotDeleting,
  deletionImpact,
  moveToBin,
  type BinRecord,
} from "../../services/recycle-bin";
import { modifiableCourse, viewerOf } from "../../services/viewer";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";
import { versionedWrite } from "../../services/record-versions";

const ELEMENT_FIELDS = [
  "id",
  "courseId",
  "name",
  "type",
  "position",
  "published",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
] as const;

const spec = CONTRACT.element;

async function storedElement(app: FastifyInstance, id: number) {
  const row = await app.repos.elements.findById(id);
  return row && toElementRecord(row);
}

/** An element the caller may change: its course must be one the caller may change. */
async function modifiableElement(app: FastifyInstance, caller: Caller, id: number) {
  const element = await app.repos.elements.findById(id);
  if (!element) throw notFound();
  await modifiableCourse(app, caller, element.courseId);
  return element;
}

/** An element the caller may delete, as the recycle bin keeps it. */
async function elementToDelete(app: FastifyInstance, caller: Caller, id: number) {
  const element = await app.repos.elements.findById(id);
  if (!element) throw notFound();
  const course = await modifiableCourse(app, caller, element.courseId);
  const record: BinRecord = {
    resource: "element",
    id,
    label: element.name,
    code: null,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null,
  };
  return { element, record };
}

async function setPublished(app: FastifyInstance, caller: Caller, id: number, published: boolean) {
  await modifiableElement(app, caller, id);
  await app.repos.transaction((tx) => app.repos.elements.update(tx, id, { published }, by(caller)));
}

export const elementResource = defineResource("element", {
  list: implement(spec.list, {
    async handler({ app, caller, input, form }) {
      await assertCourseNotDeleting(app, input.courseId);
      const course = await app.repos.courses.find(input.courseId, viewerOf(caller));
      if (!course) throw notFound();
      const studentOnly = caller.roleId === ROLE_IDS.student;
      const [{ rows, total }, inOrder] = await Promise.all([
        app.repos.elements.list(course.id, input, filtersOf(form), studentOnly),
        app.repos.materials.inCourseOrder(course.id, studentOnly),
      ]);
      // docs/API-DETAILS.md: each element carries its materials in position order.
      const byElement = new Map<number, MaterialRecord[]>();
      for (const { material } of inOrder) {
        const list = byElement.get(material.elementId) ?? [];
        list.push(toMaterialRecord(material));
        byElement.set(material.elementId, list);
      }
      const withMaterials = rows.map((row) => ({ ...row, materials: byElement.get(row.id) ?? [] }));
      return { data: listAnswer(input, withMaterials, total) };
    },
  }),

  export: implement(spec.export, {
    async handler({ app, caller, input, form, reply }) {
      await assertCourseNotDeleting(app, input.courseId);
      const course = await app.repos.courses.find(input.courseId, viewerOf(caller));
      if (!course) throw notFound();
      return sendCsv(
        reply,
        "course-elements.csv",
        exportColumns(input.columns, ELEMENT_FIELDS),
        app.repos.elements.exportRows(
          course.id,
          input,
          filtersOf(form),
          caller.roleId === ROLE_IDS.student,
        ),
      );
    },
  }),

  create: implement(spec.create, {
    async handler({ app, caller, input }) {
      await modifiableCourse(app, caller, input.courseId);
      try {
        const id = await app.repos.transaction(async (tx) => {
          await app.repos.courses.lock(tx, input.courseId);
          let relative;
          if (input.placement === "before" || input.placement === "after") {
            relative = await app.repos.elements.findById(input.relativeTo!, tx);
            // The element to place next to must be in the same course (issue 4: every id).
            if (!relative || relative.courseId !== input.courseId) {
              throw invalidField("relativeTo", "validation.invalidValue");
            }
          }
          return app.repos.elements.insertAt(
            tx,
            {
              courseId: input.courseId,
              name: input.name,
              type: input.type,
              published: input.published,
            },
            input.placement,
            relative,
            by(caller),
          );
        });
        return {
          message: "elements.created",
          data: toElementRecord((await app.repos.elements.findById(id))!),
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.elementCreateConflict");
        throw error;
      }
    },
  }),

  update: implement(spec.update, {
    stored: storedElement,
    async handler({ app, caller, input }) {
      await modifiableElement(app, caller, input.id);
      try {
        const target = {
          record: "elements",
          id: input.id,
          version: input.version,
          current: () => storedElement(app, input.id),
        } as const;
        await versionedWrite(app, target, (tx) =>
          app.repos.elements.update(
            tx,
            input.id,
            { name: input.name, type: input.type },
            by(caller),
          ),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.elementUpdateConflict");
        throw error;
      }
      return {
        message: "elements.updated",
        data: toElementRecord((await app.repos.elements.findById(input.id))!),
      };
    },
  }),

  impact: implement(spec.impact, {
    async handler({ app, caller, input }) {
      const { record } = await elementToDelete(app, caller, input.id);
      return { data: await deletionImpact(app, record) };
    },
  }),

  /** To the recycle bin with its materials and their progress (issue 13). */
  delete: implement(spec.delete, {
    async handler({ app, caller, input }) {
      const { element, record } = await elementToDelete(app, caller, input.id);
      // (Inside a transaction only `tx` may be used: PGlite has one connection.)
      const binId = await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, element.courseId);
        const current = await app.repos.elements.findById(input.id, tx);
        if (!current) throw notFound();
        return moveToBin(app, tx, record, by(caller), () => app.repos.elements.delete(tx, current));
      });
      return { message: "elements.deleted", data: { binIds: [binId] } };
    },
  }),

  ...recycleBinCommands("element", spec, { byCourse: true }),

  publish: implement(spec.publish, {
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, true);
      return { message: "elements.published" };
    },
  }),

  unpublish: implement(spec.unpublish, {
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, false);
      return { message: "elements.unpublished" };
    },
  }),

  /**
   * SPEC.md §7 swap: exchanges the positions of two elements of one course. The positions the
   * client sent are informational; the database's own are swapped under the course's lock, so
   * concurrent swaps keep positions unique and gap-free.
   */
  swap: implement(spec.swap, {
    async handler({ app, caller, input }) {
      const from = await modifiableElement(app, caller, input.swap_from.id);
      const to = await app.repos.elements.findById(input.swap_to.id);
      if (!to) throw notFound();
      if (to.courseId !== from.courseId) throw invalidField("swap_to", "validation.invalidValue");
      await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, from.courseId);
        const a = await app.repos.elements.findById(from.id, tx);
        const b = await app.repos.elements.findById(to.id, tx);
        if (!a || !b) throw notFound();
        const held = (await app.repos.elements.allOf(from.courseId, tx)).map((e) => e.position);
        checkSwapPositions(input, { from: a.position, to: b.position }, held);
        await app.repos.elements.swap(tx, a, b, by(caller));
      });
      return { message: "elements.moved" };
    },
  }),
});
