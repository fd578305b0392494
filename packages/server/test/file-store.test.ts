import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { FallbackFileStorage, LocalFileStorage, type FileStorage } from "../src/lib/storage";
import { DatabaseFileStorage } from "../src/lib/storage-database";
import { S3FileStorage } from "../src/lib/storage-s3";
import { parseRange } from "../src/lib/send-file";
import { loadConfig } from "../src/config";
import { useTestApp } from "./helper";
import { PNG } from "./support/files";
import { buildCourse, fetchContent, scormZip } from "./support/journey";
import { startS3, type TestS3 } from "./support/s3";
import { readZip, writeZip } from "../src/lib/zip";

const t = useTestApp({ fileStore: { kind: "database", s3: null } });
let s3: TestS3;
const folder = mkdtempSync(path.join(os.tmpdir(), "lms-disk-store-"));

beforeAll(async () => {
  s3 = await startS3();
});

afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function text(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A stream of `data` in pieces of `piece` bytes that fails after `failAfter` bytes. */
function pieces(data: Buffer, piece: number, failAfter = Infinity): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < data.length; i += piece) {
        if (i >= failAfter) throw new Error("the upload broke off");
        yield data.subarray(i, i + piece);
      }
    })(),
  );
}

const stores: [string, () => FileStorage][] = [
  ["disk", () => new LocalFileStorage(folder)],
  // Chunks of 1,000 bytes: every file here spans several.
  ["database", () => new DatabaseFileStorage(t().database.db, 1000)],
  ["s3", () => new S3FileStorage(s3.settings)],
];

describe.each(stores)("the %s store", (_name, store) => {
  it("keeps what is put, whole, as a stream and by range; a missing key is null", async () => {
    const data = randomBytes(10_500);
    await store().put("materials/one.bin", data);
    expect((await store().get("materials/one.bin"))!.equals(data)).toBe(true);
    const whole = (await store().open("materials/one.bin"))!;
    expect(whole.size).toBe(10_500);
    expect(whole.range).toBeNull();
    expect((await text(whole.stream)).equals(data)).toBe(true);
    const part = (await store().open("materials/one.bin", (size) => ({
      start: 999,
      end: size - 8000,
    })))!;
    expect(part.range).toEqual({ start: 999, end: 2500 });
    expect((await text(part.stream)).equals(data.subarray(999, 2501))).toBe(true);
    expect(await store().get("materials/none.bin")).toBeNull();
    expect(await store().open("materials/none.bin")).toBeNull();
  });

  it("streams a file in and replaces an older one under the same key", async () => {
    const data = randomBytes(64 * 1024 + 17);
    await store().put("materials/two.bin", Buffer.from("old"));
    await store().putStream("materials/two.bin", pieces(data, 4096));
    expect((await store().get("materials/two.bin"))!.equals(data)).toBe(true);
  });

  it("keeps nothing of a stream that breaks off", async () => {
    await expect(
      store().putStream("materials/broken.bin", pieces(randomBytes(20_000), 3000, 9000)),
    ).rejects.toThrow(/broke off/);
    expect(await store().get("materials/broken.bin")).toBeNull();
  });

  it("removes keys, and a folder without its neighbours", async () => {
    await store().put("scorm/abc/index.html", Buffer.from("a"));
    await store().put("scorm/abc/media/v.mp4", Buffer.from("b"));
    await store().put("scorm/abcd/index.html", Buffer.from("c"));
    await store().put("photos/x.png", PNG);
    await store().removePrefix("scorm/abc");
    expect(await store().get("scorm/abc/index.html")).toBeNull();
    expect(await store().get("scorm/abc/media/v.mp4")).toBeNull();
    expect((await store().get("scorm/abcd/index.html"))!.toString()).toBe("c");
    await store().remove(["photos/x.png", "scorm/abcd/index.html", "photos/never.png"]);
    expect(await store().get("photos/x.png")).toBeNull();
    expect(await store().get("scorm/abcd/index.html")).toBeNull();
  });

  it("refuses keys that could leave its space", async () => {
    await expect(store().put("../etc/passwd", Buffer.from("x"))).rejects.toThrow(/invalid/);
    await expect(store().get("photos/../../x")).rejects.toThrow(/invalid/);
  });
});

describe("the database store", () => {
  const chunkCount = async () =>
    (
      await rowsOf<{ n: number }>(
        t().database.db.execute(sql`select count(*)::int as n from file_chunks`),
      )
    )[0]!.n;

  it("leaves no chunk behind: a broken upload, a replaced file, a removed one", async () => {
    const store = new DatabaseFileStorage(t().database.db, 1000);
    const before = await chunkCount();
    await expect(
      store.putStream("materials/cut.bin", pieces(randomBytes(8000), 1000, 5000)),
    ).rejects.toThrow();
    expect(await chunkCount()).toBe(before);
    await store.put("materials/kept.bin", randomBytes(4500));
    expect(await chunkCount()).toBe(before + 5);
    await store.put("materials/kept.bin", randomBytes(1500));
    expect(await chunkCount()).toBe(before + 2);
    await store.remove(["materials/kept.bin"]);
    expect(await chunkCount()).toBe(before);
  });
});

describe("the S3 store", () => {
  it("streams a file bigger than one part as a multipart upload", async () => {
    const store = new S3FileStorage(s3.settings);
    const data = randomBytes(17 * 1024 * 1024 + 5);
    await store.putStream("materials/big.bin", pieces(data, 256 * 1024));
    const back = (await store.open("materials/big.bin", () => ({
      start: 16_777_210,
      end: 16_777_229,
    })))!;
    expect(back.size).toBe(data.length);
    expect((await text(back.stream)).equals(data.subarray(16_777_210, 16_777_230))).toBe(true);
  });
});

describe("a shared store in front of the data folder", () => {
  it("reads what the disk store left, writes only to the shared one, removes from both", async () => {
    const disk = new LocalFileStorage(folder);
    const shared = new DatabaseFileStorage(t().database.db);
    const store = new FallbackFileStorage(shared, disk);
    await disk.put("logos/before.png", PNG);
    expect((await store.get("logos/before.png"))!.equals(PNG)).toBe(true);
    await store.put("logos/after.png", PNG);
    expect(await disk.get("logos/after.png")).toBeNull();
    expect((await shared.get("logos/after.png"))!.equals(PNG)).toBe(true);
    await store.remove(["logos/before.png", "logos/after.png"]);
    expect(await store.get("logos/before.png")).toBeNull();
    expect(await store.get("logos/after.png")).toBeNull();
  });
});

describe("LMS_FILE_STORE", () => {
  it("defaults to the disk with the embedded database and to the database on PostgreSQL", () => {
    expect(loadConfig({}).fileStore.kind).toBe("disk");
    expect(loadConfig({ DATABASE_URL: "postgres://x/y" }).fileStore.kind).toBe("database");
    expect(
      loadConfig({ DATABASE_URL: "postgres://x/y", LMS_FILE_STORE: "disk" }).fileStore,
    ).toEqual({ kind: "disk", s3: null });
  });

  it("reads the S3 settings, and refuses a store it does not know or an S3 without a bucket", () => {
    expect(
      loadConfig({ LMS_FILE_STORE: "s3", LMS_S3_BUCKET: "b", LMS_S3_ENDPOINT: "http://s3.local" })
        .fileStore.s3,
    ).toEqual({
      endpoint: "http://s3.local",
      bucket: "b",
      region: "us-east-1",
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: true,
    });
    expect(() => loadConfig({ LMS_FILE_STORE: "nfs" })).toThrow(/disk, database or s3/);
    expect(() => loadConfig({ LMS_FILE_STORE: "s3" })).toThrow(/LMS_S3_BUCKET/);
    expect(() =>
      loadConfig({ LMS_FILE_STORE: "s3", LMS_S3_BUCKET: "b", LMS_S3_ACCESS_KEY_ID: "k" }),
    ).toThrow(/go together/);
  });
});

describe("Range headers", () => {
  it("reads one range, a suffix, an open end; past the end is unsatisfiable", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=990-2000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-9", 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });
});

describe("an app on the database store", () => {
  /** An MP4's first box and then noise: a video the upload check takes. */
  const video = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypmp42"),
    randomBytes(1024 * 1024 + 4096),
  ]);

  it("serves an uploaded video from the database, by ranges, and the purge removes it", async () => {
    const teacher = await t().login("teacher");
    const course = await buildCourse(t(), teacher, [
      {
        name: "Videos",
        materials: [
          { name: "Clip", type: "file", files: { file: { data: video, filename: "clip.mp4" } } },
        ],
      },
    ]);
    const [file] = await t().app.repos.materials.filesOf([course.ids.Clip!]);
    const stored = await rowsOf<{ size: number }>(
      t().database.db.execute(
        sql`select size::int as size from file_objects where key = ${file!.storageKey}`,
      ),
    );
    expect(stored).toEqual([{ size: video.length }]);

    const detail = await t().call<{ files: { url: string }[] }>(
      "material",
      "get",
      { id: course.ids.Clip },
      { token: teacher },
    );
    const url = detail.body.data!.files[0]!.url;
    const whole = await fetchContent(t(), url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await fetchContent(t(), url, { range: "bytes=1048570-1048589" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1048570-1048589/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1048570, 1048590))).toBe(true);
    const past = await fetchContent(t(), url, { range: `bytes=${video.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${video.length}`);

    const deleted = await t().call<{ binIds: number[] }>(
      "material",
      "delete",
      { id: course.ids.Clip },
      { token: teacher },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect(await t().app.storage.get(file!.storageKey)).not.toBeNull();
    const admin = await t().login("admin");
    const purged = await t().call(
      "material",
      "purge",
      { id: deleted.body.data!.binIds[0] },
      { token: admin },
    );
    expect(purged.status, purged.payload).toBe(200);
    expect(await t().app.storage.get(file!.storageKey)).toBeNull();
    const left = await rowsOf<{ n: number }>(
      t().database.db.execute(
        sql`select count(*)::int as n from file_objects where key = ${file!.storageKey}`,
      ),
    );
    expect(left[0]!.n).toBe(0);
  });

  it("stores a SCORM package's big entry streamed, and a photo, both served back", async () => {
    const teacher = await t().login("teacher");
    const media = randomBytes(4 * 1024 * 1024 + 4096);
    const base = scormZip("1.2");
    const entries = await readZip(base);
    const zip = writeZip([...entries, { path: "sco/media/intro.bin", data: media }]);
    const course = await buildCourse(t(), teacher, [
      {
        name: "Package",
        materials: [
          { name: "Sco", type: "scorm", files: { file: { data: zip, filename: "p.zip" } } },
        ],
      },
    ]);
    const detail = await t().call<{ files: { path: string; url: string }[] }>(
      "material",
      "get",
      { id: course.ids.Sco },
      { token: teacher },
    );
    const entry = detail.body.data!.files.find((f) => f.path === "sco/media/intro.bin")!;
    const served = await fetchContent(t(), entry.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(media)).toBe(true);
    const page = await fetchContent(
      t(),
      detail.body.data!.files.find((f) => f.path === "sco/start.html")!.url,
    );
    expect(page.payload).toContain("/_lms/scorm-bridge.js");

    const profile = await t().call(
      "user",
      "updateprofile",
      { firstName: "Maria", lastName: "Santos", email: "teacher@demo.school.ph" },
      { token: teacher, files: { photo: { data: PNG, filename: "me.png" } } },
    );
    expect(profile.status, profile.payload).toBe(200);
    const id = await t().userId("teacher");
    const photo = await t().app.inject({
      method: "GET",
      url: `/api/file/user/${id}`,
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.rawPayload.equals(PNG)).toBe(true);
  });

  it("answers 404 for a file record whose stored file is gone", async () => {
    const teacher = await t().login("teacher");
    const course = await buildCourse(t(), teacher, [
      {
        name: "Lost",
        materials: [
          { name: "Gone", type: "file", files: { file: { data: PNG, filename: "gone.png" } } },
        ],
      },
    ]);
    const [file] = await t().app.repos.materials.filesOf([course.ids.Gone!]);
    await t().app.storage.remove([file!.storageKey]);
    const detail = await t().call<{ files: { url: string }[] }>(
      "material",
      "get",
      { id: course.ids.Gone },
      { token: teacher },
    );
    const served = await fetchContent(t(), detail.body.data!.files[0]!.url);
    expect(served.statusCode).toBe(404);
    expect(served.headers["content-disposition"]).toBeUndefined();
    const download = await t().call(
      "material",
      "download",
      { id: course.ids.Gone },
      { token: teacher },
    );
    expect(download.status).toBe(404);
    expect(download.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("still serves the demo files the data folder held before the switch", async () => {
    const admin = await t().login("admin");
    const [pdf] = await rowsOf<{ id: number }>(
      t().database.db.execute(sql`
        select m.id from materials m join material_files f on f.material_id = m.id
        where m.type = 'file' order by m.id limit 1`),
    );
    expect(pdf).toBeDefined();
    const answer = await t().call("material", "download", { id: pdf!.id }, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
