import { recycleBinCommands } from "./recycle-bin-commands";
import { CONTRACT, PERMISSION_MODULES, RIGHTS } from "@lms/core";
import { defineResource, implement } from "../../dispatch/commands";
import { ApiError, conflict, isUniqueViolation, notFound } from "../../lib/errors";
import type { FastifyInstance } from "fastify";
import { by, type Caller } from "../../services/caller";
import { listAnswer } from "../../lib/list";
import { deletionImpact, moveToBin, type BinRecord } from "../../services/recycle-bin";
import { assertMayEditRole } from "../../services/role-authority";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";
import { versionedWrite } from "../../services/record-versions";

const ROLE_FIELDS = [
  "id",
  "roleName",
  "description",
  "enabled",
  "builtIn",
  "permissions",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
] as const;

/**
 * A role the caller may delete: not built in (409), within the editing rules, given to no user
 * (409). Its bin entry carries the deleter's school, so that a school admin finds it there.
 */
async function roleToDelete(app: FastifyInstance, caller: Caller, id: number): Promise<BinRecord> {
  const existing = await app.repos.roles.get(id);
  if (!existing) throw notFound();
  if (existing.builtIn) throw new ApiError(409, "errors.builtInRole");
  await assertMayEditRole(app, caller, existing);
  if ((await app.repos.roles.usersWithRole(id)) > 0) throw new ApiError(409, "errors.roleInUse");
  return {
    resource: "role",
    id,
    label: existing.roleName,
    code: null,
    schoolId: caller.schoolId,
    courseId: null,
    roleId: id,
  };
}

const role = CONTRACT.role;

export const roleResource = defineResource("role", {
  list: implement(role.list, {
    async handler({ app, input, form }) {
      const { rows, total } = await app.repos.roles.list(input, filtersOf(form, ["enabled"]));
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(role.export, {
    handler: async ({ app, input, form, reply }) =>
      sendCsv(
        reply,
        "roles.csv",
        exportColumns(input.columns, ROLE_FIELDS),
        app.repos.roles.exportRows(input, filtersOf(form, ["enabled"])),
      ),
  }),

  get: implement(role.get, {
    async handler({ app, input }) {
      const role = await app.repos.roles.get(input.id);
      if (!role) throw notFound();
      return { data: role };
    },
  }),

  /** The permission matrix's rows and columns, with their catalogue keys. */
  modules: implement(role.modules, {
    async handler() {
      return {
        data: {
          modules: PERMISSION_MODULES.map((module) => ({
            module,
            labelKey: `roles.module.${module}`,
          })),
          rights: RIGHTS.map((right) => ({ right, labelKey: `roles.right.${right}` })),
        },
      };
    },
  }),

  create: implement(role.create, {
    async handler({ app, caller, input }) {
      // A role can grant nothing its author lacks (services/role-authority).
      await assertMayEditRole(app, caller, null, input.permissions);
      try {
        const id = await app.repos.transaction((tx) =>
          app.repos.roles.create(tx, input, by(caller)),
        );
        return { message: "roles.created", data: await app.repos.roles.get(id) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.roleCreateConflict");
        throw error;
      }
    },
  }),

  update: implement(role.update, {
    stored: (app, id) => app.repos.roles.get(id),
    async handler({ app, caller, input }) {
      const existing = await app.repos.roles.get(input.id);
      if (!existing) throw notFound();
      // Nobody edits their own role, one above them, or (bound to a school) one other schools
      // use; the rights given are within the editor's (services/role-authority).
      await assertMayEditRole(app, caller, existing, input.permissions);
      try {
        const target = {
          record: "roles",
          id: input.id,
          version: input.version,
          current: () => app.repos.roles.get(input.id),
        } as const;
        await versionedWrite(app, target, (tx) =>
          app.repos.roles.update(tx, input.id, input, by(caller)),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.roleUpdateConflict");
        throw error;
      }
      return { message: "roles.updated", data: await app.repos.roles.get(input.id) };
    },
  }),

  impact: implement(role.impact, {
    async handler({ app, caller, input }) {
      return { data: await deletionImpact(app, await roleToDelete(app, caller, input.id)) };
    },
  }),

  /** To the recycle bin with its permissions (issue 13); a role still given to users stays. */
  delete: implement(role.delete, {
    async handler({ app, caller, input }) {
      const record = await roleToDelete(app, caller, input.id);
      const binId = await app.repos.transaction((tx) =>
        moveToBin(app, tx, record, by(caller), () => app.repos.roles.delete(input.id, tx)),
      );
      return { message: "roles.deleted", data: { binIds: [binId] } };
    },
  }),

  ...recycleBinCommands("role", role),

  setstatus: implement(role.setstatus, {
    async handler({ app, caller, input }) {
      const existing = await app.repos.roles.get(input.id);
      if (!existing) throw notFound();
      await assertMayEditRole(app, caller, existing);
      const enabled = input.status === "enabled";
      await app.repos.roles.setEnabled(input.id, enabled, by(caller));
      return { message: enabled ? "roles.enabled" : "roles.disabled" };
    },
  }),
});
