import { recycleBinCommands } from "./recycle-bin-commands";
import { scormAttemptCommands } from "./scorm-attempt-commands";
import {
  materialSchema,
  optionalIntegerField,
  quizSettingsSchema,
  scormSettingsSchema,
  swapSchema,
  type MaterialType,
  type ScormSettings,
} from "@lms/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { command, defineResource, type Caller } from "../../lib/commands";
import { ApiError, invalidField, notFound } from "../../lib/errors";
import type { UploadedFile } from "../../lib/form";
import { MAX_ID, deleteInput, idField, idInput, listInput } from "../../lib/inputs";
import { listAnswer } from "../../lib/list";
import { sendStoredFile } from "../../lib/send-file";
import { newStorageKey, storeFromDisk } from "../../lib/storage";
import { sniffMaterialFile } from "../../lib/uploads";
import { ManifestError, launchFilePath, readManifest, type ScormManifest } from "../../lib/scorm";
import { ZipError, fileSource, listZip, type ZipItem, type ZipSource } from "../../lib/zip";
import { contentUrl, encodedPath } from "../../services/content-capabilities";
import {
  toMaterialRecord,
  type MaterialSource,
  type StoredFile,
} from "../../plugins/app/repositories/materials-repository";
import { sanitizePageHtml } from "../../lib/page-html";
import {
  assertMaterialReadable,
  editsCourse,
  listedMaterials,
} from "../../services/material-access";
import {
  assertCourseNotDeleting,
  deletionImpact,
  moveToBin,
  type BinRecord,
} from "../../services/recycle-bin";
import { scormSettingsOf } from "../../services/scorm-attempts";
import { modifiableCourse, viewerOf } from "./course";
import { by, exportColumns, filtersOf, sendCsv } from "./shared";

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

type MaterialRow = NonNullable<
  Awaited<ReturnType<FastifyInstance["repos"]["materials"]["findById"]>>
>;

const SCORM_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  xsd: "application/xml",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  webm: "video/webm",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  pdf: "application/pdf",
};

export function scormContentType(path: string): string {
  const ext = path.split(".").pop()?.toLowerCase() ?? "";
  return SCORM_TYPES[ext] ?? "application/octet-stream";
}

/** A file name fit for Content-Disposition: no path, no control characters, no quotes. */
export function displayName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 150);
  return clean || fallback;
}

export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored SCORM package's version and launch page, read from its imsmanifest.xml. */
export async function storedScorm(
  app: FastifyInstance,
  files: { path: string; storageKey: string }[],
): Promise<ScormManifest | null> {
  const manifest = files.find((f) => f.path === "imsmanifest.xml");
  const text = manifest ? await app.storage.get(manifest.storageKey) : undefined;
  if (!text) return null;
  try {
    return readManifest(text.toString("utf8"));
  } catch (error) {
    if (error instanceof ManifestError) return null;
    throw error;
  }
}

/** The upload field's error when a package is not SCORM 1.2 or 2004 or lacks its launch file. */
async function checkPackage(field: string, entries: ZipItem[]) {
  const manifest = entries.find((e) => e.path === "imsmanifest.xml");
  if (!manifest) throw invalidField(field, "materials.invalidPackage");
  const text = (await manifest.read()).toString("utf8");
  try {
    const { launch, scos } = readManifest(text);
    // Every SCO of a package with several launches from the zip as well as the first.
    for (const page of [launch, ...scos.map((sco) => sco.launch)]) {
      if (!entries.some((e) => e.path === launchFilePath(page))) {
        throw new ManifestError("materials.scormNoLaunch");
      }
    }
  } catch (error) {
    if (error instanceof ManifestError) throw invalidField(field, error.key);
    throw error;
  }
}

/**
 * Stores the upload of a file or SCORM material under server-generated names: a file is checked
 * by its bytes (documents, images, audio, video; nothing a browser would run); a package must be
 * a zip with imsmanifest.xml, its entries kept under one prefix.
 */
async function storeUpload(
  app: FastifyInstance,
  type: MaterialType,
  fileOf: (field: string) => UploadedFile | undefined,
  required: boolean,
): Promise<{ files: StoredFile[]; size: number } | null> {
  if (type !== "file" && type !== "scorm") return null;
  // The portal sends a SCORM package as `package`, a file as `file`; either part is read.
  const parts = type === "scorm" ? (["package", "file"] as const) : (["file"] as const);
  const field = parts.find((name) => (fileOf(name)?.size ?? 0) > 0) ?? parts[0];
  const file = fileOf(field);
  if (!file || file.size === 0) {
    if (required) throw invalidField(field, "validation.required");
    return null;
  }
  if (type === "file") {
    const checked = await sniffMaterialFile(file);
    if (!checked) throw invalidField("file", "validation.fileType");
    const storageKey = newStorageKey("materials", checked.extension);
    await storeFromDisk(app.storage, storageKey, file.path);
    return {
      size: file.size,
      files: [
        {
          path: displayName(file.filename, `file.${checked.extension}`),
          storageKey,
          contentType: checked.contentType,
          size: file.size,
        },
      ],
    };
  }
  // Checked from the central directory before anything is inflated; inflated one entry at a time.
  const refused = (error: unknown) => {
    if (error instanceof ZipError || error instanceof RangeError) {
      return invalidField(field, "materials.invalidPackage");
    }
    return error;
  };
  const source = await fileSource(file.path);
  try {
    return await storePackage(app, field, source, file.size, refused);
  } finally {
    await source.close();
  }
}

const STREAMED_ENTRY_BYTES = 4 * 1024 * 1024;

/** A SCORM package's entries, stored under one prefix (all of them, or none). */
async function storePackage(
  app: FastifyInstance,
  field: string,
  source: ZipSource,
  size: number,
  refused: (error: unknown) => unknown,
): Promise<{ files: StoredFile[]; size: number }> {
  let entries: ZipItem[];
  try {
    entries = await listZip(source, app.config.uploads.zip);
    await checkPackage(field, entries);
  } catch (error) {
    throw refused(error);
  }
  const prefix = newStorageKey("scorm");
  const files: StoredFile[] = [];
  for (const entry of entries) {
    const storageKey = `${prefix}/${entry.path
      .split("/")
      .map((p) =>
        encodeURIComponent(p)
          .toLowerCase()
          .replace(/[^a-z0-9._-]/g, "_"),
      )
      .join("/")}`;
    try {
      // Big entries (videos) stream into the store; small ones go whole.
      if (entry.size > STREAMED_ENTRY_BYTES)
        await app.storage.putStream(storageKey, entry.stream());
      else await app.storage.put(storageKey, await entry.read());
    } catch (error) {
      // A header that lied (or a store that failed): what was stored of the package goes.
      await app.storage.removePrefix(prefix);
      throw refused(error);
    }
    files.push({
      path: entry.path,
      storageKey,
      contentType: scormContentType(entry.path),
      size: entry.size,
    });
  }
  return { files, size };
}

/** A material whose course the caller may change (another school's: 404). */
async function modifiableMaterial(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  await modifiableCourse(app, caller, material.courseId);
  return material;
}

/** A material the caller may delete, as the recycle bin keeps it. */
async function materialToDelete(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  const course = await modifiableCourse(app, caller, material.courseId);
  const record: BinRecord = {
    resource: "material",
    id,
    label: material.name,
    code: null,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null,
  };
  return { material, record };
}

/** A material whose content the caller may read (services/material-access.ts). */
async function visibleMaterial(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  await assertMaterialReadable(app, caller, material);
  return material;
}

/** The material with what its type carries: page content, link, files, quiz. */
export async function materialDetail(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  options: { answers: boolean },
) {
  const files = await app.repos.materials.filesOf([material.id]);
  // Content URLs of the content origin, with a capability of the caller's session (issue 12):
  // minted only here, after the command's own access decision.
  const url = (path: string) => contentUrl(app, caller, material.id, path);
  const detail: Record<string, unknown> = {
    ...toMaterialRecord(material, true),
    files: files.map((f) => ({
      path: f.path,
      size: f.size,
      contentType: f.contentType,
      url: url(encodedPath(f.path)),
    })),
  };
  if (material.type === "scorm") {
    const scorm = await storedScorm(app, files);
    detail.launchUrl = url(scorm?.launch ?? "index.html");
    detail.scormVersion = scorm?.version ?? null;
    detail.scorm = scormSettingsOf(material);
  }
  if (material.type === "quiz") {
    const quiz = await app.repos.materials.quiz(material.id);
    detail.quiz = {
      attemptsAllowed: quiz.settings?.attemptsAllowed ?? 0,
      timeLimitMinutes: quiz.settings?.timeLimitMinutes ?? 0,
      passingGrade: quiz.settings?.passingGrade ?? 75,
      shuffle: quiz.settings?.shuffle ?? false,
      showCorrectAnswers: quiz.settings?.showCorrectAnswers ?? true,
      questions: quiz.questions.map((q) => ({
        id: String(q.id),
        type: q.type,
        prompt: q.prompt,
        points: q.points,
        choices: q.choices.map((c) => ({
          id: c.id,
          text: c.text,
          ...(options.answers ? { correct: c.correct } : {}),
        })),
        ...(options.answers ? { answers: q.answers } : {}),
      })),
    };
  }
  return detail;
}

/** Sends a stored file of a material with its type and a Content-Disposition. */
export async function sendMaterialFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { storageKey: string; contentType: string; path: string },
  disposition: "inline" | "attachment",
  csp: string,
): Promise<FastifyReply> {
  return sendStoredFile(app.storage, file.storageKey, request, reply, {
    "content-type": file.contentType,
    "content-disposition": contentDisposition(disposition, displayName(file.path, "file")),
    "cache-control": "private, no-cache",
    "content-security-policy": csp,
  });
}

/** `courseId`: one course's materials; without it every material the caller may see. */
const materialListInput = listInput("materials").extend({
  courseId: optionalIntegerField(1, MAX_ID),
});
const MATERIAL_FILTER_EXTRAS = ["elementId"] as const;

/** The course asked for (one the caller sees, else 404), or every course the caller sees. */
async function materialSource(
  app: FastifyInstance,
  caller: Caller,
  courseId: number | undefined,
): Promise<MaterialSource> {
  if (courseId === undefined) return { viewer: viewerOf(caller) };
  await assertCourseNotDeleting(app, courseId);
  const course = await app.repos.courses.find(courseId, viewerOf(caller));
  if (!course) throw notFound();
  return { courseId: course.id };
}

const materialUpdateSchema = materialSchema.safeExtend({ id: idField() });

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
const quizSettingsInput = quizSettingsSchema.extend({ id: idField() });

async function setPublished(app: FastifyInstance, caller: Caller, id: number, published: boolean) {
  await modifiableMaterial(app, caller, id);
  await app.repos.transaction((tx) =>
    app.repos.materials.update(tx, id, { published }, by(caller)),
  );
}

const authorOf = (caller: Caller) => `${caller.firstName} ${caller.lastName}`.trim();

export const materialResource = defineResource("material", {
  list: command({
    access: { module: "materials", right: "view" },
    input: materialListInput,
    async handler({ app, caller, input, form }) {
      const from = await materialSource(app, caller, input.courseId);
      const { rows, total } = await app.repos.materials.list(
        from,
        input,
        filtersOf(form, MATERIAL_FILTER_EXTRAS),
        listedMaterials(caller),
      );
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: command({
    access: { module: "materials", right: "view" },
    input: materialListInput,
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

  get: command({
    access: { module: "materials", right: "view" },
    input: idInput,
    async handler({ app, caller, input }) {
      const material = await visibleMaterial(app, caller, input.id);
      // A quiz's answers only to those who may change it (a global course's viewers may not).
      const answers = await editsCourse(app, caller, material.courseId);
      return { data: await materialDetail(app, caller, material, { answers }) };
    },
  }),

  create: command({
    access: { module: "materials", right: "add" },
    input: materialSchema,
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
            await app.repos.materials.setQuiz(tx, newId, quizSettingsSchema.parse({}), by(caller));
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

  update: command({
    access: { module: "materials", right: "modify" },
    input: materialUpdateSchema,
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
      try {
        await app.repos.transaction(async (tx) => {
          await app.repos.courses.lock(tx, existing.courseId);
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
          if (upload) await app.repos.materials.setFiles(tx, existing.id, upload.files, by(caller));
        });
      } catch (error) {
        if (upload) await app.storage.remove(upload.files.map((f) => f.storageKey));
        throw error;
      }
      await app.storage.remove(oldFiles.map((f) => f.storageKey));
      const material = (await app.repos.materials.findById(existing.id))!;
      return {
        message: "materials.updated",
        data: await materialDetail(app, caller, material, { answers: true }),
      };
    },
  }),

  impact: command({
    access: { module: "materials", right: "modify" },
    input: idInput,
    async handler({ app, caller, input }) {
      const { record } = await materialToDelete(app, caller, input.id);
      return { data: await deletionImpact(app, record) };
    },
  }),

  /** To the recycle bin with its files, progress and attempts (issue 13). */
  delete: command({
    access: { module: "materials", right: "modify" },
    input: deleteInput,
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

  ...recycleBinCommands("material", "materials", { byCourse: true }),

  ...scormAttemptCommands,

  publish: command({
    access: { module: "materials", right: "modify" },
    input: idInput,
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, true);
      return { message: "materials.published" };
    },
  }),

  unpublish: command({
    access: { module: "materials", right: "modify" },
    input: idInput,
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, false);
      return { message: "materials.unpublished" };
    },
  }),

  quizsettings: command({
    access: { module: "materials", right: "modify" },
    input: quizSettingsInput,
    async handler({ app, caller, input }) {
      const material = await modifiableMaterial(app, caller, input.id);
      if (material.type !== "quiz") throw invalidField("id", "validation.invalidValue");
      await app.repos.transaction(async (tx) => {
        await app.repos.materials.setQuiz(tx, material.id, input, by(caller));
        await app.repos.materials.update(tx, material.id, {}, by(caller));
      });
      return {
        message: "quiz.saved",
        data: await materialDetail(
          app,
          caller,
          (await app.repos.materials.findById(material.id))!,
          {
            answers: true,
          },
        ),
      };
    },
  }),

  swap: command({
    access: { module: "materials", right: "modify" },
    input: swapSchema,
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
        await app.repos.materials.swap(tx, a, b, by(caller));
      });
      return { message: "materials.updated" };
    },
  }),

  download: command({
    access: { module: "materials", right: "view" },
    input: idInput,
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
