import { fullPermissions, emptyPermissions } from "@lms/core";
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { PNG } from "./support/files";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
});

const school = (code: string, extra: Record<string, unknown> = {}) => ({
  schoolCode: code,
  schoolName: `School ${code}`,
  country: "Philippines",
  city: "Davao City",
  ...extra,
});

describe("schools", () => {
  it("creates, lists, updates, disables and deletes a school", async () => {
    const created = await t().call<{ id: number; enabled: boolean; createdBy: string }>(
      "school",
      "create",
      school("DNHS"),
      { token: admin },
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe("School has been created.");
    const id = created.body.data!.id;
    expect(created.body.data!.createdBy).toBe("admin");
    const list = await t().call<{
      data: { schoolCode: string }[];
      pagination: { totalcount: number };
    }>(
      "school",
      "list",
      { search: "davao", sortBy: "schoolName", sortOrder: "asc" },
      { token: admin },
    );
    expect(list.body.data!.data.map((s) => s.schoolCode)).toEqual(["DNHS"]);
    const updated = await t().call<{ schoolName: string }>(
      "school",
      "update",
      { id, ...school("DNHS", { schoolName: "Davao High" }) },
      { token: admin },
    );
    expect(updated.body.data!.schoolName).toBe("Davao High");
    const disabled = await t().call(
      "school",
      "setstatus",
      { id, status: "disabled" },
      { token: admin },
    );
    expect(disabled.body.message).toBe("School has been disabled.");
    const filtered = await t().call<{ data: { id: number }[] }>(
      "school",
      "list",
      {},
      {
        token: admin,
        entries: [
          ["filter[key]", "enabled"],
          ["filter[values][]", "false"],
        ],
      },
    );
    expect(filtered.body.data!.data.map((s) => s.id)).toEqual([id]);
    expect((await t().call("school", "delete", { id }, { token: admin })).body.message).toBe(
      "School has been deleted.",
    );
  });

  it("removes the stored files of a deleted school when it is purged: logo, photos, course images", async () => {
    const created = await t().call<{ id: number; logo: string | null }>(
      "school",
      "create",
      school("TNHS"),
      { token: admin, files: { logo: { data: PNG, filename: "logo.png" } } },
    );
    expect(created.status).toBe(200);
    const id = created.body.data!.id;
    const user = await t().call(
      "user",
      "create",
      {
        firstName: "Teresa",
        lastName: "Magbanua",
        userName: "tmagbanua",
        email: "tmagbanua@example.edu.ph",
        roleId: 10,
        schoolId: id,
      },
      { token: admin, files: { photo: { data: PNG, filename: "me.png" } } },
    );
    expect(user.status).toBe(200);
    const course = await t().call(
      "course",
      "create",
      {
        courseName: "Araling Panlipunan",
        courseCode: "AP7",
        gradeLevel: 7,
        subject: "AP",
        schoolId: id,
      },
      { token: admin, files: { image: { data: PNG, filename: "c.png" } } },
    );
    expect(course.status).toBe(200);
    const stored = async () =>
      (await t().app.repos.schools.fileKeys(t().database.db, id)).map((key) =>
        path.join(t().config.dataDir, "files", key),
      );
    const files = await stored();
    expect(files).toHaveLength(3);
    expect(files.every((file) => existsSync(file))).toBe(true);
    // Deleting moves the school to the recycle bin: its files stay until the purge (issue 13).
    const deleted = await t().call<{ binIds: number[] }>(
      "school",
      "delete",
      { id, confirmCode: "tnhs" },
      { token: admin },
    );
    expect(deleted.status).toBe(200);
    expect(files.every((file) => existsSync(file))).toBe(true);
    const purged = await t().call(
      "school",
      "purge",
      { id: deleted.body.data!.binIds[0] },
      { token: admin },
    );
    expect(purged.status).toBe(200);
    expect(files.filter((file) => existsSync(file))).toEqual([]);
  });

  it("answers the conflict text for a school code that exists", async () => {
    const answer = await t().call("school", "create", school("rnhs"), { token: admin });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. School already exists.");
  });

  it("shows a school admin its own school only, and lets it edit but not disable it", async () => {
    const list = await t().call<{ data: { id: number }[] }>(
      "school",
      "list",
      {},
      { token: schoolAdmin },
    );
    expect(list.body.data!.data.map((s) => s.id)).toEqual([1]);
    expect((await t().call("school", "get", { id: 2 }, { token: schoolAdmin })).status).toBe(404);
    const own = await t().call<Record<string, unknown>>(
      "school",
      "get",
      { id: 1 },
      { token: schoolAdmin },
    );
    const edit = await t().call<{ enabled: boolean; zipCode: string }>(
      "school",
      "update",
      { ...own.body.data, zipCode: "1106", enabled: false },
      { token: schoolAdmin },
    );
    expect(edit.status).toBe(200);
    expect(edit.body.data!.zipCode).toBe("1106");
    expect(edit.body.data!.enabled).toBe(true);
    expect(
      (await t().call("school", "setstatus", { id: 1, status: "disabled" }, { token: schoolAdmin }))
        .status,
    ).toBe(403);
  });

  it("exports schools as CSV", async () => {
    const answer = await t().call(
      "school",
      "export",
      { columns: "schoolCode,schoolName" },
      { token: admin },
    );
    const lines = answer.rawPayload
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("schoolCode,schoolName");
    expect(lines).toContain("RNHS,Rizal National High School");
  });

  it("keeps the users of a disabled school from signing in", async () => {
    await t().call("school", "setstatus", { id: 2, status: "disabled" }, { token: admin });
    const answer = await t().call("user", "login", {
      userName: "student2",
      password: "Demo@2026!",
    });
    expect(answer.status).toBe(403);
    await t().call("school", "setstatus", { id: 2, status: "enabled" }, { token: admin });
  });
});

describe("bulk status of schools", () => {
  const enabledOf = async (id: number) =>
    (await t().call<{ enabled: boolean }>("school", "get", { id }, { token: admin })).body.data!
      .enabled;

  it("disables an ids list and enables every school a list request matches", async () => {
    const off = await t().call<{ count: number }>(
      "school",
      "setstatus",
      { ids: "[1,2]", status: "disabled" },
      { token: admin },
    );
    expect(off.body).toMatchObject({ code: "schools.disabled", data: { count: 2 } });
    expect([await enabledOf(1), await enabledOf(2)]).toEqual([false, false]);
    const on = await t().call<{ count: number }>(
      "school",
      "setstatus",
      { allMatching: 1, status: "enabled" },
      {
        token: admin,
        entries: [
          ["filter[key]", "enabled"],
          ["filter[values][]", "false"],
        ],
      },
    );
    expect(on.body).toMatchObject({ code: "schools.enabled", data: { count: 2 } });
    expect([await enabledOf(1), await enabledOf(2)]).toEqual([true, true]);
  });

  it("changes nothing when one id is unknown, and keeps school admins out", async () => {
    const unknown = await t().call(
      "school",
      "setstatus",
      { ids: "[1, 999999]", status: "disabled" },
      { token: admin },
    );
    expect(unknown.status).toBe(404);
    expect(await enabledOf(1)).toBe(true);
    const refused = await t().call(
      "school",
      "setstatus",
      { ids: "[1]", status: "disabled" },
      { token: schoolAdmin },
    );
    expect(refused.status).toBe(403);
    const bad = await t().call("school", "setstatus", { status: "disabled" }, { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.errors![0]).toMatchObject({ field: "id", code: "validation.required" });
  });
});

describe("roles and the permission matrix", () => {
  it("lists the modules and rights of the matrix", async () => {
    const answer = await t().call<{ modules: { module: string }[]; rights: { right: string }[] }>(
      "role",
      "modules",
      {},
      { token: admin },
    );
    expect(answer.body.data!.modules.map((m) => m.module)).toEqual([
      "schools",
      "users",
      "roles",
      "courses",
      "materials",
      "reports",
    ]);
    expect(answer.body.data!.rights.map((r) => r.right)).toEqual([
      "access",
      "add",
      "view",
      "modify",
    ]);
  });

  it("creates a custom role with a full matrix from JSON text", async () => {
    const answer = await t().call<{
      id: number;
      permissions: Record<string, Record<string, boolean>>;
    }>(
      "role",
      "create",
      {
        roleName: "Librarian",
        permissions: JSON.stringify({ courses: { view: true, access: true } }),
      },
      { token: admin },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data!.id).toBeGreaterThanOrEqual(100);
    expect(answer.body.data!.permissions.courses).toEqual({
      access: true,
      add: false,
      view: true,
      modify: false,
    });
    expect(answer.body.data!.permissions.users).toEqual({
      access: false,
      add: false,
      view: false,
      modify: false,
    });
  });

  it("applies an edited role at once, to sessions already in use", async () => {
    const teacher = await t().login("teacher");
    expect((await t().call("user", "list", {}, { token: teacher })).status).toBe(403);
    const role = await t().call<{
      permissions: Record<string, Record<string, boolean>>;
      roleName: string;
    }>("role", "get", { id: 3 }, { token: admin });
    const permissions = {
      ...role.body.data!.permissions,
      users: { access: true, view: true, add: false, modify: false },
    };
    const updated = await t().call(
      "role",
      "update",
      { id: 3, roleName: "teacher", permissions },
      { token: admin },
    );
    expect(updated.status).toBe(200);
    expect((await t().call("user", "list", {}, { token: teacher })).status).toBe(200);
    await t().call("role", "setstatus", { id: 3, status: "disabled" }, { token: admin });
    expect((await t().call("course", "list", {}, { token: teacher })).status).toBe(403);
    await t().call("role", "setstatus", { id: 3, status: "enabled" }, { token: admin });
  });

  it("refuses to delete a built-in role or a role in use", async () => {
    const builtIn = await t().call("role", "delete", { id: 5 }, { token: admin });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.message).toBe("Built-in roles cannot be deleted.");
  });

  it("does not let anyone grant more than they have, nor edit their own role", async () => {
    const own = await t().call(
      "role",
      "update",
      { id: 1, roleName: "admin", permissions: emptyPermissions() },
      { token: admin },
    );
    expect(own.status).toBe(403);
    // A role author with roles rights but not every right.
    const author = await t().call<{ id: number }>(
      "role",
      "create",
      {
        roleName: "Role Author",
        permissions: {
          roles: { access: true, view: true, add: true, modify: true },
          users: { access: true, view: true, add: true, modify: true },
        },
      },
      { token: admin },
    );
    await t().call(
      "user",
      "create",
      {
        firstName: "Ria",
        lastName: "Lim",
        userName: "rlim",
        email: "rlim@example.edu.ph",
        roleId: author.body.data!.id,
        schoolId: 1,
      },
      { token: admin },
    );
    const id = await t().userId("rlim");
    const hash = await t().app.auth.hashPassword("Author@Pass1");
    await t().app.repos.transaction((tx) => t().app.repos.users.setPassword(tx, id, hash, null));
    const token = await t().login("rlim", "Author@Pass1");
    const tooMuch = await t().call(
      "role",
      "create",
      { roleName: "Everything", permissions: fullPermissions() },
      { token },
    );
    expect(tooMuch.status).toBe(403);
    const within = await t().call(
      "role",
      "create",
      { roleName: "Viewer", permissions: { users: { view: true } } },
      { token },
    );
    expect(within.status).toBe(200);
  });
});
