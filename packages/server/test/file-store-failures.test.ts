import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { buildTestApp, type TestApp } from "./helper";
import { PNG } from "./support/files";
import { scormZip } from "./support/journey";
import { startS3, type TestS3 } from "./support/s3";

/**
 * Issue 45 §10: the S3 store failing in the middle of an upload. A proxy in front of a real
 * S3-compatible server lets the first `allowed` requests through and cuts every one after: the
 * upload is answered with a clear 503, no material record is left, and the store works again
 * once the proxy lets requests through.
 */
let s3: TestS3;
let proxy: Server;
let allowed = Infinity;
let t: TestApp;
let teacher: string;
let courseId: number;
let elementId: number;

beforeAll(async () => {
  s3 = await startS3();
  const target = new URL(s3.settings.endpoint!);
  proxy = createServer((incoming, outgoing) => {
    if (allowed <= 0) {
      incoming.socket.destroy();
      return;
    }
    allowed -= 1;
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.socket?.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  t = await buildTestApp({
    fileStore: {
      kind: "s3",
      s3: { ...s3.settings, endpoint: `http://127.0.0.1:${port}` },
    },
  });
  teacher = await t.login("teacher");
  const course = await t.call<{ id: number }>(
    "course",
    "create",
    { courseName: "Stores", courseCode: "STORE-1", gradeLevel: 7, subject: "Science" },
    { token: teacher },
  );
  courseId = course.body.data!.id;
  const element = await t.call<{ id: number }>(
    "element",
    "create",
    { courseId, name: "Unit", type: "lesson", placement: "bottom" },
    { token: teacher },
  );
  elementId = element.body.data!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await s3?.close();
});

const materialCount = async () =>
  (
    await rowsOf<{ n: number }>(
      t.database.db.execute(
        sql`select count(*)::int as n from materials where course_id = ${courseId}`,
      ),
    )
  )[0]!.n;

const upload = (type: "file" | "scorm", data: Buffer, filename: string) =>
  t.call(
    "material",
    "create",
    { courseId, elementId, name: `A ${type}`, type, published: true },
    { token: teacher, files: { [type === "scorm" ? "package" : "file"]: { data, filename } } },
  );

describe("the S3 store failing mid-upload", () => {
  it("answers a SCORM package cut after its first entries with 503, and keeps no material", async () => {
    const before = await materialCount();
    // The manifest and one page go in; the store is gone for the rest.
    allowed = 2;
    const pages = ["sco/start.html", "sco/two.html", "sco/three.html", "sco/four.html"];
    const answer = await upload("scorm", scormZip("2004", { files: pages }), "package.zip");
    expect(answer.status, answer.payload).toBe(503);
    expect(answer.body.code).toBe("errors.fileStoreUnavailable");
    expect(answer.body.message).toBe(
      "The portal cannot store files right now. Please try again in a few seconds.",
    );
    expect(await materialCount()).toBe(before);
  });

  it("answers a file the store refuses with 503, keeps no material, and stores again once it is back", async () => {
    const before = await materialCount();
    allowed = 0;
    const refused = await upload("file", PNG, "diagram.png");
    expect(refused.status, refused.payload).toBe(503);
    expect(refused.body.code).toBe("errors.fileStoreUnavailable");
    expect(await materialCount()).toBe(before);

    allowed = Infinity;
    const stored = await upload("file", PNG, "diagram.png");
    expect(stored.status, stored.payload).toBe(200);
    expect(await materialCount()).toBe(before + 1);
  });
});
