import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_PASSWORD, multipart, useTestApp } from "./helper";
import { buildCourse, scormZip } from "./support/journey";
import {
  TIGHT_LIMITS,
  sleep,
  abuseHelpers,
  deflatedZip,
  small,
  deflatedZeros,
} from "./support/abuse-limits";

const t = useTestApp(TIGHT_LIMITS);
const { callFrom, signIn } = abuseHelpers(t);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sign-in guesses", () => {
  it("verifies at most the limit of 20 parallel guesses at one account; the rest get 429", async () => {
    const verify = vi.spyOn(t().app.auth, "verifyPassword");
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn("10.1.0.1", "schooladmin2", `Wrong@${i}pass`)),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 401).length;
    // The limit (5), plus the back-off's slots that opened while the burst ran (after 1 s, 3 s …)
    // on a slow machine; never the 20.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds + 1)));
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checked);
    expect(verify).toHaveBeenCalledTimes(checked);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe(
      "Too many attempts. Please wait a few minutes and try again.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(2);
  });

  it("lets the real user in from her own address while an attacker keeps guessing", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn("10.2.0.1", "teacher", `Wrong@${i}pass`)).status).toBe(401);
    }
    // The attacker keeps guessing: refused, and told to wait a second, not minutes.
    const guess = await signIn("10.2.0.1", "teacher", "Again@1pass");
    expect(guess.status).toBe(429);
    expect(Number(guess.headers["retry-after"])).toBeLessThanOrEqual(1);
    const real = await signIn("10.2.0.2", "teacher", DEMO_PASSWORD);
    expect(real.status).toBe(200);
    // Her success cleared the account's counters: a wrong password is checked again (401).
    expect((await signIn("10.2.0.2", "teacher", "Typo@1234pass")).status).toBe(401);
  });

  it("delays the real user only briefly when the guesses come from many addresses", async () => {
    // 20 failures (four times the limit) spread over 20 addresses start the account's back-off.
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`10.9.0.${i + 1}`, "rexadmin", `Wrong@${i}pass`)).status).toBe(401);
    }
    // One more guess (on a slow machine it may take the slot a second later: the wait doubles).
    await signIn("10.9.1.1", "rexadmin", "Wrong@99pass");
    let real = await signIn("10.9.2.1", "rexadmin", DEMO_PASSWORD);
    if (real.status === 429) {
      const wait = Number(real.headers["retry-after"]);
      expect(wait).toBeLessThanOrEqual(2);
      await sleep(wait * 1000 + 100);
      real = await signIn("10.9.2.1", "rexadmin", DEMO_PASSWORD);
    }
    expect(real.status).toBe(200);
  });

  it("doubles the delay with each further failure past the limit", async () => {
    for (let i = 0; i < 5; i++) await signIn("10.3.0.1", "parent", `Wrong@${i}pass`);
    await sleep(1100);
    expect((await signIn("10.3.0.1", "parent", "Wrong@6pass")).status).toBe(401);
    const next = await signIn("10.3.0.1", "parent", "Wrong@7pass");
    expect(next.status).toBe(429);
    expect(Number(next.headers["retry-after"])).toBe(2);
  });

  it("keeps the per-address limit strict: an address past it is refused for every account", async () => {
    const address = "10.4.0.1";
    let refused = 0;
    for (let i = 0; i < 42; i++) {
      const answer = await signIn(address, `ghost${i}`, `Bad@${i}pass`);
      if (answer.status === 429) refused++;
    }
    expect(refused).toBe(2);
    // Even the right password is refused from that address, and allowed from another.
    expect((await signIn(address, "schooladmin", DEMO_PASSWORD)).status).toBe(429);
    expect((await signIn("10.4.0.2", "schooladmin", DEMO_PASSWORD)).status).toBe(200);
  });
});

describe("password-link guessing", () => {
  it("answers 429 to random reset tokens past the limit, without any password hashing", async () => {
    const hash = vi.spyOn(t().app.auth, "hashPassword");
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        callFrom("10.5.0.1", "user", "resetpassword", {
          token: randomBytes(32).toString("base64url"),
          newPassword: "Brand@New2026x",
          confirmPassword: "Brand@New2026x",
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 410)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(hash).not.toHaveBeenCalled();
    // No argon2 work: 50 bad tokens answer quickly, loosely measured.
    expect(Date.now() - started).toBeLessThan(15_000);
    const verify = await callFrom("10.5.0.1", "user", "verifytoken", {
      token: randomBytes(32).toString("base64url"),
      kind: "reset",
    });
    expect(verify.status).toBe(429);
  });

  it("limits the uses of one token, right or wrong", async () => {
    const token = randomBytes(32).toString("base64url");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await callFrom(`10.6.0.${i + 1}`, "user", "verifytoken", { token, kind: "activation" }))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 410)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("still resets a password with a real link from an address that guessed before", async () => {
    for (let i = 0; i < 5; i++) {
      await callFrom("10.7.0.1", "user", "verifytoken", {
        token: randomBytes(32).toString("base64url"),
        kind: "reset",
      });
    }
    await callFrom("10.7.0.1", "user", "forgotpassword", { email: "student2@demo.school.ph" });
    const mails = await t().app.repos.outbox.all();
    const link = mails.filter((m) => m.recipient === "student2@demo.school.ph").at(-1)?.link;
    if (!link) return expect.fail("no reset mail for student2");
    const token = decodeURIComponent(link.split("token=")[1]!);
    const fields = { token, newPassword: "Another@Pass77", confirmPassword: "Another@Pass77" };
    expect((await callFrom("10.7.0.1", "user", "resetpassword", fields)).status).toBe(200);
  });
});

describe("class-service login keys", () => {
  it("answers 429 to guessed login keys past the per-address limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await t().app.inject({
        method: "GET",
        url: `/webservice/auth/userkey/login.php?key=${randomBytes(16).toString("hex")}`,
        remoteAddress: "10.8.0.1",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    // Wrong class-service tokens count against the same address.
    const { body, contentType } = await multipart({
      wsfunction: "auth_userkey_request_login_url",
      wstoken: "guess",
      "user[username]": "student",
    });
    const rest = await t().app.inject({
      method: "POST",
      url: "/webservice/rest/server.php",
      headers: { "content-type": contentType },
      payload: body,
      remoteAddress: "10.8.0.1",
    });
    expect(rest.statusCode).toBe(429);
  });
});

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
