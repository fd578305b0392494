import type { BulkUploadLookup } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Caller } from "./caller";
import type { Scope } from "../plugins/app/repositories/records";

/**
 * Role names and school codes in a bulk upload (issue 13). A role found by name is the role of
 * that id, which the upload then checks through user-authority exactly as one given by id. A
 * school code is looked up only among the schools the caller reaches, so that a code outside
 * them is as unknown as one that does not exist: the answer reveals no other school's code.
 */
export async function bulkUploadLookup(
  app: FastifyInstance,
  caller: Caller,
  names: { roleNames: string[]; schoolCodes: string[] },
): Promise<BulkUploadLookup> {
  const [roles, schools] = await Promise.all([
    app.repos.roles.findByIdsOrNames([], names.roleNames),
    app.repos.schools.findByIdsOrCodes([], names.schoolCodes, reachOf(caller)),
  ]);
  return {
    roles: new Map(roles.map((role) => [role.roleName.toLowerCase(), role.id])),
    schools: new Map(schools.map((school) => [school.schoolCode.toLowerCase(), school.id])),
  };
}

/**
 * The names the rows' results show: each role's name, and each school's code when the caller
 * reaches that school (another school's code is never shown, whatever id a row gives).
 */
export async function bulkUploadLabels(
  app: FastifyInstance,
  caller: Caller,
  roleIds: number[],
  schoolIds: number[],
): Promise<{ roles: Map<number, string>; schools: Map<number, string> }> {
  const [roles, schools] = await Promise.all([
    app.repos.roles.findByIdsOrNames(roleIds, []),
    app.repos.schools.findByIdsOrCodes(schoolIds, [], reachOf(caller)),
  ]);
  return {
    roles: new Map(roles.map((role) => [role.id, role.roleName])),
    schools: new Map(schools.map((school) => [school.id, school.schoolCode])),
  };
}

/**
 * The school code a template's example rows carry: the school asked for when the caller reaches
 * it (an upload from that school's Users tab), else the caller's own, else the first school.
 */
export async function templateSchoolCode(
  app: FastifyInstance,
  caller: Caller,
  schoolId: number | undefined,
): Promise<string> {
  const reach = reachOf(caller);
  const asked = schoolId ?? caller.schoolId ?? undefined;
  if (asked !== undefined)
    return (await app.repos.schools.findById(asked, reach))?.schoolCode ?? "";
  return (await app.repos.schools.first())?.schoolCode ?? "";
}

const reachOf = (caller: Caller): Scope => ({ schoolId: caller.schoolId });
