import { BULK_UPLOAD_COLUMNS } from "@lms/core";
import { expect } from "vitest";
import type { TestApp } from "../helper";

/** The attack tests' helpers, bound to a file's app and the admin's token. */
export function attackHelpers(t: () => TestApp, adminToken: () => string) {
  const user = async (userName: string) => (await t().app.repos.users.findForLogin(userName))!;

  const signIn = (userName: string, password: string) =>
    t().call("user", "login", { userName, password });

  /** A user of `roleId` in school 1 with a password, signed in; returns its token. */
  async function signedInUser(userName: string, roleId: number, schoolId = 1): Promise<string> {
    const created = await t().call(
      "user",
      "create",
      {
        firstName: "Eva",
        lastName: "Cruz",
        userName,
        email: `${userName}@example.edu.ph`,
        roleId,
        schoolId,
      },
      { token: adminToken() },
    );
    expect(created.status, created.payload).toBe(200);
    const password = "Custom@Role-2026";
    const set = await t().call(
      "user",
      "changepassword",
      { userId: await t().userId(userName), newPassword: password, confirmPassword: password },
      { token: adminToken() },
    );
    expect(set.status).toBe(200);
    return t().login(userName, password);
  }

  /** A custom role made by the admin; returns its id. */
  async function customRole(roleName: string, permissions: object): Promise<number> {
    const answer = await t().call<{ id: number }>(
      "role",
      "create",
      { roleName, permissions },
      { token: adminToken() },
    );
    expect(answer.status, answer.payload).toBe(200);
    return answer.body.data!.id;
  }

  /** The fields of the user form for a seeded user, as its details give them. */
  async function formOf(userName: string): Promise<Record<string, unknown>> {
    const record = await t().call<Record<string, unknown>>(
      "user",
      "get",
      { id: await t().userId(userName) },
      { token: adminToken() },
    );
    return {
      ...record.body.data!,
      assignedLoad: record.body.data!.assignedLoad as object,
      children: [],
      parent: undefined,
      schoolId: record.body.data!.schoolId ?? undefined,
    };
  }

  const upload = (file: string, token: string) =>
    t().call<{ rows: { line: number; errors: { field: string; code: string }[] }[] }>(
      "user",
      "bulkupload",
      { mode: "upsert" },
      { token, files: { file: { data: file, filename: "users.csv", type: "text/csv" } } },
    );
  return { user, signIn, signedInUser, customRole, formOf, upload };
}

export function csv(rows: Record<string, string>[]): string {
  return [
    BULK_UPLOAD_COLUMNS.join(","),
    ...rows.map((r) => BULK_UPLOAD_COLUMNS.map((c) => r[c] ?? "").join(",")),
  ].join("\n");
}
