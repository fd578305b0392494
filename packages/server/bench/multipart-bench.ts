/**
 * Issue 44: the server's multipart reader (`src/lib/multipart.ts`) against @fastify/multipart, in
 * one process, through Fastify's inject (the request's stream, the route, the answer), runs
 * interleaved. Four ways read each body: the reader as the server runs it (a small body of plain
 * fields read whole, anything else with busboy), the same reader made to stream every body through
 * busboy (its length not declared), busboy given the whole body at once (the file is not
 * written), and @fastify/multipart (`request.parts()`, files written to a
 * temporary file). Two bodies: a list request's form (six short fields) and a bulk upload (two
 * fields and a 200 KB CSV file). The process's CPU time a request (inject's own share included,
 * the same for each way; CPU, not wall time, so that a busy machine weighs less), medians of nine
 * rounds.
 *
 * Run with `pnpm --filter @lms/server bench:multipart`. @fastify/multipart is not a dependency:
 * install it anywhere (`npm install --prefix /tmp/fm @fastify/multipart@9`) and name its folder in
 * LMS_BENCH_FASTIFY_MULTIPART (`/tmp/fm/node_modules/@fastify/multipart/index.js`); without it
 * that way is left out.
 */
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
import Busboy from "@fastify/busboy";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { readMultipart, type MultipartLimits } from "../src/lib/multipart";
import { removeUploads } from "../src/lib/form";

const ROUNDS = 9;
const tempDir = mkdtempSync(path.join(os.tmpdir(), "lms-multipart-bench-"));

const limits: MultipartLimits = {
  bodyBytes: 64 * 1024 * 1024,
  fileBytes: 32 * 1024 * 1024,
  files: 1,
  fieldBytes: 1024 * 1024,
  fields: 500,
  fieldsTotalBytes: 2 * 1024 * 1024,
  tempDir,
};

const BOUNDARY = "----formdata-undici-0123456789";

function body(fields: [string, string][], file?: { name: string; bytes: Buffer }): Buffer {
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          "Content-Type: text/csv\r\n\r\n",
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const listForm = body([
  ["cmdType", "list"],
  ["token", "0123456789abcdef0123456789abcdef"],
  ["page", "3"],
  ["pageSize", "25"],
  ["sort", "lastName"],
  ["search", "garcia"],
]);

function csv(bytes: number): Buffer {
  let text = "username,firstName,lastName,email,role\n";
  for (let i = 0; text.length < bytes; i++)
    text += `student${i},Maria ${i},Garcia,student${i}@school.example,student\n`;
  return Buffer.from(text);
}

const upload = body(
  [
    ["cmdType", "bulkUpload"],
    ["token", "0123456789abcdef0123456789abcdef"],
  ],
  { name: "users.csv", bytes: csv(200 * 1024) },
);

/** The server's reader; `streamed` hides the body's length so that busboy reads every body. */
async function handWritten(streamed: boolean): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: limits.bodyBytes });
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  app.post("/", async (request) => {
    const headers = streamed
      ? { ...request.headers, "content-length": undefined }
      : request.headers;
    const form = await readMultipart(request.raw, headers, limits);
    await removeUploads(form);
    return { fields: form.entries.length, files: form.files.length };
  });
  await app.ready();
  return app;
}

/** The best a library's parser does on a list's form: busboy given the whole body at once. */
async function busboyWhole(): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: limits.bodyBytes });
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.post("/", async (request) => {
    const entries: [string, string][] = [];
    await new Promise<void>((resolve, reject) => {
      const parser = Busboy({
        headers: request.headers as Parameters<typeof Busboy>[0]["headers"],
        limits: { fieldSize: limits.fieldBytes, fields: limits.fields },
      });
      parser.on("field", (name: string, value: string) => entries.push([name, value]));
      parser.on("file", (_name: string, stream: NodeJS.ReadableStream) => stream.resume());
      parser.on("error", reject);
      parser.on("finish", resolve);
      parser.end(request.body as Buffer);
    });
    return { fields: entries.length, files: 0 };
  });
  await app.ready();
  return app;
}

async function withFastifyMultipart(
  plugin: FastifyPluginAsync<Record<string, unknown>>,
): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: limits.bodyBytes });
  await app.register(plugin, {
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files,
      fieldSize: limits.fieldBytes,
      fields: limits.fields,
    },
  });
  app.post("/", async (request) => {
    const entries: [string, string][] = [];
    const files: string[] = [];
    type Part = {
      type: "file" | "field";
      fieldname: string;
      value?: unknown;
      file?: NodeJS.ReadableStream;
    };
    const parts = (request as unknown as { parts(): AsyncIterable<Part> }).parts();
    for await (const part of parts) {
      if (part.type === "file" && part.file) {
        const file = path.join(tempDir, `${randomUUID()}.part`);
        await pipeline(part.file, createWriteStream(file, { flags: "wx", mode: 0o600 }));
        files.push(file);
      } else entries.push([part.fieldname, String(part.value)]);
    }
    for (const file of files) rmSync(file, { force: true });
    return { fields: entries.length, files: files.length };
  });
  await app.ready();
  return app;
}

async function loadFastifyMultipart(): Promise<FastifyPluginAsync<Record<string, unknown>> | null> {
  const specifier = process.env.LMS_BENCH_FASTIFY_MULTIPART;
  if (!specifier) return null;
  const module = (await import(specifier)) as {
    default: FastifyPluginAsync<Record<string, unknown>>;
  };
  return module.default;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(
  ways: Record<string, FastifyInstance>,
  payload: Buffer,
  requests: number,
): Promise<string> {
  const headers = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  const send = async (app: FastifyInstance) => {
    const answer = await app.inject({ method: "POST", url: "/", headers, payload });
    if (answer.statusCode !== 200) throw new Error(`answered ${answer.statusCode}: ${answer.body}`);
  };
  for (const app of Object.values(ways)) for (let i = 0; i < requests; i++) await send(app);
  const times: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, app] of Object.entries(ways)) {
      const start = process.cpuUsage();
      for (let i = 0; i < requests; i++) await send(app);
      const used = process.cpuUsage(start);
      (times[name] ??= []).push((used.user + used.system) / requests);
    }
  }
  return Object.entries(times)
    .map(([name, values]) => `${name} ${median(values).toFixed(0)} µs CPU`)
    .join(", ");
}

async function main(): Promise<void> {
  const ways: Record<string, FastifyInstance> = {
    "server's reader": await handWritten(false),
    "busboy only": await handWritten(true),
    "busboy on the whole body": await busboyWhole(),
  };
  const plugin = await loadFastifyMultipart();
  if (plugin) ways["@fastify/multipart"] = await withFastifyMultipart(plugin);
  else console.log("@fastify/multipart left out (LMS_BENCH_FASTIFY_MULTIPART not set)");
  try {
    console.log(`list form (${listForm.length} bytes): ${await timed(ways, listForm, 2000)}`);
    console.log(`bulk upload (${upload.length} bytes): ${await timed(ways, upload, 100)}`);
  } finally {
    await Promise.all(Object.values(ways).map((app) => app.close()));
    rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
