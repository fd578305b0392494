import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { S3FileStorage } from "../src/lib/storage-s3";
import { DEMO_PASSWORD, freshPostgresUrl } from "./helper";
import { PNG } from "./support/files";
import { freePort } from "./support/pg-cluster";
import { startS3, type TestS3 } from "./support/s3";

// Only the "postgres" project includes this file (vitest.config.ts): two servers need PostgreSQL.
const onPostgres = inject("lmsTemplate").kind === "postgres";
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/main.js");

interface Server {
  url: string;
  contentUrl: string;
  dataDir: string;
  process: ChildProcess;
}

async function start(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const contentPort = await freePort();
  // Each server its own data folder: nothing of the files may depend on a shared disk.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-shared-"));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LMS_CONTENT_PORT: String(contentPort),
      HOST: "127.0.0.1",
      LMS_DATA_DIR: dataDir,
      LMS_SEED_DEMO: "0",
      LMS_PORTAL_DIR: path.join(dataDir, "no-portal"),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) {
        return { url, contentUrl: `http://127.0.0.1:${contentPort}`, dataDir, process: child };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

async function stop(server: Server) {
  if (server.process.exitCode === null) {
    server.process.kill("SIGTERM");
    await new Promise((resolve) => server.process.once("exit", resolve));
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function call<T = unknown>(
  server: Server,
  resource: string,
  fields: Record<string, unknown>,
  token?: string,
  files: Record<string, { data: Buffer; name: string }> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    body.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  if (token) body.append("Authorization", `Bearer ${token}`);
  for (const [name, file] of Object.entries(files)) {
    body.append(name, new Blob([new Uint8Array(file.data)]), file.name);
  }
  const response = await fetch(`${server.url}/api/${resource}/`, { method: "POST", body });
  return {
    status: response.status,
    body: (await response.json()) as { data?: T; message?: string },
  };
}

const login = async (server: Server, userName: string) =>
  (
    await call<{ token: string }>(server, "user", {
      cmdType: "login",
      userName,
      password: DEMO_PASSWORD,
    })
  ).body.data!.token;

/** An MP4's first box and then noise: a video the upload check takes, over a chunk long. */
const VIDEO = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypmp42"),
  randomBytes(1024 * 1024 + 333),
]);

const stores: [
  string,
  () => Promise<{ env: Record<string, string>; close?: () => Promise<void>; s3?: TestS3 }>,
][] = [
  ["database", async () => ({ env: { LMS_FILE_STORE: "database" } })],
  [
    "s3",
    async () => {
      const s3 = await startS3();
      return { env: s3.env, close: () => s3.close(), s3 };
    },
  ],
];

describe.each(stores)("two servers on one PostgreSQL, files in the %s store", (kind, setUp) => {
  let a: Server;
  let b: Server;
  let databaseUrl: string;
  let teardown: (() => Promise<void>)[] = [];
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    if (!onPostgres) throw new Error("shared-files.test.ts runs in the postgres project only");
    if (!existsSync(MAIN)) {
      throw new Error(`${MAIN} is missing: run 'pnpm --filter @lms/server build' before the tests`);
    }
    const database = await freshPostgresUrl();
    databaseUrl = database.url;
    teardown.push(database.drop);
    const store = await setUp();
    s3 = store.s3;
    if (store.close) teardown.push(store.close);
    a = await start(database.url, store.env);
    b = await start(database.url, store.env);
  }, 60_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server) await stop(server);
    for (const step of teardown.reverse()) await step();
    teardown = [];
  });

  async function stored(key: string): Promise<boolean> {
    if (s3) return (await new S3FileStorage(s3.settings).get(key)) !== null;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query("select 1 from file_objects where key = $1", [key]);
      return rows.length > 0;
    } finally {
      await client.end();
    }
  }

  async function storageKeyOf(materialId: number): Promise<string> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ storage_key: string }>(
        "select storage_key from material_files where material_id = $1",
        [materialId],
      );
      return rows[0]!.storage_key;
    } finally {
      await client.end();
    }
  }

  it("serves through one what was uploaded through the other, until the purge removes it", async () => {
    const teacher = await login(a, "teacher");
    const course = await call<{ id: number }>(
      a,
      "course",
      {
        cmdType: "create",
        courseName: `Shared ${kind}`,
        courseCode: `SH${kind.toUpperCase()}${Date.now() % 100000}`,
        gradeLevel: 7,
        subject: "Science",
        published: true,
      },
      teacher,
    );
    const element = await call<{ id: number }>(
      a,
      "element",
      { cmdType: "create", courseId: course.body.data!.id, name: "Unit", type: "lesson" },
      teacher,
    );
    const created = await call<{ id: number; files: { url: string }[] }>(
      a,
      "material",
      {
        cmdType: "create",
        courseId: course.body.data!.id,
        elementId: element.body.data!.id,
        name: "Clip",
        type: "file",
      },
      teacher,
      { file: { data: VIDEO, name: "clip.mp4" } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const materialId = created.body.data!.id;
    const key = await storageKeyOf(materialId);
    expect(await stored(key)).toBe(true);

    const onB = `${b.contentUrl}${new URL(created.body.data!.files[0]!.url).pathname}`;
    const whole = await fetch(onB);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(VIDEO)).toBe(true);
    const part = await fetch(onB, { headers: { range: "bytes=1048570-1048600" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(VIDEO.subarray(1048570, 1048601))).toBe(
      true,
    );

    // A photo uploaded through b, shown through a.
    const profile = await call(
      b,
      "user",
      {
        cmdType: "updateprofile",
        firstName: "Maria",
        lastName: "Santos",
        email: "teacher@demo.school.ph",
      },
      teacher,
      { photo: { data: PNG, name: "me.png" } },
    );
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const me = await call<{ userId: number }>(
      a,
      "user",
      { cmdType: "getisloggedinstatus" },
      teacher,
    );
    const photo = await fetch(`${a.url}/api/file/user/${me.body.data!.userId}`, {
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);

    // Deleted through a, purged through b: gone from the store itself.
    const deleted = await call<{ binIds: number[] }>(
      a,
      "material",
      { cmdType: "delete", id: materialId },
      teacher,
    );
    expect(deleted.status).toBe(200);
    expect(await stored(key)).toBe(true);
    const admin = await login(b, "admin");
    const purged = await call(
      b,
      "material",
      { cmdType: "purge", id: deleted.body.data!.binIds[0] },
      admin,
    );
    expect(purged.status, JSON.stringify(purged.body)).toBe(200);
    expect(await stored(key)).toBe(false);

    // Neither server wrote a file to its own disk.
    for (const server of [a, b]) {
      expect(readdirSync(server.dataDir).filter((name) => name === "files")).toEqual([]);
    }
  });
});
