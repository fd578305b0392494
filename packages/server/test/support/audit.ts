import type { AuditRecord } from "@lms/core";
import { expect } from "vitest";
import type { TestApp } from "../helper";

export const NEW_PASSWORD = "Zebra#Quartz2026!";
export const WRONG_PASSWORD = "Wrong#Guess7731";
export const LINK_PASSWORD = "Mango#Harbor4412";

export type ListAnswer = { data: AuditRecord[]; pagination: { totalcount: number } };

/** The audit tests' helpers, bound to a file's app and the admin's token. */
export function auditHelpers(t: () => TestApp, adminToken: () => string) {
  async function audit(
    token: string,
    fields: Record<string, string | number> = {},
    filters: Record<string, string> = {},
  ) {
    const entries: [string, string][] = Object.entries(filters).flatMap(([key, value]) => [
      ["filter[key]", key],
      ["filter[values][]", value],
    ]);
    return t().call<ListAnswer>(
      "audit",
      "list",
      { rowsPerPage: 50, ...fields },
      { token, entries },
    );
  }

  /** The newest record of a module and action. */
  async function latest(module: string, action: string): Promise<AuditRecord> {
    const answer = await audit(adminToken(), {}, { module, action });
    expect(answer.status, answer.payload).toBe(200);
    const record = answer.body.data!.data[0];
    expect(record, `${module} ${action}`).toBeDefined();
    return record!;
  }

  const school = (code: string, extra: Record<string, unknown> = {}) => ({
    schoolCode: code,
    schoolName: `School ${code}`,
    country: "Philippines",
    city: "Davao City",
    ...extra,
  });

  async function createSchool(code: string): Promise<number> {
    const created = await t().call<{ id: number }>("school", "create", school(code), {
      token: adminToken(),
    });
    expect(created.status, created.payload).toBe(200);
    return created.body.data!.id;
  }
  return { audit, latest, school, createSchool };
}
