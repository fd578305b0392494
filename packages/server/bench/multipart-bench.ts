/**
 * Issue 44: the server's multipart reader (`src/lib/multipart.ts`) against @fastify/busboy alone
 * and @fastify/multipart, in one process, through Fastify's inject (the request's stream, the
 * route, the answer), runs interleaved. Each way writes a file part to a temporary file. Two
 * bodies: a list request's form (six short fields) and a bulk upload (two fields and a 200 KB CSV
 * file). The process's CPU time a request (inject's own share included, the same for each way;
 * CPU, not wall time, so that a busy machine weighs less), medians of nine rounds.
 *
 * Run with `pnpm --filter @lms/server bench:multipart`. Neither library is a dependency: install
 * @fastify/multipart anywhere (`npm install --prefix /tmp/fm @fastify/multipart@9`, which brings
 * @fastify/busboy) and name its node_modules folder in LMS_BENCH_MULTIPART_LIBS
 * (`/tmp/fm/node_modules`); without it only the server's reader runs.
 */
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
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

async function serverReader(): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: limits.bodyBytes });
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  app.post("/", async (request) => {
    const form = await readMultipart(request.raw, request.headers, limits);
    await removeUploads(form);
    return { fields: form.entries.length, files: form.files.length };
  });
  await app.ready();
  return app;
}

type BusboyStream = NodeJS.WritableStream & {
  on(event: "field", listener: (name: string, value: string) => void): BusboyStream;
  on(event: "file", listener: (name: string, file: NodeJS.ReadableStream) => void): BusboyStream;
  on(event: "error" | "finish", listener: (error?: Error) => void): BusboyStream;
};
type Busboy = (options: { headers: object; limits: object }) => BusboyStream;

/** busboy reading the request as it streams, fields in order, a file to a temporary file. */
async function busboyAlone(busboy: Busboy): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: limits.bodyBytes });
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  app.post("/", async (request) => {
    const entries: [string, string][] = [];
    const files: Promise<string>[] = [];
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({
        headers: request.headers,
        limits: {
          fileSize: limits.fileBytes,
          files: limits.files,
          fieldSize: limits.fieldBytes,
          fields: limits.fields,
        },
      });
      parser.on("field", (name, value) => entries.push([name, value]));
      parser.on("file", (_name, stream) => {
        const file = path.join(tempDir, `${randomUUID()}.part`);
        files.push(
          pipeline(stream, createWriteStream(file, { flags: "wx", mode: 0o600 })).then(() => file),
        );
      });
      parser.on("error", reject);
      parser.on("finish", () => resolve());
      request.raw.pipe(parser);
    });
    for (const file of await Promise.all(files)) rmSync(file, { force: true });
    return { fields: entries.length, files: files.length };
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

/** @fastify/multipart and @fastify/busboy from LMS_BENCH_MULTIPART_LIBS, or null. */
function loadLibraries(): {
  multipart: FastifyPluginAsync<Record<string, unknown>>;
  busboy: Busboy;
} | null {
  const folder = process.env.LMS_BENCH_MULTIPART_LIBS;
  if (!folder) return null;
  const require = createRequire(path.join(folder, "bench.js"));
  return {
    multipart: require("@fastify/multipart") as FastifyPluginAsync<Record<string, unknown>>,
    busboy: require("@fastify/busboy") as Busboy,
  };
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
  const ways: Record<string, FastifyInstance> = { "server's reader": await serverReader() };
  const libraries = loadLibraries();
  if (libraries) {
    ways["busboy alone"] = await busboyAlone(libraries.busboy);
    ways["@fastify/multipart"] = await withFastifyMultipart(libraries.multipart);
  } else console.log("busboy and @fastify/multipart left out (LMS_BENCH_MULTIPART_LIBS not set)");
  try {
    console.log(`list form (${listForm.length} bytes): ${await timed(ways, listForm, 2000)}`);
    console.log(`bulk upload (${upload.length} bytes): ${await timed(ways, upload, 100)}`);
  } finally {
    await Promise.all(Object.values(ways).map((app) => app.close()));
    rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
