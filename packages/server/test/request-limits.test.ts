import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadTempDir } from "../src/lib/form";
import { IMAGE_PART_BYTES } from "../src/lib/uploads";
import { buildTestApp, useTestApp, type TestApp } from "./helper";
import { PNG } from "./support/files";

const t = useTestApp();

/** A raw multipart POST to /api/user/ (inject: the body as given, not as FormData builds it). */
const post = (
  payload: string | Buffer,
  contentType = "multipart/form-data; boundary=XYZ",
  resource = "user",
) =>
  t().app.inject({
    method: "POST",
    url: `/api/${resource}/`,
    headers: { "content-type": contentType },
    payload,
  });

const part = (name: string, value: string) =>
  `--XYZ\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe("request limits (issue 4: per route, not the framework's default)", () => {
  it("answers 413 to a file above the command's limit, and keeps the profile as it was", async () => {
    const token = await t().login("teacher");
    const before = await t().call<{ photo: string | null }>("user", "profile", {}, { token });
    const answer = await t().call(
      "user",
      "updateprofile",
      { firstName: "Juan" },
      {
        token,
        files: {
          photo: {
            filename: "big.png",
            type: "image/png",
            data: Buffer.concat([PNG, Buffer.alloc(IMAGE_PART_BYTES + 1)]),
          },
        },
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("The file is too large.");
    const after = await t().call<{ photo: string | null }>("user", "profile", {}, { token });
    expect(after.body.data).toEqual(before.body.data);
  });

  it("answers 413 to more files than a form may carry, and to a field above 1 MB", async () => {
    const token = await t().login("admin");
    const files = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`file${i}`, { filename: `${i}.png`, data: PNG }]),
    );
    expect((await t().call("user", "getisloggedinstatus", {}, { token, files })).status).toBe(413);
    const long = await t().call("user", "list", { search: "x".repeat(1024 * 1024 + 1) }, { token });
    expect(long.status).toBe(413);
  });

  it("answers 413 when the whole body passes the route's limit", async () => {
    // Roles take no files: their limit is the form's own 1 MB of room.
    const fields = [part("f1", "x".repeat(900 * 1024)), part("f2", "x".repeat(900 * 1024))];
    const body = part("cmdType", "list") + fields.join("") + "--XYZ--\r\n";
    const answer = await post(body, undefined, "role");
    expect(answer.statusCode).toBe(413);
    expect(
      (await post(part("cmdType", "list") + "--XYZ--\r\n", undefined, "role")).statusCode,
    ).toBe(401);
  });

  it("answers 400, not 500, to a malformed or cut body", async () => {
    const cut = await post(
      part("cmdType", "login") + "--XYZ\r\ncontent-disposition: form-data; name=",
    );
    expect(cut.statusCode).toBe(400);
    const noBoundary = await post(part("cmdType", "login"), "multipart/form-data");
    expect(noBoundary.statusCode).toBe(400);
  });

  it("reads the fields of a well-formed body in the order they were sent", async () => {
    const answer = await post(
      part("cmdType", "login") +
        part("userName", "admin") +
        part("password", "wrong") +
        "--XYZ--\r\n",
    );
    expect(answer.statusCode).toBe(401);
  });
});

/**
 * A request over a real socket whose body is only partly sent (the rest never arrives): the
 * answer must come anyway, from what the server refused before reading.
 */
function partialRequest(
  port: number,
  url: string,
  contentLength: number,
  bodyStart: string | Buffer,
  extraHeaders = "",
): Promise<{ status: number; text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer; got: ${received.slice(0, 200)}`));
    }, 10_000);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), text: received, closed });
    };
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const [head, body = ""] = received.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head ?? "");
      if (length && body.length >= Number(length[1])) {
        // The server closes the connection after such an answer.
        socket.once("close", () => finish(true));
        setTimeout(() => finish(false), 2000);
      }
    });
    socket.on("error", reject);
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: multipart/form-data; boundary=XYZ\r\n` +
        `Content-Length: ${contentLength}\r\n${extraHeaders}\r\n`,
    );
    socket.write(bodyStart);
  });
}

describe("bodies refused before they are read (issue 12)", () => {
  let live: TestApp;
  let port: number;
  let teacher: string;

  beforeAll(async () => {
    live = await buildTestApp();
    await live.app.listen({ port: 0, host: "127.0.0.1" });
    port = (live.app.server.address() as AddressInfo).port;
    teacher = await live.login("teacher");
  });
  afterAll(async () => {
    await live?.close();
  });

  const tempFiles = () => {
    try {
      return readdirSync(path.join(live.config.dataDir, "tmp"));
    } catch {
      return [];
    }
  };

  it("answers 413 to a declared size over the route's limit before any of the body arrives", async () => {
    const answer = await partialRequest(port, "/api/material/", 5 * 1024 ** 3, "--XYZ\r\n");
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("The file is too large.");
    expect(answer.closed).toBe(true);
  });

  it("answers 413 to a declared size over the command's own limit, read up to its name", async () => {
    // material's route takes 100 MB files; `list` takes none.
    const answer = await partialRequest(
      port,
      "/api/material/",
      50 * 1024 * 1024,
      part("cmdType", "list") + part("Authorization", `Bearer ${teacher}`),
    );
    expect(answer.status).toBe(413);
  });

  it("answers 413 to a body without files larger than a form's fields, whatever the route takes", async () => {
    const big = "x".repeat(900 * 1024);
    // JSON and url-encoded bodies are parsed whole before the caller is known.
    const declared = await live.app.inject({
      method: "POST",
      url: "/api/material/",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ cmdType: "list", a: big, b: big, c: big }),
    });
    expect(declared.statusCode).toBe(413);
    const chunks = [big, big, big].map((piece) => Buffer.from(piece));
    const chunked = await fetch(`http://127.0.0.1:${port}/api/material/`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // Multipart fields without a file are read before the command authenticates: kept small.
    const fields = await live.app.inject({
      method: "POST",
      url: "/api/material/",
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      payload:
        part("cmdType", "list") + part("a", big) + part("b", big) + part("c", big) + "--XYZ--\r\n",
    });
    expect(fields.statusCode).toBe(413);
  });

  it("answers 401 to a file from a caller who is not signed in, before reading the file", async () => {
    const start =
      part("cmdType", "create") +
      part("Authorization", "Bearer not-a-session") +
      '--XYZ\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n' +
      "content-type: application/pdf\r\n\r\n%PDF-1.4 ";
    const answer = await partialRequest(port, "/api/material/", 50 * 1024 * 1024, start);
    expect(answer.status).toBe(401);
    expect(answer.text).toContain("Invalid token!");
    expect(tempFiles()).toEqual([]);
  });

  it("asks for the caller again once a slow upload has arrived: a session ended meanwhile is refused", async () => {
    const token = await live.login("teacher");
    const before = await live.call<{ firstName: string; lastName: string; email: string }>(
      "user",
      "profile",
      {},
      { token },
    );
    const head =
      part("cmdType", "updateprofile") +
      part("Authorization", `Bearer ${token}`) +
      part("firstName", "Hijacked") +
      part("lastName", before.body.data!.lastName) +
      part("email", before.body.data!.email) +
      '--XYZ\r\ncontent-disposition: form-data; name="photo"; filename="a.png"\r\n' +
      "content-type: image/png\r\n\r\n";
    const tail = "\r\n--XYZ--\r\n";
    const body = Buffer.concat([Buffer.from(head), PNG, Buffer.from(tail)]);
    const cut = head.length + 8;
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    socket.write(
      `POST /api/user/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, cut));
    // The caller was accepted at the first file part; it signs out before the file has arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await live.call("user", "logout", {}, { token })).status).toBe(200);
    socket.write(body.subarray(cut));
    await closed;
    expect(Number(received.slice(9, 12))).toBe(401);
    const admin = await live.login("admin");
    const after = await live.call<{ firstName: string }>(
      "user",
      "get",
      { id: await live.userId("teacher") },
      { token: admin },
    );
    expect(after.body.data!.firstName).toBe(before.body.data!.firstName);
  });

  it("answers 401 to a file part that comes before any token", async () => {
    const start =
      part("cmdType", "create") +
      '--XYZ\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-';
    const answer = await partialRequest(port, "/api/material/", 10 * 1024 * 1024, start);
    expect(answer.status).toBe(401);
    expect(tempFiles()).toEqual([]);
  });

  it("answers 401 to a file sent whole without a valid token, and keeps nothing of it", async () => {
    const stored = readdirSync(path.join(live.config.dataDir, "files"), { recursive: true });
    const answer = await live.call(
      "user",
      "bulkupload",
      {},
      { token: "nope", files: { file: { data: "a,b\n", filename: "u.csv" } } },
    );
    expect(answer.status).toBe(401);
    expect(tempFiles()).toEqual([]);
    expect(readdirSync(path.join(live.config.dataDir, "files"), { recursive: true })).toEqual(
      stored,
    );
  });

  it("streams a large upload to disk, memory bounded, and removes the temporary file", async () => {
    const { courseId, elementIds } = await (
      await import("./support/journey")
    ).buildCourse(live, teacher, [{ name: "Big", materials: [] }]);
    const size = 60 * 1024 * 1024;
    const head =
      part("cmdType", "create") +
      part("Authorization", `Bearer ${teacher}`) +
      part("courseId", String(courseId)) +
      part("elementId", String(elementIds.Big)) +
      part("name", "Big file") +
      part("type", "file") +
      '--XYZ\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\n' +
      "content-type: application/pdf\r\n\r\n";
    const tail = "\r\n--XYZ--\r\n";
    const before = process.memoryUsage().rss;
    const answer = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        if (received.includes("\r\n\r\n")) {
          resolve(Number(received.slice(9, 12)));
          socket.destroy();
        }
      });
      socket.on("error", reject);
      const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
      socket.write(
        `POST /api/material/ HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XYZ\r\n` +
          `Content-Length: ${length}\r\n\r\n${head}%PDF-`,
      );
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 5;
      const pump = () => {
        while (sent < size) {
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
        socket.write(tail);
      };
      pump();
    });
    expect(answer).toBe(200);
    expect(process.memoryUsage().rss - before).toBeLessThan(size);
    // Removed as the request ends (the answer may leave just before).
    for (let i = 0; i < 20 && tempFiles().length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(tempFiles()).toEqual([]);
  });

  it("sweeps upload parts a stopped process left behind, a day old, and keeps fresh ones", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-parts-"));
    mkdirSync(path.join(dataDir, "tmp"));
    const stale = path.join(dataDir, "tmp", "old.part");
    const fresh = path.join(dataDir, "tmp", "new.part");
    writeFileSync(stale, "x");
    writeFileSync(fresh, "x");
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(stale, dayAgo, dayAgo);
    uploadTempDir(dataDir);
    for (let i = 0; i < 20 && existsSync(stale); i++) await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sets a request timeout that leaves a slow 100 MB upload room to finish", () => {
    expect(live.app.server.requestTimeout).toBe(live.config.requestTimeoutMs);
    expect(live.config.requestTimeoutMs).toBeGreaterThanOrEqual(15 * 60 * 1000);
  });
});
