import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";

const received: { to: string[]; raw: string }[] = [];
/** Recipients whose next message the SMTP server refuses (a temporary failure). */
const refuseOnce = new Set<string>();
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const refused = to.find((address) => refuseOnce.delete(address));
      if (refused) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 })),
        );
        return;
      }
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
  t = await buildTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: "Portal <portal@test.invalid>",
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The body of a message, quoted-printable decoded. */
function bodyOf(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe("e-mail", () => {
  it("sends an activation link through SMTP that works once", async () => {
    const admin = await t.login("admin");
    const created = await t.call(
      "user",
      "create",
      {
        firstName: "Lea",
        lastName: "Salonga",
        userName: "lsalonga",
        email: "lea.salonga@example.edu.ph",
        roleId: 10,
        schoolId: 1,
      },
      { token: admin },
    );
    expect(created.status).toBe(200);
    await t.app.mailer.flush();
    const mail = received.find((m) => m.to.includes("lea.salonga@example.edu.ph"));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain("Subject: Activate your School Portal account");
    expect(bodyOf(mail!.raw)).toContain("Hello Lea,");
    const link = /http:\/\/portal\.test\/#\/account\/set-password\?token=([A-Za-z0-9_%-]+)/.exec(
      bodyOf(mail!.raw),
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const fields = { token, newPassword: "Bagong@Pass24", confirmPassword: "Bagong@Pass24" };
    const set = await t.call("user", "setpassword", fields);
    expect(set.status).toBe(200);
    expect(set.body.message).toBe("Your password has been set. You can now sign in.");
    const again = await t.call("user", "setpassword", fields);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe("Password set was unsuccessful!");
    expect(
      (await t.call("user", "login", { userName: "lsalonga", password: "Bagong@Pass24" })).status,
    ).toBe(200);
    const outbox = await t.app.repos.outbox.all();
    expect(outbox.find((m) => m.recipient === "lea.salonga@example.edu.ph")!.status).toBe("sent");
  });

  it("writes each user's e-mail in that user's language", async () => {
    const admin = await t.login("admin");
    for (const [lang, userName] of [
      ["zh", "lwang"],
      ["tg", "jrizal"],
    ] as const) {
      const created = await t.call(
        "user",
        "create",
        {
          firstName: lang === "zh" ? "丽" : "Jose",
          lastName: lang === "zh" ? "王" : "Rizal",
          userName,
          email: `${userName}@example.edu.ph`,
          roleId: 10,
          schoolId: 1,
          lang,
        },
        { token: admin },
      );
      expect(created.status).toBe(200);
    }
    const outbox = await t.app.repos.outbox.all();
    const zh = outbox.find((m) => m.recipient === "lwang@example.edu.ph")!;
    expect(zh.subject).toBe("激活您的学校门户账户");
    expect(zh.body).toContain("丽，您好");
    expect(zh.body).toContain(zh.link);
    const tg = outbox.find((m) => m.recipient === "jrizal@example.edu.ph")!;
    expect(tg.subject).toBe("I-activate ang iyong account sa School Portal");
    expect(tg.body).toContain("Kumusta Jose,");
  });

  it("tries a refused message again later, and gives up after five attempts", async () => {
    const admin = await t.login("admin");
    const address = "retry.later@example.edu.ph";
    refuseOnce.add(address);
    const created = await t.call(
      "user",
      "create",
      {
        firstName: "Ramon",
        lastName: "Magsaysay",
        userName: "rmagsaysay",
        email: address,
        roleId: 10,
        schoolId: 1,
      },
      { token: admin },
    );
    expect(created.status).toBe(200);
    const state = async () =>
      (await t.app.repos.outbox.all()).find((m) => m.recipient === address)!;
    await t.app.mailer.flush();
    expect(await state()).toMatchObject({
      status: "pending",
      attempts: 1,
      error: expect.stringContaining("Try again later"),
    });
    // Not before its time: the first retry waits a minute.
    await t.app.mailer.flush();
    expect((await state()).attempts).toBe(1);
    const wait = () =>
      t.database.db.execute(
        sql`update outbox set updated_at = now() - interval '1 hour' where recipient = ${address}`,
      );
    await wait();
    await t.app.mailer.flush();
    expect(await state()).toMatchObject({ status: "sent", attempts: 2 });
    expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);

    const never = "never@example.edu.ph";
    const again = await t.call(
      "user",
      "create",
      {
        firstName: "Elpidio",
        lastName: "Quirino",
        userName: "equirino",
        email: never,
        roleId: 10,
        schoolId: 1,
      },
      { token: admin },
    );
    expect(again.status).toBe(200);
    for (let attempt = 1; attempt <= 6; attempt++) {
      refuseOnce.add(never);
      await t.database.db.execute(
        sql`update outbox set updated_at = now() - interval '1 hour' where recipient = ${never}`,
      );
      await t.app.mailer.flush();
    }
    const last = (await t.app.repos.outbox.all()).find((m) => m.recipient === never)!;
    expect(last).toMatchObject({ status: "failed", attempts: 5 });
  });
});
