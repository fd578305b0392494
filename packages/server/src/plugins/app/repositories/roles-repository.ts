import {
  PERMISSION_MODULES,
  emptyPermissions,
  type ListFilter,
  type Permissions,
  type RoleRecord,
} from "@lms/core";
import { count, eq, inArray, or } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { rolePermissions, roles, users } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  pageOf,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import { sql } from "drizzle-orm";
import { created, timestamps, updated } from "./records";

type RoleRow = typeof roles.$inferSelect;
type PermissionRow = typeof rolePermissions.$inferSelect;

const listSpec: ListSpec<"roles"> = {
  resource: "roles",
  sort: {
    roleName: roles.roleName,
    enabled: roles.enabled,
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt,
  },
  filters: {
    enabled: { column: roles.enabled, type: "bool" },
    builtIn: { column: roles.builtIn, type: "bool" },
  },
  search: sql`lower(${roles.roleName} || ' ' || ${roles.description})`,
  id: roles.id,
};

/** The permission matrix of rows (a missing module or right means no access). */
export function toPermissions(
  rows: Pick<PermissionRow, "module" | "access" | "add" | "view" | "modify">[],
): Permissions {
  const permissions = emptyPermissions();
  for (const row of rows) {
    if ((PERMISSION_MODULES as readonly string[]).includes(row.module)) {
      permissions[row.module as keyof Permissions] = {
        access: row.access,
        add: row.add,
        view: row.view,
        modify: row.modify,
      };
    }
  }
  return permissions;
}

function toRecord(row: RoleRow, permissions: Permissions): RoleRecord {
  return {
    id: row.id,
    roleName: row.roleName,
    description: row.description,
    enabled: row.enabled,
    builtIn: row.builtIn,
    permissions,
    version: row.version,
    ...timestamps(row),
  };
}

export interface RoleWrite {
  roleName: string;
  description: string;
  enabled: boolean;
  permissions: Permissions;
}

export class RolesRepository {
  constructor(private readonly db: Db) {}

  async permissionsOf(roleId: number, db: Executor = this.db): Promise<Permissions | undefined> {
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
    if (!role) return undefined;
    const rows = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    return toPermissions(rows);
  }

  async findById(id: number, db: Executor = this.db): Promise<RoleRow | undefined> {
    const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
    return row;
  }

  /** The roles among `ids` or whose name is one of `names` (lower case), with id and name. */
  async findByIdsOrNames(ids: number[], names: string[], db: Executor = this.db) {
    if (ids.length === 0 && names.length === 0) return [];
    return db
      .select({ id: roles.id, roleName: roles.roleName })
      .from(roles)
      .where(
        or(
          ids.length ? inArray(roles.id, ids) : undefined,
          names.length ? inArray(sql`lower(${roles.roleName})`, names) : undefined,
        ),
      );
  }

  async get(id: number): Promise<RoleRecord | undefined> {
    const role = await this.findById(id);
    if (!role) return undefined;
    const rows = await this.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
    return toRecord(role, toPermissions(rows));
  }

  async list(input: ListInput, filters: ListFilter[]) {
    const where = whereAll(listConditions(listSpec, input, filters));
    const { limit, offset } = pageOf(input);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(roles)
        .where(where)
        .orderBy(...listOrder(listSpec, input))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(roles).where(where),
    ]);
    return { rows: await this.withPermissions(rows), total: Number(total?.n ?? 0) };
  }

  async *exportRows(input: ListInput, filters: ListFilter[]) {
    const where = whereAll(listConditions(listSpec, input, filters));
    const rows = await this.db
      .select()
      .from(roles)
      .where(where)
      .orderBy(...listOrder(listSpec, input));
    yield await this.withPermissions(rows);
  }

  private async withPermissions(rows: RoleRow[]): Promise<RoleRecord[]> {
    if (rows.length === 0) return [];
    const permissionRows = await this.db
      .select()
      .from(rolePermissions)
      .where(
        inArray(
          rolePermissions.roleId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((row) =>
      toRecord(row, toPermissions(permissionRows.filter((p) => p.roleId === row.id))),
    );
  }

  async create(db: Executor, values: RoleWrite, by: string | null, id?: number): Promise<number> {
    const [row] = await db
      .insert(roles)
      .values({
        ...(id === undefined ? {} : { id, builtIn: true }),
        roleName: values.roleName,
        description: values.description,
        enabled: values.enabled,
        ...created(by),
      })
      .returning({ id: roles.id });
    await this.setPermissions(db, row!.id, values.permissions, by);
    return row!.id;
  }

  async update(db: Executor, id: number, values: RoleWrite, by: string | null): Promise<void> {
    await db
      .update(roles)
      .set({
        roleName: values.roleName,
        description: values.description,
        enabled: values.enabled,
        ...updated(by),
      })
      .where(eq(roles.id, id));
    await this.setPermissions(db, id, values.permissions, by);
  }

  async setPermissions(db: Executor, roleId: number, permissions: Permissions, by: string | null) {
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    await db.insert(rolePermissions).values(
      PERMISSION_MODULES.map((module) => ({
        roleId,
        module,
        ...permissions[module],
        ...created(by),
      })),
    );
  }

  async setEnabled(id: number, enabled: boolean, by: string | null): Promise<void> {
    await this.db
      .update(roles)
      .set({ enabled, ...updated(by) })
      .where(eq(roles.id, id));
  }

  async usersWithRole(id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(eq(users.roleId, id));
    return Number(row?.n ?? 0);
  }

  /** The schools of the users who hold the role (null: a global user holds it). */
  async schoolsOfHolders(id: number): Promise<(number | null)[]> {
    const rows = await this.db
      .selectDistinct({ schoolId: users.schoolId })
      .from(users)
      .where(eq(users.roleId, id));
    return rows.map((r) => r.schoolId);
  }

  async delete(id: number, db: Executor = this.db): Promise<void> {
    await db.delete(roles).where(eq(roles.id, id));
  }
}
