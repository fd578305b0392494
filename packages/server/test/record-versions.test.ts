import type { ElementRecord, MaterialRecord, RoleRecord, SchoolRecord } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";

/**
 * Issue 45: every editable record carries a version; an update that sends back the version it read
 * is refused with 409 `errors.staleRecord` once the record moved, with the record as it is now, and
 * writes nothing. One that sends none (another school app) writes over, as before.
 */
const t = useTestApp();
let admin: string;
let teacher: string;

type Versioned = { id: number; version: number };
type List<T> = { data: T[] };

const as = (token: string) => ({ token });

beforeAll(async () => {
  admin = await t().login("admin");
  teacher = await t().login("teacher");
});

const school = async (id = 1) =>
  (await t().call<SchoolRecord>("school", "get", { id }, as(admin))).body.data!;

describe("two admins editing one school", () => {
  it("keeps the first save, and answers the second from the older form with 409 and the record as it is", async () => {
    const read = await school();
    expect(read.version).toBeGreaterThanOrEqual(1);

    const first = await t().call<SchoolRecord>(
      "school",
      "update",
      { id: 1, version: read.version, city: "Ormoc" },
      as(admin),
    );
    expect(first.status).toBe(200);
    expect(first.body.data!.version).toBe(read.version + 1);

    const second = await t().call<SchoolRecord>(
      "school",
      "update",
      { id: 1, version: read.version, address: "2 Rizal St." },
      as(admin),
    );
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("errors.staleRecord");
    expect(second.body.message).toBe(
      "Someone else changed this since you opened it. Reload to see their version.",
    );
    expect(second.body.data).toMatchObject({ id: 1, city: "Ormoc", version: read.version + 1 });
    const stored = await school();
    expect(stored.address).toBe(read.address);
    expect(stored.city).toBe("Ormoc");

    // "Overwrite with mine": the same change sent with the version the 409 answered.
    const overwrite = await t().call<SchoolRecord>(
      "school",
      "update",
      { id: 1, version: read.version + 1, address: "2 Rizal St." },
      as(admin),
    );
    expect(overwrite.status).toBe(200);
    expect(overwrite.body.data).toMatchObject({
      city: "Ormoc",
      address: "2 Rizal St.",
      version: read.version + 2,
    });
  });

  it("lets exactly one of two saves sent at once from the same version through", async () => {
    const read = await school();
    const answers = await Promise.all(
      ["Tacloban", "Palo"].map((city) =>
        t().call("school", "update", { id: 1, version: read.version, city }, as(admin)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await school()).city).toBe(["Tacloban", "Palo"][winner]);
    expect((await school()).version).toBe(read.version + 1);
  });

  it("writes over a changed record for a caller that sends no version, as another school app does", async () => {
    const read = await school();
    await t().call("school", "update", { id: 1, version: read.version, city: "Baybay" }, as(admin));
    const blind = await t().call("school", "update", { id: 1, city: "Maasin" }, as(admin));
    expect(blind.status).toBe(200);
    expect((await school()).city).toBe("Maasin");
  });

  it("refuses a version that is not a whole number on its field", async () => {
    const answer = await t().call("school", "update", { id: 1, version: "two" }, as(admin));
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]!.field).toBe("version");
  });
});

describe("a role's rights are part of its version", () => {
  it("cannot bring back a right revoked since the form was opened", async () => {
    const created = await t().call<RoleRecord>(
      "role",
      "create",
      {
        roleName: "Registrar",
        description: "Records",
        enabled: true,
        permissions: JSON.stringify({
          users: { access: true, add: true, view: true, modify: true },
        }),
      },
      as(admin),
    );
    expect(created.status).toBe(200);
    const opened = created.body.data!;
    const revoked = await t().call<RoleRecord>(
      "role",
      "update",
      {
        id: opened.id,
        version: opened.version,
        permissions: JSON.stringify({
          users: { access: true, add: false, view: true, modify: false },
        }),
      },
      as(admin),
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data!.version).toBeGreaterThan(opened.version);

    const stale = await t().call<RoleRecord>(
      "role",
      "update",
      {
        id: opened.id,
        version: opened.version,
        description: "Records and enrolment",
        permissions: JSON.stringify(opened.permissions),
      },
      as(admin),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("errors.staleRecord");
    const now = (await t().call<RoleRecord>("role", "get", { id: opened.id }, as(admin))).body
      .data!;
    expect(now.permissions.users).toMatchObject({ add: false, modify: false });
    expect(now.description).toBe("Records");
  });
});

describe("every other editable record", () => {
  let courseId: number;
  let element: ElementRecord;
  let quizId: number;

  beforeAll(async () => {
    const courses = await t().call<List<Versioned>>("course", "list", {}, as(teacher));
    courseId = courses.body.data!.data[0]!.id;
    const elements = await t().call<List<ElementRecord>>(
      "element",
      "list",
      { courseId },
      as(teacher),
    );
    element = elements.body.data!.data[0]!;
    const quiz = await t().call<MaterialRecord>(
      "material",
      "create",
      { courseId, elementId: element.id, name: "Versions quiz", type: "quiz", published: false },
      as(teacher),
    );
    quizId = quiz.body.data!.id;
  });

  /** Saves twice from the version first read: the first goes through, the second is a 409. */
  async function expectStaleRefused(
    resource: string,
    cmdType: string,
    read: Versioned,
    fields: (n: number) => Record<string, unknown>,
    token = teacher,
  ) {
    const first = await t().call<Versioned>(
      resource,
      cmdType,
      { id: read.id, version: read.version, ...fields(1) },
      { token },
    );
    expect(first.status, first.payload).toBe(200);
    expect(first.body.data!.version).toBeGreaterThan(read.version);
    const second = await t().call<Versioned>(
      resource,
      cmdType,
      { id: read.id, version: read.version, ...fields(2) },
      { token },
    );
    expect(second.status, second.payload).toBe(409);
    expect(second.body.code).toBe("errors.staleRecord");
    expect(second.body.data).toMatchObject({ id: read.id, version: first.body.data!.version });
    return first.body.data!;
  }

  it("a course", async () => {
    const read = (await t().call<Versioned>("course", "get", { id: courseId }, as(teacher))).body
      .data!;
    const saved = await expectStaleRefused("course", "update", read, (n) => ({
      description: `Edited ${n}`,
    }));
    expect(saved).toMatchObject({ description: "Edited 1" });
  });

  it("an element, whose version its list rows carry", async () => {
    expect(element.version).toBeGreaterThanOrEqual(1);
    await expectStaleRefused("element", "update", element, (n) => ({
      name: `Unit ${n}`,
      type: element.type,
    }));
  });

  it("a material and its quiz settings", async () => {
    const read = (await t().call<MaterialRecord>("material", "get", { id: quizId }, as(teacher)))
      .body.data!;
    const fields = (n: number) => ({
      courseId,
      elementId: element.id,
      name: `Quiz ${n}`,
      type: "quiz",
      published: false,
    });
    const renamed = await expectStaleRefused("material", "update", read, fields);
    const questions = JSON.stringify([
      { type: "single", prompt: "2 + 2?", choices: [{ text: "4", correct: true }, { text: "5" }] },
    ]);
    await expectStaleRefused("material", "quizsettings", renamed, (n) => ({
      passingGrade: 50 + n,
      questions,
    }));
  });

  it("a user, and one's own profile", async () => {
    const id = await t().userId("student");
    const read = (await t().call<Versioned>("user", "get", { id }, as(admin))).body.data!;
    await expectStaleRefused("user", "update", read, (n) => ({ title: `Title ${n}` }), admin);

    const mine = (await t().call<Versioned & { email: string }>("user", "profile", {}, as(teacher)))
      .body.data!;
    const profile = (n: number) => ({
      firstName: ["Tess", "Teresa"][n - 1],
      lastName: "Teacher",
      email: mine.email,
    });
    await expectStaleRefused("user", "updateprofile", mine, profile);
  });
});
