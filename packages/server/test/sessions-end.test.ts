import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type FieldValue, type TestApp } from "./helper";
import { PNG } from "./support/files";
import { classCookie, classServiceFile } from "./support/journey";

/**
 * issue 12 "Sessions end when they should": disabling a school, a role or a user ends what its
 * sessions may do at once; an e-mail change takes the current password and tells the old
 * address; sent mails keep no link token, and with SMTP configured no token reaches the log.
 */
const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let t: TestApp;
let admin: string;
let materialId: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "p@test.invalid" });
  admin = await t.login("admin");
  // A published file material of the second school, open to its Grade 8 student.
  const schoolAdmin = await t.login("schooladmin2");
  const course = await t.call<{ id: number }>(
    "course",
    "create",
    { courseName: "Ends", courseCode: "END1", gradeLevel: 8, subject: "Math", published: true },
    { token: schoolAdmin },
  );
  const courseId = course.body.data!.id;
  const element = await t.call<{ id: number }>(
    "element",
    "create",
    { courseId, name: "E", type: "lesson", published: true },
    { token: schoolAdmin },
  );
  const material = await t.call<{ id: number }>(
    "material",
    "create",
    { courseId, elementId: element.body.data!.id, name: "M", type: "file", published: true },
    { token: schoolAdmin, files: { file: { data: PNG, filename: "m.png", type: "image/png" } } },
  );
  materialId = material.body.data!.id;
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const signIn = (userName: string, password = "Demo@2026!") =>
  t.call<{ token: string }>("user", "login", { userName, password });

const statusCall = async (token: string) =>
  (await t.call("user", "getisloggedinstatus", {}, { token })).status;

/** The class service's file route, its redirect followed to the content origin. */
const fileStatus = async (cookie: string) =>
  (await classServiceFile(t, `/webservice/pluginfile.php/${materialId}/m.png`, cookie)).statusCode;

/** The body of a message, quoted-printable decoded. */
const bodyOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("a disabled school", () => {
  it("refuses its users' sessions and cookies at the next request, until it is enabled", async () => {
    const token = (await signIn("student2")).body.data!.token;
    const cookie = await classCookie(t, "student2");
    expect(await statusCall(token)).toBe(200);
    expect(await fileStatus(cookie)).toBe(200);
    const off = await t.call(
      "school",
      "setstatus",
      { id: 2, status: "disabled" },
      { token: admin },
    );
    expect(off.status).toBe(200);
    try {
      expect(await statusCall(token)).toBe(401);
      expect(await fileStatus(cookie)).toBe(401);
      const again = await signIn("student2");
      expect(again.status).toBe(403);
      expect(again.body.message).toBe(
        "Your school is disabled. Please contact your administrator.",
      );
    } finally {
      await t.call("school", "setstatus", { id: 2, status: "enabled" }, { token: admin });
    }
    expect((await signIn("student2")).status).toBe(200);
  });

  it("refuses them too when it is disabled by an update", async () => {
    const token = (await signIn("schooladmin2")).body.data!.token;
    const school = await t.call<Record<string, FieldValue>>(
      "school",
      "get",
      { id: 2 },
      { token: admin },
    );
    const { logo: _logo, ...fields } = school.body.data!;
    const off = await t.call("school", "update", { ...fields, enabled: false }, { token: admin });
    expect(off.status).toBe(200);
    try {
      expect(await statusCall(token)).toBe(401);
    } finally {
      await t.call("school", "setstatus", { id: 2, status: "enabled" }, { token: admin });
    }
  });
});

describe("a disabled role", () => {
  it("leaves its users no rights and no content, and refuses their sign-in", async () => {
    const token = (await signIn("student2")).body.data!.token;
    const cookie = await classCookie(t, "student2");
    expect((await t.call("journey", "open", { materialId }, { token })).status).toBe(200);
    await t.call("role", "setstatus", { id: 5, status: "disabled" }, { token: admin });
    try {
      expect((await t.call("journey", "open", { materialId }, { token })).status).toBe(403);
      expect(await fileStatus(cookie)).toBe(404);
      const again = await signIn("student2");
      expect(again.status).toBe(403);
      expect(again.body.message).toBe("Your role is disabled. Please contact your administrator.");
    } finally {
      await t.call("role", "setstatus", { id: 5, status: "enabled" }, { token: admin });
    }
    expect(await fileStatus(cookie)).toBe(200);
  });
});

describe("a deactivated or deleted user", () => {
  it("is refused at the next request, its class-service cookie too", async () => {
    const token = (await signIn("student2")).body.data!.token;
    const cookie = await classCookie(t, "student2");
    const id = await t.userId("student2");
    await t.call("user", "deactivate", { id }, { token: admin });
    try {
      expect(await statusCall(token)).toBe(401);
      expect(await fileStatus(cookie)).toBe(401);
    } finally {
      await t.call("user", "activate", { id }, { token: admin });
    }
    // Ended, not only suspended: the old session stays refused once the user is active again.
    expect(await statusCall(token)).toBe(401);
    expect((await signIn("student2")).status).toBe(200);
  });

  it("loses its sessions when deleted", async () => {
    const token = (await signIn("schooladmin2")).body.data!.token;
    const cookie = await classCookie(t, "schooladmin2");
    const id = await t.userId("schooladmin2");
    expect((await t.call("user", "delete", { id }, { token: admin })).status).toBe(200);
    expect(await statusCall(token)).toBe(401);
    expect(await fileStatus(cookie)).toBe(401);
  });
});

describe("changing one's e-mail", () => {
  const fields = { firstName: "Pedro", lastName: "Bautista", lang: "zh" };

  it("asks for the current password, and tells the old address in the user's language", async () => {
    const token = (await signIn("student2")).body.data!.token;
    const before = await t.call<{ email: string }>("user", "profile", {}, { token });
    const oldEmail = before.body.data!.email;
    const newEmail = "pedro.new@example.edu.ph";
    const missing = await t.call(
      "user",
      "updateprofile",
      { ...fields, email: newEmail },
      { token },
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ field: "currentPassword", code: "validation.required" }),
    ]);
    const wrong = await t.call(
      "user",
      "updateprofile",
      { ...fields, email: newEmail, currentPassword: "Wrong@Pass99" },
      { token },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({
        field: "currentPassword",
        code: "validation.passwordIncorrect",
        message: "The current password is incorrect.",
      }),
    ]);
    const unchanged = await t.call<{ email: string }>("user", "profile", {}, { token });
    expect(unchanged.body.data!.email).toBe(oldEmail);
    // Without a new address nothing is asked.
    const same = await t.call("user", "updateprofile", { ...fields, email: oldEmail }, { token });
    expect(same.status).toBe(200);

    const right = await t.call<{ email: string }>(
      "user",
      "updateprofile",
      { ...fields, email: newEmail, currentPassword: "Demo@2026!" },
      { token },
    );
    expect(right.status).toBe(200);
    expect(right.body.data!.email).toBe(newEmail);
    await t.app.mailer.flush();
    const mail = received.find((m) => m.to.includes(oldEmail));
    expect(mail).toBeDefined();
    const [, encoded = ""] = mail!.raw.split("\r\n\r\n");
    const text = Buffer.from(encoded.replace(/\s+/g, ""), "base64").toString("utf8");
    expect(text).toContain(`您的学校门户账户的电子邮箱已更改为 ${newEmail}`);
    const row = (await t.app.repos.outbox.all()).find((m) => m.recipient === oldEmail)!;
    expect(row.subject).toBe("您的学校门户账户电子邮箱已更改");
    expect(row.status).toBe("sent");
  });
});

describe("password links in the outbox and the log", () => {
  it("keeps no token once sent, and writes none to the log when SMTP is configured", async () => {
    const spies = (["trace", "debug", "info", "warn", "error", "fatal"] as const).map((level) =>
      vi.spyOn(t.app.log, level),
    );
    try {
      const answer = await t.call("user", "forgotpassword", { email: "student@demo.school.ph" });
      expect(answer.status).toBe(200);
      await t.app.mailer.flush();
      const mail = received.find((m) => m.to.includes("student@demo.school.ph"));
      const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(bodyOf(mail!.raw))![1]!;
      expect(token.length).toBeGreaterThan(20);
      const row = (await t.app.repos.outbox.all())
        .filter((m) => m.recipient === "student@demo.school.ph")
        .at(-1)!;
      expect(row.status).toBe("sent");
      expect(row.link).toBe("http://portal.test/#/account/reset-password?token=redacted");
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.body).toContain("token=redacted");
      const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
      expect(logged).not.toContain(token);
      // The link still works: only the stored copy was redacted.
      const used = await t.call("user", "verifytoken", {
        token: decodeURIComponent(token),
        kind: "reset",
      });
      expect(used.status).toBe(200);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
