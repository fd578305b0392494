import { CONTRACT, type SchoolValues } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors";
import type { UploadedFile } from "../../lib/form";
import { listAnswer, nameListSource } from "../../lib/list";
import { newStorageKey } from "../../lib/storage";
import { IMAGE_PART_BYTES, checkImage } from "../../lib/uploads";
import { toSchoolRecord, type SchoolWrite } from "../../services/school-records";
import {
  confirmDeletion,
  deletionImpact,
  moveToBin,
  type BinRecord,
} from "../../services/recycle-bin";
import { recycleBinCommands } from "./recycle-bin-commands";
import { bulkTargets } from "../../lib/bulk-targets";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";
import { by, scopeOf } from "../../services/caller";
import { versionedWrite } from "../../services/record-versions";

const SCHOOL_FIELDS = [
  "id",
  "schoolCode",
  "schoolName",
  "depedSchoolId",
  "sector",
  "address",
  "city",
  "cityMunicipality",
  "province",
  "barangay",
  "region",
  "country",
  "zipCode",
  "lmsUrl",
  "websiteUrl",
  "subscriptionType",
  "enabled",
  "requireParentAccount",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
] as const;

const FILTER_EXTRAS = ["enabled"] as const;

function schoolWrite(values: SchoolValues): SchoolWrite {
  return {
    schoolCode: values.schoolCode,
    schoolName: values.schoolName,
    depedSchoolId: values.depedSchoolId,
    sector: values.sector,
    address: values.address,
    city: values.city,
    cityMunicipality: values.cityMunicipality,
    province: values.province,
    barangay: values.barangay,
    region: values.region,
    country: values.country,
    zipCode: values.zipCode,
    lmsUrl: values.lmsUrl,
    websiteUrl: values.websiteUrl,
    subscriptionType: values.subscriptionType,
    enabled: values.enabled,
    requireParentAccount: values.requireParentAccount,
  };
}

async function storedSchool(app: FastifyInstance, id: number) {
  const row = await app.repos.schools.findById(id);
  return row && toSchoolRecord(row);
}

async function storeLogo(app: FastifyInstance, file: UploadedFile | undefined) {
  if (!file || file.size === 0) return undefined;
  const checked = await checkImage(file, "logo");
  const key = newStorageKey("logos", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}

async function schoolToDelete(app: FastifyInstance, id: number): Promise<BinRecord> {
  const school = await app.repos.schools.findById(id);
  if (!school) throw notFound();
  return {
    resource: "school",
    id,
    label: school.schoolName,
    code: school.schoolCode,
    schoolId: id,
    courseId: null,
    roleId: null,
  };
}

const school = CONTRACT.school;

export const schoolResource = defineResource("school", {
  list: implement(school.list, {
    async handler({ app, caller, input, form, reply }) {
      const { rows, total, fromMemory } = await app.repos.schools.list(
        input,
        filtersOf(form, FILTER_EXTRAS),
        scopeOf(caller),
      );
      nameListSource(reply, fromMemory && "memory");
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(school.export, {
    handler: async ({ app, caller, input, form, reply }) =>
      sendCsv(
        reply,
        "schools.csv",
        exportColumns(input.columns, SCHOOL_FIELDS),
        app.repos.schools.exportRows(input, filtersOf(form, FILTER_EXTRAS), scopeOf(caller)),
      ),
  }),

  get: implement(school.get, {
    async handler({ app, caller, input }) {
      const row = await app.repos.schools.findById(input.id, scopeOf(caller));
      if (!row) throw notFound();
      return { data: toSchoolRecord(row) };
    },
  }),

  create: implement(school.create, {
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const logo = await storeLogo(app, file("logo"));
      try {
        const id = await app.repos.transaction(async (tx) => {
          const newId = await app.repos.schools.create(tx, schoolWrite(input), by(caller));
          if (logo) await app.repos.schools.setLogo(tx, newId, logo, by(caller));
          return newId;
        });
        return {
          message: "schools.created",
          data: toSchoolRecord((await app.repos.schools.findById(id))!),
        };
      } catch (error) {
        if (logo) await app.storage.remove([logo]);
        if (isUniqueViolation(error)) throw conflict("errors.schoolCreateConflict");
        throw error;
      }
    },
  }),

  update: implement(school.update, {
    stored: storedSchool,
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const existing = await app.repos.schools.findById(input.id, scopeOf(caller));
      if (!existing) throw notFound();
      const values = schoolWrite(input);
      // Only a global user enables or disables a school (setstatus); a school admin keeps it.
      if (caller.schoolId !== null) values.enabled = existing.enabled;
      const logo = await storeLogo(app, file("logo"));
      try {
        const target = {
          record: "schools",
          id: input.id,
          version: input.version,
          current: () => storedSchool(app, input.id),
        } as const;
        await versionedWrite(app, target, async (tx) => {
          await app.repos.schools.update(tx, input.id, values, by(caller));
          if (logo) await app.repos.schools.setLogo(tx, input.id, logo, by(caller));
        });
      } catch (error) {
        if (logo) await app.storage.remove([logo]);
        if (isUniqueViolation(error)) throw conflict("errors.schoolUpdateConflict");
        throw error;
      }
      if (logo && existing.logo) await app.storage.remove([existing.logo]);
      return {
        message: "schools.updated",
        data: toSchoolRecord((await app.repos.schools.findById(input.id))!),
      };
    },
  }),

  impact: implement(school.impact, {
    async handler({ app, input }) {
      return { data: await deletionImpact(app, await schoolToDelete(app, input.id)) };
    },
  }),

  /** To the recycle bin with its users, courses and their progress (issue 13). */
  delete: implement(school.delete, {
    async handler({ app, caller, input }) {
      const record = await schoolToDelete(app, input.id);
      await confirmDeletion(app, record, input.confirmCode);
      const binId = await app.repos.transaction(async (tx) => {
        if (!(await app.repos.schools.findById(input.id, undefined, tx))) throw notFound();
        return moveToBin(app, tx, record, by(caller), () => app.repos.schools.delete(tx, input.id));
      });
      return { message: "schools.deleted", data: { binIds: [binId] } };
    },
  }),

  ...recycleBinCommands("school", school),

  setstatus: implement(school.setstatus, {
    async handler({ app, caller, input, form }) {
      const enabled = input.status === "enabled";
      const count = await app.repos.transaction(async (tx) => {
        const targets = bulkTargets(form, input.id);
        let rows;
        if ("allMatching" in targets) {
          rows = await app.repos.schools.findMatching(
            input,
            filtersOf(form, FILTER_EXTRAS),
            scopeOf(caller),
            tx,
          );
        } else {
          rows = await app.repos.schools.findManyInScope(targets.ids, scopeOf(caller), tx);
          if (rows.length !== targets.ids.length) throw notFound();
        }
        const ids = rows.map((r) => r.id);
        await app.repos.schools.setEnabledMany(tx, ids, enabled, by(caller));
        return ids.length;
      });
      return { message: enabled ? "schools.enabled" : "schools.disabled", data: { count } };
    },
  }),
});
