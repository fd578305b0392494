import { BULK_UPLOAD_COLUMNS, encodeClassId } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { isRecorded } from "../src/services/audit";
import { useTestApp } from "./helper";
import { WRONG_PASSWORD, auditHelpers } from "./support/audit";
import { bulkUploadRow } from "./support/users";

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t().login("admin");
});

const { audit, latest, school, createSchool } = auditHelpers(t, () => admin);

describe("the audit trail records", () => {
  it("a create with its values, who, when and from where", async () => {
    const before = Date.now();
    const id = await createSchool("AUD1");
    const record = await latest("school", "create");
    expect(record).toMatchObject({
      actorName: "admin",
      actorRoleName: "admin",
      recordId: String(id),
      recordLabel: "School AUD1 (AUD1)",
      address: "127.0.0.1",
      schoolId: id,
      count: 1,
    });
    expect(record.changes).toMatchObject({
      schoolCode: [null, "AUD1"],
      city: [null, "Davao City"],
    });
    expect(Date.parse(record.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("an update with the old and the new value of each field changed, and only those", async () => {
    const id = await createSchool("AUD2");
    const updated = await t().call(
      "school",
      "update",
      { id, ...school("AUD2", { schoolName: "Audit High", city: "Cebu City" }) },
      { token: admin },
    );
    expect(updated.status, updated.payload).toBe(200);
    const record = await latest("school", "update");
    expect(record.recordId).toBe(String(id));
    expect(record.recordLabel).toBe("Audit High (AUD2)");
    expect(record.changes).toEqual({
      schoolName: ["School AUD2", "Audit High"],
      city: ["Davao City", "Cebu City"],
    });
  });

  it("a status change of one record, and a bulk action with its ids and count", async () => {
    const a = await createSchool("AUD3");
    const b = await createSchool("AUD4");
    await t().call("school", "setstatus", { id: a, status: "disabled" }, { token: admin });
    const one = await latest("school", "setstatus");
    expect(one.recordId).toBe(String(a));
    expect(one.changes).toEqual({ enabled: [true, false] });

    const bulk = await t().call(
      "school",
      "setstatus",
      { ids: JSON.stringify([a, b]), status: "enabled" },
      { token: admin },
    );
    expect(bulk.status, bulk.payload).toBe(200);
    const many = await latest("school", "setstatus");
    expect(many.count).toBe(2);
    expect(many.recordId).toBe(`${a},${b}`);
    expect(many.recordLabel).toBe("School AUD3 (AUD3), School AUD4 (AUD4)");
    expect(many.changes).toMatchObject({ ids: [a, b], status: "enabled", count: 2 });
  });

  it("a delete with the record's last values", async () => {
    const id = await createSchool("AUD5");
    const deleted = await t().call("school", "delete", { id }, { token: admin });
    expect(deleted.status, deleted.payload).toBe(200);
    const record = await latest("school", "delete");
    expect(record.recordId).toBe(String(id));
    expect(record.recordLabel).toBe("School AUD5 (AUD5)");
    expect(record.changes).toMatchObject({ schoolCode: ["AUD5", null] });
  });

  it("a change of a role's permissions, right by right", async () => {
    const role = await t().call<{ id: number; permissions: Record<string, unknown> }>(
      "role",
      "create",
      { roleName: "Audit Clerk", description: "reads", enabled: true, permissions: "{}" },
      { token: admin },
    );
    expect(role.status, role.payload).toBe(200);
    const permissions = {
      ...role.body.data!.permissions,
      users: { access: true, add: false, view: true, modify: false },
    };
    const updated = await t().call(
      "role",
      "update",
      {
        id: role.body.data!.id,
        roleName: "Audit Clerk",
        description: "reads",
        enabled: true,
        permissions: JSON.stringify(permissions),
      },
      { token: admin },
    );
    expect(updated.status, updated.payload).toBe(200);
    const record = await latest("role", "update");
    expect(record.recordLabel).toBe("Audit Clerk");
    expect(record.changes).toEqual({
      "permissions.users.access": [false, true],
      "permissions.users.view": [false, true],
    });
  });

  it("a user's activation and deactivation", async () => {
    const teacher = await t().userId("student2");
    await t().call("user", "deactivate", { id: teacher }, { token: admin });
    const off = await latest("user", "deactivate");
    expect(off.recordId).toBe(String(teacher));
    expect(off.changes).toEqual({ status: [0, 1] });
    await t().call("user", "activate", { id: teacher }, { token: admin });
    expect((await latest("user", "activate")).changes).toEqual({ status: [1, 0] });
  });

  it("a bulk upload, its answer streamed as progress lines or not", async () => {
    const header = BULK_UPLOAD_COLUMNS.join(",");
    let lrn = 300000000000;
    const row = (name: string) =>
      bulkUploadRow({
        firstName: "Audit",
        lastName: "Upload",
        userName: name,
        email: `${name}@example.edu.ph`,
        roleId: "5",
        schoolId: "1",
        learningReferenceNumber: String(lrn++),
        grade: "7",
        section: "Rizal",
      });
    for (const [progress, names] of [
      ["0", ["audited1", "audited2"]],
      ["1", ["streamed1", "streamed2", "streamed3"]],
    ] as const) {
      const answer = await t().call(
        "user",
        "bulkupload",
        { mode: "add", progress },
        {
          token: admin,
          files: {
            file: { data: [header, ...names.map(row)].join("\r\n"), filename: "users.csv" },
          },
        },
      );
      expect(answer.status, answer.payload).toBe(200);
      expect(answer.payload).toContain('"status":200');
      const record = await latest("user", "bulkupload");
      expect(record.count, `progress=${progress}`).toBe(names.length);
      expect(record.actorName).toBe("admin");
    }
  });

  it("a class move with its students, in their school", async () => {
    const student = await t().app.repos.users.findForLogin("student");
    const id = encodeClassId({
      schoolId: student!.schoolId!,
      schoolYearFrom: student!.schoolYearFrom!,
      grade: student!.grade!,
      section: student!.section,
    });
    const moved = await t().call(
      "class",
      "move",
      { id, ids: JSON.stringify([student!.id]), section: "Audit Section" },
      { token: admin },
    );
    expect(moved.status, moved.payload).toBe(200);
    const record = await latest("class", "move");
    expect(record).toMatchObject({ count: 1, schoolId: student!.schoolId });
    expect(record.recordLabel).toContain("(student)");
    expect(record.changes).toMatchObject({ section: "Audit Section", ids: [id, student!.id] });
  });

  it("any command not named a read, such as a recycle bin's restore and purge", () => {
    const form = { entries: [], files: [] } as unknown as Parameters<typeof isRecorded>[2];
    const writes = [
      ["school", "restore"],
      ["school", "purge"],
      ["school", "create"],
      ["school", "setstatus"],
      ["class", "move"],
    ];
    for (const [resource, cmdType] of writes) {
      expect(isRecorded(resource!, cmdType!, form), cmdType).toBe(true);
    }
    const reads = [
      ["school", "list"],
      ["school", "get"],
      ["school", "export"],
      ["school", "trash"],
      ["user", "login"],
    ];
    for (const [resource, cmdType] of reads) {
      expect(isRecorded(resource!, cmdType!, form), cmdType).toBe(false);
    }
    expect(isRecorded("journey", "complete", form)).toBe(false);
  });

  it("nothing for a read or a refused command", async () => {
    const count = async () => (await audit(admin)).body.data!.pagination.totalcount;
    const start = await count();
    await t().call("school", "list", {}, { token: admin });
    const refused = await t().call(
      "school",
      "update",
      { id: 999999, ...school("NOPE") },
      {
        token: admin,
      },
    );
    expect(refused.status).toBe(404);
    expect(await count()).toBe(start);
  });
});

describe("who reads the audit trail", () => {
  it("a school admin reads its school's records only", async () => {
    const mine = (await t().app.repos.users.findForLogin("schooladmin"))!.schoolId!;
    const other = (await t().app.repos.users.findForLogin("schooladmin2"))!.schoolId!;
    await t().call("user", "login", { userName: "schooladmin2", password: WRONG_PASSWORD });
    const token = await t().login("schooladmin");
    const answer = await audit(token);
    expect(answer.status, answer.payload).toBe(200);
    const rows = answer.body.data!.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.schoolId === mine)).toBe(true);
    const everything = await audit(admin, {}, { schoolId: String(other) });
    expect(everything.body.data!.data.some((r) => r.recordLabel === "schooladmin2")).toBe(true);
    // Asking for another school's records finds none.
    const asked = await audit(token, {}, { schoolId: String(other) });
    expect(asked.body.data!.pagination.totalcount).toBe(0);
  });

  it("anyone else gets a 403", async () => {
    for (const user of ["student", "parent", "lsg@demo.school.ph"]) {
      const token = await t().login(user);
      expect((await audit(token)).status, user).toBe(403);
      expect((await t().call("audit", "export", {}, { token })).status, user).toBe(403);
    }
  });

  it("rex admin reads everything", async () => {
    const token = await t().login("rexadmin");
    const answer = await audit(token, {}, { module: "school" });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.data.some((r) => r.recordLabel === "School AUD1 (AUD1)")).toBe(true);
  });
});

describe("the audit list and export", () => {
  it("exports CSV with the changes", async () => {
    const answer = await t().call(
      "audit",
      "export",
      { columns: "actorName,action,recordLabel,changes" },
      {
        token: admin,
        entries: [
          ["filter[key]", "action"],
          ["filter[values][]", "update"],
        ],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    const lines = answer.payload
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("actorName,action,recordLabel,changes");
    expect(lines.some((l) => l.includes("Audit High (AUD2)") && l.includes("Cebu City"))).toBe(
      true,
    );
  });
});
