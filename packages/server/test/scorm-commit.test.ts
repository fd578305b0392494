import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse, scormZip } from "./support/journey";

/** Issue 15: commits are idempotent per player session, and resume follows the exit. */
const t = useTestApp();
let teacher: string;
let student: string;

interface Load {
  version: string;
  cmi: Record<string, string>;
  session: number;
}

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
});

async function scormMaterial(version: "1.2" | "2004") {
  const name = `Package ${version} ${Math.random().toString(36).slice(2, 8)}`;
  const { ids } = await buildCourse(t(), teacher, [
    {
      name: "Unit",
      materials: [
        {
          name,
          type: "scorm",
          files: { package: { data: scormZip(version), filename: "p.zip" } },
        },
      ],
    },
  ]);
  return ids[name]!;
}

const load = (materialId: number) =>
  t().call<Load>("journey", "scormload", { materialId }, { token: student });
const commit = (
  materialId: number,
  cmi: Record<string, string>,
  order?: { session: number; seq: number },
) =>
  t().call<{ state: string }>(
    "journey",
    "scormcommit",
    { materialId, cmi: JSON.stringify(cmi), ...order },
    { token: student },
  );

async function stored(materialId: number) {
  const rows = await t().database.db.execute(
    sql`select cmi, total_seconds, session, seq from scorm_attempts where material_id = ${materialId}`,
  );
  const [row] = (
    rows as unknown as {
      rows: { cmi: Record<string, string>; total_seconds: number; session: string; seq: number }[];
    }
  ).rows;
  return row!;
}

describe("idempotent SCORM commits", () => {
  it("writes a newer commit of a session and ignores a repeated or older one", async () => {
    const id = await scormMaterial("2004");
    const { session } = (await load(id)).body.data!;
    expect(session).toBeGreaterThan(0);

    const first = await commit(
      id,
      { "cmi.location": "slide-1", "cmi.session_time": "PT10S" },
      { session, seq: 1 },
    );
    expect(first.status, first.payload).toBe(200);
    const second = await commit(
      id,
      { "cmi.location": "slide-2", "cmi.session_time": "PT20S" },
      { session, seq: 2 },
    );
    expect(second.status).toBe(200);
    expect(await stored(id)).toMatchObject({ total_seconds: 30, seq: 2 });

    // The same commit again (a retry) and an older one arriving late: 200, nothing written.
    const repeated = await commit(
      id,
      { "cmi.location": "slide-2", "cmi.session_time": "PT20S" },
      { session, seq: 2 },
    );
    expect(repeated.status).toBe(200);
    const older = await commit(
      id,
      { "cmi.location": "slide-1", "cmi.session_time": "PT10S" },
      { session, seq: 1 },
    );
    expect(older.status).toBe(200);
    expect(older.body.data!.state).toBe("inProgress");
    const row = await stored(id);
    expect(row.cmi["cmi.location"]).toBe("slide-2");
    expect(row.total_seconds).toBe(30);

    // A newer one after a gap is written.
    const newer = await commit(id, { "cmi.location": "slide-5" }, { session, seq: 5 });
    expect(newer.status).toBe(200);
    expect(await stored(id)).toMatchObject({ seq: 5, cmi: { "cmi.location": "slide-5" } });
  });

  it("ignores a late commit of an earlier session once a later one has written", async () => {
    const id = await scormMaterial("1.2");
    const early = (await load(id)).body.data!.session;
    await commit(id, { "cmi.core.lesson_location": "p1" }, { session: early, seq: 1 });
    const later = (await load(id)).body.data!.session;
    expect(later).toBeGreaterThan(early);
    await commit(id, { "cmi.core.lesson_location": "p7" }, { session: later, seq: 1 });
    const late = await commit(
      id,
      { "cmi.core.lesson_location": "p2", "cmi.core.lesson_status": "completed" },
      { session: early, seq: 2 },
    );
    expect(late.status).toBe(200);
    // Not written, so not complete either.
    expect(late.body.data!.state).toBe("inProgress");
    const row = await stored(id);
    expect(row.cmi["cmi.core.lesson_location"]).toBe("p7");
    expect(Number(row.session)).toBe(later);
  });

  it("asks for both the session and the sequence number, or neither", async () => {
    const id = await scormMaterial("1.2");
    const onlySeq = await t().call(
      "journey",
      "scormcommit",
      { materialId: id, cmi: "{}", seq: 1 },
      { token: student },
    );
    expect(onlySeq.status).toBe(422);
    expect(onlySeq.body.errors![0]!.field).toBe("session");
    const badSeq = await t().call(
      "journey",
      "scormcommit",
      { materialId: id, cmi: "{}", session: 5, seq: 0 },
      { token: student },
    );
    expect(badSeq.status).toBe(422);
    expect(badSeq.body.errors![0]!.field).toBe("seq");
  });
});

describe("cmi.entry follows the last session's exit", () => {
  for (const version of ["1.2", "2004"] as const) {
    const e =
      version === "1.2"
        ? {
            entry: "cmi.core.entry",
            exit: "cmi.core.exit",
            location: "cmi.core.lesson_location",
            status: "cmi.core.lesson_status",
            done: "completed",
            score: "cmi.core.score.raw",
          }
        : {
            entry: "cmi.entry",
            exit: "cmi.exit",
            location: "cmi.location",
            status: "cmi.completion_status",
            done: "completed",
            score: "cmi.score.raw",
          };

    it(`SCORM ${version}: resume after suspend, a new session with what was earned otherwise`, async () => {
      const id = await scormMaterial(version);
      const first = (await load(id)).body.data!;
      expect(first.cmi[e.entry]).toBe("ab-initio");
      await commit(
        id,
        { [e.location]: "page-4", "cmi.suspend_data": "s=4", [e.exit]: "suspend" },
        { session: first.session, seq: 1 },
      );

      const resumed = (await load(id)).body.data!;
      expect(resumed.cmi).toMatchObject({
        [e.entry]: "resume",
        [e.location]: "page-4",
        "cmi.suspend_data": "s=4",
      });
      // This session ends normally, with the package completed and scored.
      await commit(
        id,
        { [e.status]: e.done, [e.score]: "80", [e.exit]: version === "1.2" ? "" : "normal" },
        { session: resumed.session, seq: 1 },
      );

      const fresh = (await load(id)).body.data!;
      expect(fresh.cmi).toMatchObject({
        [e.entry]: "",
        [e.location]: "",
        "cmi.suspend_data": "",
        [e.status]: e.done,
        [e.score]: "80",
      });
      expect(fresh.cmi[e.exit]).toBeUndefined();

      // A session that sets no exit at all (logout or nothing) is not resumed either.
      await commit(
        id,
        { [e.location]: "page-2", "cmi.suspend_data": "s=2", [e.exit]: "" },
        { session: fresh.session, seq: 1 },
      );
      const again = (await load(id)).body.data!;
      expect(again.cmi).toMatchObject({ [e.entry]: "", [e.location]: "", "cmi.suspend_data": "" });
    });
  }
});
