import { readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { createDeflateRaw, deflateRawSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { crc32 } from "../src/lib/zip";
import { useTestApp } from "./helper";
import { buildCourse, scormZip } from "./support/journey";

/** Tight limits so that the attacks reach them quickly; the rules are those of production. */
const t = useTestApp({
  rateLimits: {
    loginPerAccount: { limit: 5, windowSeconds: 900 },
    loginBackoffMaxSeconds: 300,
    loginPerAddress: { limit: 40, windowSeconds: 900 },
    forgotPerAccount: { limit: 3, windowSeconds: 3600 },
    forgotPerAddress: { limit: 100, windowSeconds: 3600 },
    linkPerAddress: { limit: 20, windowSeconds: 900 },
    linkPerToken: { limit: 10, windowSeconds: 3600 },
    classPerAddress: { limit: 8, windowSeconds: 900 },
  },
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A zip of deflated entries; `declared` overrides the size the headers give. */
function deflatedZip(entries: { path: string; raw: Buffer; size: number; crc: number }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.raw.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.raw.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.raw);
    centrals.push(central, name);
    offset += 30 + name.length + entry.raw.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const small = (p: string, data: Buffer) => ({
  path: p,
  raw: deflateRawSync(data),
  size: data.length,
  crc: crc32(data),
});

/** `mb` megabytes of zeros, deflated as a stream (never whole in the test's memory). */
async function deflatedZeros(mb: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield chunk;
    })(),
  );
  const parts: Buffer[] = [];
  for await (const part of source.pipe(createDeflateRaw({ level: 9 }))) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe("zip bombs", () => {
  let teacher: string;
  let courseId: number;
  let elementId: number;

  beforeAll(async () => {
    teacher = await t().login("teacher");
    const built = await buildCourse(t(), teacher, [{ name: "Bombs", materials: [] }]);
    courseId = built.courseId;
    elementId = built.elementIds["Bombs"]!;
  });

  const upload = (data: Buffer) =>
    t().call(
      "material",
      "create",
      { courseId, elementId, name: "Bomb", type: "scorm" },
      { token: teacher, files: { package: { data, filename: "bomb.zip" } } },
    );

  const packageEntries = () => {
    const [manifest, start] = [
      Buffer.from(
        scormZip("1.2")
          .toString("latin1")
          .match(/<\?xml[\s\S]*?<\/manifest>/)![0],
        "latin1",
      ),
      Buffer.from("<!doctype html><title>start</title>"),
    ];
    return [small("imsmanifest.xml", manifest), small("sco/start.html", start)];
  };

  async function materialCount() {
    const result = await t().database.db.execute(
      sql`select count(*)::int as n from materials where course_id = ${courseId}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it("refuses a small zip that expands to 500 MB, and memory stays bounded", async () => {
    const zeros = await deflatedZeros(500);
    const bomb = deflatedZip([
      ...packageEntries(),
      { path: "sco/big.bin", raw: zeros, size: 500 * 1024 * 1024, crc: 0 },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const answer = await upload(bomb);
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]).toMatchObject({
      field: "package",
      code: "materials.invalidPackage",
      message: "This is not a valid SCORM package: imsmanifest.xml is missing or unreadable.",
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(await materialCount()).toBe(0);
  });

  it("refuses a zip whose header lies about its size, without inflating past it", async () => {
    const zeros = await deflatedZeros(200);
    const liar = deflatedZip([
      ...packageEntries(),
      { path: "sco/small.txt", raw: zeros, size: 1000, crc: 0 },
    ]);
    const files = () => readdirSync(path.join(t().config.dataDir, "files"), { recursive: true });
    const stored = files().length;
    const before = process.memoryUsage().rss;
    const answer = await upload(liar);
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]!.code).toBe("materials.invalidPackage");
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    expect(await materialCount()).toBe(0);
    // What was stored of the package before the lying entry was removed.
    expect(files().length).toBe(stored);
  });

  it("refuses an archive of more entries than the limit", async () => {
    const many = Array.from({ length: 5001 }, (_, i) => small(`f${i}.txt`, Buffer.from("x")));
    const answer = await upload(deflatedZip([...packageEntries(), ...many]));
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]!.code).toBe("materials.invalidPackage");
  });

  it("still takes a package that compresses well within the limits", async () => {
    const page = Buffer.from(`<!doctype html><p>${" ".repeat(50_000)}</p>`);
    const answer = await upload(deflatedZip([...packageEntries(), small("sco/page.html", page)]));
    expect(answer.status).toBe(200);
  });
});

describe("quiz attempts", () => {
  let teacher: string;
  let student: string;

  beforeAll(async () => {
    teacher = await t().login("teacher");
    student = await t().login("student");
  });

  async function quiz(settings: Record<string, unknown>) {
    const { ids } = await buildCourse(t(), teacher, [
      { name: "Quiz", materials: [{ name: "The quiz", type: "quiz" }] },
    ]);
    const id = ids["The quiz"]!;
    const saved = await t().call(
      "material",
      "quizsettings",
      {
        id,
        attemptsAllowed: 0,
        timeLimitMinutes: 0,
        passingGrade: 0,
        shuffle: false,
        showCorrectAnswers: true,
        ...settings,
        questions: JSON.stringify([
          { type: "trueFalse", prompt: "Ice floats.", points: 1, answers: ["true"] },
        ]),
      },
      { token: teacher },
    );
    if (saved.status !== 200) throw new Error(saved.payload);
    return id;
  }

  const submit = (materialId: number) =>
    t().call(
      "journey",
      "complete",
      { materialId, answers: JSON.stringify({}) },
      { token: student },
    );

  async function attempts(materialId: number) {
    const result = await t().database.db.execute(
      sql`select count(*)::int as n from attempts where material_id = ${materialId}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it("counts exactly one of 10 raced submissions when one attempt is allowed", async () => {
    const id = await quiz({ attemptsAllowed: 1 });
    await t().call("journey", "open", { materialId: id }, { token: student });
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("quiz.noAttemptsLeft");
    expect(await attempts(id)).toBe(1);
  });

  it("refuses answers to a timed quiz that was never opened, as answers past the time limit", async () => {
    const id = await quiz({ attemptsAllowed: 2, timeLimitMinutes: 5 });
    const late = await submit(id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("quiz.timeUp");
    expect(await attempts(id)).toBe(1);
    // A later attempt not opened runs on the clock of the last one opened.
    const unopened = await quiz({ attemptsAllowed: 3, timeLimitMinutes: 5 });
    await t().call("journey", "open", { materialId: unopened }, { token: student });
    await t().database.db.execute(
      sql`update quiz_starts set started_at = now() - interval '6 minutes', deadline = now() + interval '1 minute' where material_id = ${unopened}`,
    );
    expect((await submit(unopened)).status).toBe(200);
    const again = await submit(unopened);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("quiz.timeUp");
    // An untimed quiz still takes answers without opening, as before.
    const untimed = await quiz({ attemptsAllowed: 2 });
    expect((await submit(untimed)).status).toBe(200);
  });
});
