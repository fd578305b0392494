import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig, type ServerConfig } from "../src/config";
import { openDatabase, type Database } from "../src/db/client";
import { takePglite } from "./support/pglite-pool";
import { DEMO_PASSWORD, TEST_ARGON2 } from "./support/template";

export { DEMO_PASSWORD };

export type FieldValue = string | number | boolean | null | undefined | object;

export interface TestFile {
  data: Buffer | string;
  filename: string;
  type?: string;
}

export interface CallOptions {
  token?: string;
  files?: Record<string, TestFile>;
  /** Ordered fields sent after the others (repeated names such as filter[values][]). */
  entries?: [string, string][];
  /** Send the token as a header instead of the form field. */
  header?: boolean;
}

export interface Answer<T = unknown> {
  status: number;
  body: {
    status: number;
    code?: string;
    message?: string;
    data?: T;
    errors?: { field: string; row?: number; code: string; message: string }[];
  };
  headers: Record<string, string | string[] | number | undefined>;
  payload: string;
  rawPayload: Buffer;
}

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  database: Database;
  /** A multipart POST to /api/<resource>/ as the portal's client sends it. */
  call<T = unknown>(
    resource: string,
    cmdType: string,
    fields?: Record<string, FieldValue>,
    options?: CallOptions,
  ): Promise<Answer<T>>;
  /** Signs in a demo user (or any user) and returns the token. */
  login(userName: string, password?: string): Promise<string>;
  /** The id of a user by user name. */
  userId(userName: string): Promise<number>;
  close(): Promise<void>;
}

/** A multipart body as the browser's FormData would send it. */
export async function multipart(
  fields: Record<string, FieldValue>,
  entries: [string, string][] = [],
  files: Record<string, TestFile> = {},
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(
      name,
      value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value),
    );
  }
  for (const [name, value] of entries) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    const bytes = typeof file.data === "string" ? Buffer.from(file.data) : file.data;
    form.append(
      name,
      new Blob([new Uint8Array(bytes)], { type: file.type ?? "application/octet-stream" }),
      file.filename,
    );
  }
  const request = new Request("http://test.invalid/", { method: "POST", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type")!,
  };
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject("lmsTemplate");
  if (template.kind === "pglite") {
    const { database, release } = await takePglite(template.dumpFile!);
    return { database, drop: release };
  }
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    // CREATE DATABASE ... TEMPLATE fails while another copy of the template is being made.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template.templateDb}`);
        break;
      } catch (error) {
        if (attempt >= 50 || !/being accessed/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = template.adminUrl!.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: template.adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The database URL of a fresh copy of the template (PostgreSQL project only). */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject("lmsTemplate");
  const name = `p_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.templateDb}`);
  await admin.end();
  return {
    url: template.adminUrl!.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      const client = new pg.Client({ connectionString: template.adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A test configuration: cheap argon2, its own data folder, no portal build. */
export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({ LMS_READ_MODELS: process.env.LMS_READ_MODELS });
  return {
    ...base,
    dataDir,
    portalDir: path.join(dataDir, "no-portal"),
    publicUrl: "http://portal.test",
    contentUrl: "http://content.test",
    argon2: TEST_ARGON2,
    // Every answer is checked against its command's declaration in @lms/core's contract.
    contractChecks: true,
    ...overrides,
  };
}

/** A fresh app on a fresh copy of the seeded database; close() removes everything. */
export async function buildTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const template = inject("lmsTemplate");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-test-"));
  cpSync(template.filesDir, path.join(dataDir, "files"), { recursive: true });
  const { database, drop } = await openTestDatabase();
  const config = testConfig(dataDir, overrides);
  // A PGlite database goes back to the worker's pool after the app (`drop`), unless a test closed it.
  const app = await buildApp({ config, database, ownsDatabase: template.kind === "postgres" });
  await app.ready();

  const call: TestApp["call"] = async (resource, cmdType, fields = {}, options = {}) => {
    const tokenField =
      options.token && !options.header ? { Authorization: `Bearer ${options.token}` } : {};
    const { body, contentType } = await multipart(
      { ...(cmdType ? { cmdType } : {}), ...fields, ...tokenField },
      options.entries,
      options.files,
    );
    const response = await app.inject({
      method: "POST",
      url: `/api/${resource}/`,
      headers: {
        "content-type": contentType,
        ...(options.token && options.header ? { authorization: `Bearer ${options.token}` } : {}),
      },
      payload: body,
    });
    let parsed: Answer["body"];
    try {
      parsed = response.json();
    } catch {
      parsed = { status: response.statusCode };
    }
    return {
      status: response.statusCode,
      body: parsed as Answer<never>["body"],
      headers: response.headers,
      payload: response.payload,
      rawPayload: response.rawPayload,
    };
  };

  const login: TestApp["login"] = async (userName, password = DEMO_PASSWORD) => {
    const answer = await call<{ token: string }>("user", "login", { userName, password });
    if (answer.status !== 200) {
      throw new Error(`login ${userName}: ${answer.status} ${answer.payload}`);
    }
    return answer.body.data!.token;
  };

  const userId: TestApp["userId"] = async (userName) => {
    const user = await app.repos.users.findForLogin(userName);
    if (!user) throw new Error(`no user ${userName}`);
    return user.id;
  };

  return {
    app,
    config,
    database,
    call,
    login,
    userId,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app for a test file: built before its tests, closed after them. */
export function useTestApp(overrides: Partial<ServerConfig> = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error("the test app is not ready");
    return current;
  };
}
