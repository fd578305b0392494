import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse } from "./support/journey";
import { type Impact, DAY_MS, count, trash, canSignIn, learnerRows } from "./support/recycle-bin";

describe("a school in the recycle bin", () => {
  const t = useTestApp();
  let admin: string;
  let schoolId: number;
  let studentId: number;

  beforeAll(async () => {
    admin = await t().login("admin");
    studentId = await t().userId("student");
    const schools = await t().call<{ data: { id: number; schoolCode: string }[] }>(
      "school",
      "list",
      { search: "rnhs" },
      { token: admin },
    );
    schoolId = schools.body.data!.data.find((s) => s.schoolCode === "RNHS")!.id;
    // The student has progress in the demo journey: one more opened material makes sure of it.
    const student = await t().login("student");
    const course = await buildCourse(t(), await t().login("teacher"), [
      { name: "Intro", materials: [{ name: "Read me", type: "page" }] },
    ]);
    await t().call("journey", "open", { materialId: course.ids["Read me"] }, { token: student });
    await t().call(
      "journey",
      "complete",
      { materialId: course.ids["Read me"] },
      { token: student },
    );
  });

  it("says what goes with it, and refuses a delete without its code (409, nothing changed)", async () => {
    const impact = await t().call<Impact>("school", "impact", { id: schoolId }, { token: admin });
    expect(impact.status).toBe(200);
    expect(impact.body.data).toMatchObject({
      id: schoolId,
      label: "Rizal National High School",
      code: "RNHS",
      requiresCode: true,
    });
    const counts = impact.body.data!.counts;
    expect(Object.keys(counts).sort()).toEqual(["courses", "progress", "users"]);
    expect(counts.users).toBe(
      await count(t(), sql`select count(*)::int as n from users where school_id = ${schoolId}`),
    );
    expect(counts.courses).toBeGreaterThan(0);
    expect(counts.progress).toBeGreaterThan(0);

    for (const fields of [{ id: schoolId }, { id: schoolId, confirmCode: "BIS" }]) {
      const refused = await t().call<Impact>("school", "delete", fields, { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("errors.confirmCodeMismatch");
      expect(refused.body.message).toBe("Type the code to confirm the deletion.");
      expect(refused.body.data!.counts).toEqual(counts);
    }
    expect(await canSignIn(t(), "student")).toBe(true);
    expect(await trash(t(), "school", admin)).toEqual([]);
  });

  it("moves the school, its users and courses to the bin and brings them back with their progress", async () => {
    const progress = await learnerRows(t(), studentId);
    expect(progress).toBeGreaterThan(0);
    const studentToken = await t().login("student");
    const users = await count(
      t(),
      sql`select count(*)::int as n from users where school_id = ${schoolId}`,
    );

    const deleted = await t().call<{ binIds: number[] }>(
      "school",
      "delete",
      { id: schoolId, confirmCode: " rnhs " },
      { token: admin },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect(deleted.body.message).toBe("School has been deleted.");
    const [binId] = deleted.body.data!.binIds;

    // Gone from sign-in, sessions, lists and gets.
    expect(await canSignIn(t(), "student")).toBe(false);
    expect((await t().call("user", "profile", {}, { token: studentToken })).status).toBe(401);
    const schools = await t().call<{ data: { id: number }[] }>(
      "school",
      "list",
      {},
      {
        token: admin,
      },
    );
    expect(schools.body.data!.data.map((s) => s.id)).not.toContain(schoolId);
    const userList = await t().call<{ data: { userName: string }[] }>(
      "user",
      "list",
      { search: "student" },
      { token: admin },
    );
    expect(userList.body.data!.data.map((u) => u.userName)).not.toContain("student");
    expect((await t().call("user", "get", { id: studentId }, { token: admin })).status).toBe(404);

    const [entry] = await trash(t(), "school", admin);
    expect(entry).toMatchObject({
      id: binId,
      recordId: schoolId,
      label: "Rizal National High School",
      code: "RNHS",
      deletedBy: "admin",
    });
    expect(entry!.counts.users).toBe(users);
    const kept = new Date(entry!.purgeAt).getTime() - new Date(entry!.deletedAt).getTime();
    expect(Math.round(kept / DAY_MS)).toBe(30);
    expect(await trash(t(), "school", admin, { search: "rizal" })).toHaveLength(1);
    expect(await trash(t(), "school", admin, { search: "nothing like it" })).toHaveLength(0);

    const restored = await t().call("school", "restore", { id: binId }, { token: admin });
    expect(restored.status, restored.payload).toBe(200);
    expect(restored.body).toMatchObject({
      code: "trash.restored",
      message: "Restored from the recycle bin.",
      data: { recordId: schoolId },
    });
    expect(await canSignIn(t(), "student")).toBe(true);
    expect(await learnerRows(t(), studentId)).toBe(progress);
    expect(
      await count(t(), sql`select count(*)::int as n from users where school_id = ${schoolId}`),
    ).toBe(users);
    const again = await t().call<{ data: { userName: string }[] }>(
      "user",
      "list",
      { search: "student" },
      { token: admin },
    );
    expect(again.body.data!.data.map((u) => u.userName)).toContain("student");
    expect(await trash(t(), "school", admin)).toEqual([]);
    // A restored user's sessions are not restored: the old token stays ended.
    expect((await t().call("user", "profile", {}, { token: studentToken })).status).toBe(401);
  });

  it("answers 404 for an entry that is not in the bin", async () => {
    expect((await t().call("school", "restore", { id: 999999 }, { token: admin })).status).toBe(
      404,
    );
    expect((await t().call("school", "purge", { id: 999999 }, { token: admin })).status).toBe(404);
  });
});
