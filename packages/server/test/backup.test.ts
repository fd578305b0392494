import { copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app";
import { backupPglite, restorePglite } from "../src/db/backup";
import { prepareDatabase } from "../src/server";
import { DEMO_PASSWORD, multipart, testConfig } from "./helper";

// The PGlite project only (vitest.config.ts): it makes embedded databases of its own.
const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `lms-${name}-`));
  folders.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function startOn(dataDir: string): Promise<FastifyInstance> {
  const config = testConfig(dataDir, { databaseUrl: null, seedDemo: true });
  const { database } = await prepareDatabase(config);
  const app = await buildApp({ config, database, ownsDatabase: true });
  await app.ready();
  return app;
}

async function call(app: FastifyInstance, resource: string, fields: Record<string, string>) {
  const { body, contentType } = await multipart(fields);
  const answer = await app.inject({
    method: "POST",
    url: `/api/${resource}/`,
    headers: { "content-type": contentType },
    payload: body,
  });
  return answer.json<{ status: number; data: Record<string, unknown> }>();
}

async function schoolsNamed(app: FastifyInstance, search: string): Promise<string[]> {
  const login = await call(app, "user", {
    cmdType: "login",
    userName: "admin",
    password: DEMO_PASSWORD,
  });
  const token = `Bearer ${String(login.data.token)}`;
  const list = await call(app, "school", { cmdType: "list", search, Authorization: token });
  return (list.data.data as { schoolName: string }[]).map((s) => s.schoolName);
}

/** A data folder holding the tests' migrated, seeded template (no initdb: a restore of it). */
async function seededDataDir(): Promise<string> {
  const template = inject("lmsTemplate");
  const asBackup = folder("template");
  copyFileSync(template.dumpFile!, path.join(asBackup, "db.tar.gz"));
  cpSync(template.filesDir, path.join(asBackup, "files"), { recursive: true });
  const dataDir = folder("data");
  await restorePglite(asBackup, dataDir);
  return dataDir;
}

describe("pnpm backup and pnpm restore (PGlite)", () => {
  it("backs the database and its files up, and restores them into a new folder where one signs in", async () => {
    const dataDir = await seededDataDir();
    const backup = path.join(folder("backups"), "today");
    const app = await startOn(dataDir);
    const token = `Bearer ${String(
      (await call(app, "user", { cmdType: "login", userName: "admin", password: DEMO_PASSWORD }))
        .data.token,
    )}`;
    const created = await call(app, "school", {
      cmdType: "create",
      schoolCode: "BAK-1",
      schoolName: "Backed Up Academy",
      city: "Iloilo City",
      Authorization: token,
    });
    expect(created.status).toBe(200);
    // While the server runs, the database is open: no backup of a moving target.
    await expect(backupPglite(dataDir, backup)).rejects.toThrow(/stop the server first/);
    await app.close();

    await backupPglite(dataDir, backup);
    expect(readdirSync(backup).sort()).toEqual(["db.tar.gz", "files"]);
    // Never over a database.
    await expect(restorePglite(backup, dataDir)).rejects.toThrow(/already holds a database/);

    const restoredDir = folder("restored");
    await restorePglite(backup, restoredDir);
    expect(readdirSync(path.join(restoredDir, "files")).sort()).toEqual(
      readdirSync(path.join(dataDir, "files")).sort(),
    );
    const restored = await startOn(restoredDir);
    try {
      expect(await schoolsNamed(restored, "backed up")).toEqual(["Backed Up Academy"]);
    } finally {
      await restored.close();
    }
  });
});
