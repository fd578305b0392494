import type { Readable } from "node:stream";
import { BULK_UPLOAD_COLUMNS, SORTABLE_COLUMNS } from "@lms/core";
import { count } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../src/db/schema";
import { GLOBAL_SCOPE } from "../src/services/caller";
import { sendCsv } from "../src/lib/command-io";
import { useTestApp } from "./helper";

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t().login("admin");
});

const header = BULK_UPLOAD_COLUMNS.join(",");

function row(values: Partial<Record<(typeof BULK_UPLOAD_COLUMNS)[number], string>>): string {
  return BULK_UPLOAD_COLUMNS.map((c) => values[c] ?? "").join(",");
}

function student(i: number, prefix: string) {
  return row({
    firstName: "Jose",
    lastName: "Rizal",
    userName: `${prefix}${i}`,
    email: `${prefix}${i}@example.edu.ph`,
    roleId: "5",
    schoolId: "1",
    learningReferenceNumber: String(100000000000 + i),
    grade: "7",
    section: "Rizal",
  });
}

const csvOf = (rows: string[]) => [header, ...rows].join("\n");

async function userCount(): Promise<number> {
  const [found] = await t().database.db.select({ n: count() }).from(users);
  return Number(found!.n);
}

interface Progress {
  total: number;
  checked: number;
  written: number;
}

interface Line {
  progress?: Progress;
  status?: number;
  code?: string;
  message?: string;
  data?: { total: number; created: number; errors: number; rows: { line: number }[] };
  errors?: { field: string; row?: number; code: string }[];
}

/** A bulk upload asking for progress lines; answers its lines (or a plain JSON answer). */
async function uploadWithProgress(csv: string, fields: Record<string, string> = {}, token = admin) {
  const answer = await t().call(
    "user",
    "bulkupload",
    { mode: "add", progress: "1", ...fields },
    { token, files: { file: { data: csv, filename: "users.csv", type: "text/csv" } } },
  );
  const streamed = String(answer.headers["content-type"]).includes("application/x-ndjson");
  const lines: Line[] = streamed
    ? answer.payload
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as Line)
    : [];
  return { answer, streamed, lines, last: lines[lines.length - 1] };
}

describe("streamed exports (issue 14)", () => {
  it("reads the users of an export by keyset in exactly the list's order, for every sort", async () => {
    const repo = t().app.repos.usersSearch;
    const sorts = [undefined, ...SORTABLE_COLUMNS.users];
    for (const sortBy of sorts) {
      for (const sortOrder of ["asc", "desc"] as const) {
        const input = { page: 1, rowsPerPage: 10, sortBy, sortOrder, search: "" };
        const byOffset: number[] = [];
        for await (const batch of repo.exportRows(input, [], GLOBAL_SCOPE, 1000))
          byOffset.push(...batch.map((u) => u.id));
        const byKeyset: number[] = [];
        for await (const batch of repo.exportBatches(input, [], GLOBAL_SCOPE, 3))
          byKeyset.push(...batch.map((u) => u.id));
        expect(byKeyset, `${sortBy} ${sortOrder}`).toEqual(byOffset);
      }
    }
  });

  it("sends the first lines before the rest of the export is read", async () => {
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < 1000; b++) {
        pulled += 1;
        yield Array.from({ length: 200 }, (_, i) => ({
          userName: `user${b}-${i}`,
          lastName: "=cmd",
        }));
      }
    }
    let sent: Readable | undefined;
    const reply = {
      code: () => reply,
      header: () => reply,
      send: (body: Readable) => {
        sent = body;
        return reply;
      },
    };
    await sendCsv(
      reply as unknown as FastifyReply,
      "users.csv",
      ["userName", "lastName"],
      batches(),
    );
    // The first batch is read before the answer starts (a bad filter still answers 422).
    expect(pulled).toBe(1);
    const chunks = sent![Symbol.asyncIterator]();
    const first = String((await chunks.next()).value) + String((await chunks.next()).value);
    expect(first.startsWith("\uFEFFuserName,lastName\r\nuser0-0,'=cmd\r\n")).toBe(true);
    // Only what fills the stream's buffer was read: memory holds a few batches, not 1,000.
    expect(pulled).toBeLessThan(5);
    await chunks.return?.();
  });

  it("streams a whole users export over HTTP with the same rules", async () => {
    const answer = await t().call(
      "user",
      "export",
      { rowsPerPage: 10, sortBy: "lastName", sortOrder: "desc" },
      { token: admin },
    );
    expect(answer.status).toBe(200);
    const lines = answer.rawPayload.toString("utf8").trim().split("\r\n");
    expect(lines.length - 1).toBe(await userCount());
  });
});

describe("bulk upload with progress (issue 14)", () => {
  it("tells rows checked of the total after each batch, then the answer, on a dry run", async () => {
    const before = await userCount();
    const rows = Array.from({ length: 2500 }, (_, i) => student(i, "progress"));
    const { answer, streamed, lines, last } = await uploadWithProgress(csvOf(rows), {
      dryRun: "1",
    });
    expect(answer.status).toBe(200);
    expect(streamed).toBe(true);
    const progress = lines.filter((l) => l.progress).map((l) => l.progress!);
    expect(progress).toEqual([
      { total: 2500, checked: 0, written: 0 },
      { total: 2500, checked: 1000, written: 0 },
      { total: 2500, checked: 2000, written: 0 },
      { total: 2500, checked: 2500, written: 0 },
    ]);
    expect(last).toMatchObject({ status: 200, code: "bulk.done" });
    expect(last!.data).toMatchObject({ total: 2500, created: 2500, errors: 0 });
    expect(await userCount()).toBe(before);
  });

  it("writes none of 10,001 rows when the last is bad, though it wrote batches before finding it, and all once fixed", async () => {
    const before = await userCount();
    const rows = Array.from({ length: 10_001 }, (_, i) => student(i, "tenk"));
    const broken = [...rows.slice(0, -1), row({ firstName: "Bad", userName: "badlast" })];
    const failed = await uploadWithProgress(csvOf(broken));
    expect(failed.streamed).toBe(true);
    const written = failed.lines.filter((l) => l.progress).map((l) => l.progress!.written);
    // Ten batches were written inside the transaction before the bad row came...
    expect(Math.max(...written)).toBe(10_000);
    expect(failed.last).toMatchObject({ status: 422, message: "Row contains invalid values." });
    expect(failed.last!.errors!.length).toBeGreaterThan(0);
    expect(failed.last!.errors!.every((e) => e.row === 10_002)).toBe(true);
    // ...and every one of them was rolled back.
    expect(await userCount()).toBe(before);

    const done = await t().call<{ created: number; total: number }>(
      "user",
      "bulkupload",
      { mode: "add" },
      {
        token: admin,
        files: { file: { data: csvOf(rows), filename: "users.csv", type: "text/csv" } },
      },
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ total: 10_001, created: 10_001 });
    expect(await userCount()).toBe(before + 10_001);
  }, 300_000);

  it("ends with the error and writes nothing when the server fails midway", async () => {
    const before = await userCount();
    const insertMany = t().app.repos.users.insertMany.bind(t().app.repos.users);
    let calls = 0;
    const spy = vi
      .spyOn(t().app.repos.users, "insertMany")
      .mockImplementation(async (...args: Parameters<typeof insertMany>) => {
        if (++calls === 2) throw new Error("disk full");
        return insertMany(...args);
      });
    try {
      const rows = Array.from({ length: 1500 }, (_, i) => student(i, "midway"));
      const { answer, lines, last } = await uploadWithProgress(csvOf(rows));
      expect(answer.status).toBe(200);
      expect(lines[0]!.progress).toEqual({ total: 1500, checked: 0, written: 0 });
      expect(lines.some((l) => l.progress?.written === 1000)).toBe(true);
      expect(last).toMatchObject({ status: 500, code: "errors.generic" });
    } finally {
      spy.mockRestore();
    }
    expect(await userCount()).toBe(before);
  });

  it("answers a caller without the right to add users, or a bad file, before any progress line", async () => {
    const teacher = await t().login("teacher");
    const refused = await uploadWithProgress(csvOf([student(1, "nope")]), {}, teacher);
    expect(refused.answer.status).toBe(403);
    expect(refused.streamed).toBe(false);
    const unsigned = await t().call(
      "user",
      "bulkupload",
      { mode: "add", progress: "1" },
      { files: { file: { data: csvOf([student(1, "nope")]), filename: "u.csv" } } },
    );
    expect(unsigned.status).toBe(401);
    const bad = await uploadWithProgress("firstName,nickname\nA,B");
    expect(bad.answer.status).toBe(422);
    expect(bad.streamed).toBe(false);
    expect(bad.answer.body.code).toBe("csv.invalid");
  });

  it("refuses a file of more than 50,000 rows as an invalid CSV, and malformed quotes too", async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => student(i, "over"));
    const over = await uploadWithProgress(csvOf(rows), { dryRun: "1" });
    expect(over.answer.status).toBe(422);
    expect(over.answer.body.code).toBe("csv.invalid");
    const quotes = await uploadWithProgress(csvOf([student(1, "q"), 'Ana,"Re"yes,x']));
    expect(quotes.answer.status).toBe(422);
    expect(quotes.answer.body.code).toBe("csv.invalid");
  }, 120_000);
});
