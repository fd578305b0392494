import { recycleBinCommands } from "./recycle-bin-commands";
import { scormAttemptCommands } from "./scorm-attempt-commands";
import { CONTRACT, quizSettingsSchema, scormSettingsSchema, type ScormSettings } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import type { Tx } from "../../db/client";
import { by, type Caller } from "../../services/caller";
import { ApiError, invalidField, notFound } from "../../lib/errors";
import { listAnswer, nameListSource } from "../../lib/list";
import { sendMaterialFile } from "../../lib/content-files";
import { sanitizePageHtml } from "../../lib/page-html";
import { editsCourse, listedMaterials } from "../../services/material-access";
import { toMaterialRecord } from "../../services/material-records";
import { storeUpload } from "../../services/material-packages";
import { checkSwapPositions } from "../../services/swap-positions";
import {
  materialDetail,
  materialSource,
  materialToDelete,
  modifiableMaterial,
  visibleMaterial,
} from "../../services/materials";
import { deletionImpact, moveToBin } from "../../services/recycle-bin";
import { scormSettingsOf } from "../../services/scorm-attempts";
import { modifiableCourse } from "../../services/viewer";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";
import { versionedWrite } from "../../services/record-versions";

const MATERIAL_FIELDS = [
  "id",
  "courseId",
  "elementId",
  "name",
  "type",
  "size",
  "author",
  "position",
  "published",
  "lastModified",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
] as const;

const spec = CONTRACT.material;

/** A material's detail as its editor reads it (answers included). */
async function storedMaterial(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  return material && materialDetail(app, caller, material, { answers: true });
}
const MATERIAL_FILTER_EXTRAS = ["elementId"] as const;

/** The SCORM settings a create or update names (the others: defaults, or kept). */
function scormFieldsOf(input: {
  attemptsAllowed?: number | undefined;
  grading?: ScormSettings["grading"] | undefined;
  newAttempt?: ScormSettings["newAttempt"] | undefined;
  completion?: ScormSettings["completion"] | undefined;
  minScore?: number | undefined;
}): Partial<ScormSettings> {
  const fields: Partial<ScormSettings> = {};
  if (input.attemptsAllowed !== undefined) fields.attemptsAllowed = input.attemptsAllowed;
  if (input.grading !== undefined) fields.grading = input.grading;
  if (input.newAttempt !== undefined) fields.newAttempt = input.newAttempt;
  if (input.completion !== undefined) fields.completion = input.completion;
  if (input.minScore !== undefined) fields.minScore = input.minScore;
  return fields;
}

async function setPublished(app: FastifyInstance, caller: Caller, id: number, published: boolean) {
  await modifiableMaterial(app, caller, id);
  await app.repos.transaction((tx) =>
    app.repos.materials.update(tx, id, { published }, by(caller)),
  );
}

const authorOf = (caller: Caller) => `${caller.firstName} ${caller.lastName}`.trim();

export const materialResource = defineResource("material", {
  list: implement(spec.list, {
    async handler({ app, caller, input, form, reply }) {
      const from = await materialSource(app, caller, input.courseId);
      const { rows, total, fromMemory } = await app.repos.materials.list(
        from,
        input,
        filtersOf(form, MATERIAL_FILTER_EXTRAS),
        listedMaterials(caller),
      );
      nameListSource(reply, fromMemory && "memory");
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(spec.export, {
    async handler({ app, caller, input, form, reply }) {
      const from = await materialSource(app, caller, input.courseId);
      return sendCsv(
        reply,
        "materials.csv",
        exportColumns(input.columns, MATERIAL_FIELDS),
        app.repos.materials.exportRows(
          from,
          input,
          filtersOf(form, MATERIAL_FILTER_EXTRAS),
          listedMaterials(caller),
        ),
      );
    },
  }),

  get: implement(spec.get, {
    async handler({ app, caller, input }) {
      const material = await visibleMaterial(app, caller, input.id);
      // A quiz's answers only to those who may change it (a global course's viewers may not).
      const answers = await editsCourse(app, caller, material.courseId);
      return { data: await materialDetail(app, caller, material, { answers }) };
    },
  }),

  create: implement(spec.create, {
    maxFileBytes: "materials",
    async handler({ app, caller, input, file }) {
      await modifiableCourse(app, caller, input.courseId);
      const element = await app.repos.elements.findById(input.elementId);
      // The element must be in that course: a material is never created in another course.
      if (!element || element.courseId !== input.courseId) {
        throw invalidField("elementId", "validation.invalidValue");
      }
      const upload = await storeUpload(app, input.type, file, true);
      // A page's HTML is kept sanitised (the API serves other apps than the portal).
      const content = input.type === "page" ? sanitizePageHtml(input.content) : "";
      try {
        const id = await app.repos.transaction(async (tx) => {
          await app.repos.courses.lock(tx, input.courseId);
          const newId = await app.repos.materials.insert(
            tx,
            {
              courseId: input.courseId,
              elementId: input.elementId,
              name: input.name,
              type: input.type,
              url: input.type === "link" ? input.url : "",
              content,
              size: upload?.size ?? (input.type === "page" ? Buffer.byteLength(content) : 0),
              author: authorOf(caller),
              published: input.published,
              ...(input.type === "scorm"
                ? { scormSettings: scormSettingsSchema.parse(scormFieldsOf(input)) }
                : {}),
            },
            by(caller),
          );
          if (upload) await app.repos.materials.setFiles(tx, newId, upload.files, by(caller));
          if (input.type === "quiz") {
            await app.repos.quizzes.setQuiz(tx, newId, quizSettingsSchema.parse({}), by(caller));
          }
          return newId;
        });
        const material = (await app.repos.materials.findById(id))!;
        return {
          message: "materials.created",
          data: await materialDetail(app, caller, material, { answers: true }),
        };
      } catch (error) {
        if (upload) await app.storage.remove(upload.files.map((f) => f.storageKey));
        throw error;
      }
    },
  }),

  update: implement(spec.update, {
    // A field not sent keeps its stored value (a link's URL, a page's content, published).
    stored: async (app, id) => {
      const row = await app.repos.materials.findById(id);
      return row && toMaterialRecord(row, true);
    },
    maxFileBytes: "materials",
    async handler({ app, caller, input, file }) {
      const existing = await modifiableMaterial(app, caller, input.id);
      if (input.courseId !== existing.courseId)
        throw invalidField("courseId", "validation.invalidValue");
      if (input.type !== existing.type) throw invalidField("type", "validation.invalidValue");
      const element = await app.repos.elements.findById(input.elementId);
      if (!element || element.courseId !== existing.courseId) {
        throw invalidField("elementId", "validation.invalidValue");
      }
      const upload = await storeUpload(app, input.type, file, false);
      const content = input.type === "page" ? sanitizePageHtml(input.content) : "";
      const oldFiles = upload ? await app.repos.materials.filesOf([existing.id]) : [];
      const target = {
        record: "materials",
        id: existing.id,
        version: input.version,
        current: () => storedMaterial(app, caller, existing.id),
      } as const;
      const lockCourse = (tx: Tx) => app.repos.courses.lock(tx, existing.courseId);
      try {
        await versionedWrite(
          app,
          target,
          async (tx) => {
            const current = (await app.repos.materials.findById(existing.id, tx))!;
            if (current.elementId !== input.elementId) {
              await app.repos.materials.moveToElement(tx, current, input.elementId, by(caller));
            }
            await app.repos.materials.update(
              tx,
              existing.id,
              {
                name: input.name,
                url: input.type === "link" ? input.url : "",
                content,
                published: input.published,
                author: authorOf(caller),
                ...(input.type === "scorm"
                  ? {
                      scormSettings: {
                        ...scormSettingsOf(current),
                        ...scormFieldsOf(input),
                      },
                    }
                  : {}),
                ...(upload
                  ? { size: upload.size }
                  : input.type === "page"
                    ? { size: Buffer.byteLength(content) }
                    : {}),
              },
              by(caller),
            );
            if (upload)
              await app.repos.materials.setFiles(tx, existing.id, upload.files, by(caller));
          },
          lockCourse,
        );
      } catch (error) {
        if (upload) await app.storage.remove(upload.files.map((f) => f.storageKey));
        throw error;
      }
      await app.storage.remove(oldFiles.map((f) => f.storageKey));
      return { message: "materials.updated", data: await storedMaterial(app, caller, existing.id) };
    },
  }),

  impact: implement(spec.impact, {
    async handler({ app, caller, input }) {
      const { record } = await materialToDelete(app, caller, input.id);
      return { data: await deletionImpact(app, record) };
    },
  }),

  /** To the recycle bin with its files, progress and attempts (issue 13). */
  delete: implement(spec.delete, {
    async handler({ app, caller, input }) {
      const { material, record } = await materialToDelete(app, caller, input.id);
      const binId = await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, material.courseId);
        const current = await app.repos.materials.findById(material.id, tx);
        if (!current) throw notFound();
        return moveToBin(app, tx, record, by(caller), () =>
          app.repos.materials.delete(tx, current),
        );
      });
      return { message: "materials.deleted", data: { binIds: [binId] } };
    },
  }),

  ...recycleBinCommands("material", spec, { byCourse: true }),

  ...scormAttemptCommands,

  publish: implement(spec.publish, {
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, true);
      return { message: "materials.published" };
    },
  }),

  unpublish: implement(spec.unpublish, {
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, false);
      return { message: "materials.unpublished" };
    },
  }),

  quizsettings: implement(spec.quizsettings, {
    async handler({ app, caller, input }) {
      const material = await modifiableMaterial(app, caller, input.id);
      if (material.type !== "quiz") throw invalidField("id", "validation.invalidValue");
      const target = {
        record: "materials",
        id: material.id,
        version: input.version,
        current: () => storedMaterial(app, caller, material.id),
      } as const;
      await versionedWrite(app, target, async (tx) => {
        await app.repos.quizzes.setQuiz(tx, material.id, input, by(caller));
        await app.repos.materials.update(tx, material.id, {}, by(caller));
      });
      return { message: "quiz.saved", data: await storedMaterial(app, caller, material.id) };
    },
  }),

  swap: implement(spec.swap, {
    async handler({ app, caller, input }) {
      const from = await modifiableMaterial(app, caller, input.swap_from.id);
      const to = await app.repos.materials.findById(input.swap_to.id);
      if (!to) throw notFound();
      if (to.elementId !== from.elementId) throw invalidField("swap_to", "validation.invalidValue");
      await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, from.courseId);
        const a = await app.repos.materials.findById(from.id, tx);
        const b = await app.repos.materials.findById(to.id, tx);
        if (!a || !b || a.elementId !== b.elementId) throw notFound();
        const held = await app.repos.materials.positionsIn(a.elementId, tx);
        checkSwapPositions(input, { from: a.position, to: b.position }, held);
        await app.repos.materials.swap(tx, a, b, by(caller));
      });
      return { message: "materials.updated" };
    },
  }),

  download: implement(spec.download, {
    async handler({ app, caller, input, request, reply }) {
      const material = await visibleMaterial(app, caller, input.id);
      if (material.type !== "file") throw new ApiError(404, "errors.notFound");
      const [file] = await app.repos.materials.filesOf([material.id]);
      if (!file) throw notFound();
      return sendMaterialFile(
        app,
        request,
        reply,
        file,
        "attachment",
        "default-src 'none'; sandbox",
      );
    },
  }),
});
