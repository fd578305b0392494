import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/errors";
import { removeUploads } from "../src/lib/form";
import { readMultipart, type MultipartLimits } from "../src/lib/multipart";

const tempDir = mkdtempSync(path.join(os.tmpdir(), "lms-multipart-"));
const limits: MultipartLimits = {
  bodyBytes: 4 * 1024 * 1024,
  fileBytes: 1024,
  files: 1,
  fieldBytes: 1024 * 1024,
  fields: 500,
  fieldsTotalBytes: 2 * 1024 * 1024,
  tempDir,
};

/** A request carrying `body` in chunks of `chunk` bytes, each in a turn of its own. */
function send(body: string | Buffer, chunk: number, type: string) {
  const raw = new PassThrough() as unknown as IncomingMessage & PassThrough;
  raw.on("end", () => Object.assign(raw, { complete: true }));
  const bytes = Buffer.from(body);
  void (async () => {
    for (let i = 0; i < bytes.length; i += chunk) {
      raw.write(bytes.subarray(i, i + chunk));
      await new Promise((resolve) => setImmediate(resolve));
    }
    raw.end();
  })();
  return { raw, headers: { "content-type": type } };
}

/** The body read whole, a byte at a time and three at a time: the same answer each way. */
async function read(
  body: string | Buffer,
  type = "multipart/form-data; boundary=XYZ",
  more: Partial<MultipartLimits> = {},
) {
  const answers = [];
  for (const chunk of [1 << 20, 1, 3]) {
    const { raw, headers } = send(body, chunk, type);
    answers.push(
      await readMultipart(raw, headers, { ...limits, ...more }).then(
        async (form) => {
          const files = form.files.map((f) => [
            f.field,
            f.filename,
            f.mimetype,
            readFileSync(f.path, "latin1"),
          ]);
          await removeUploads(form);
          return { entries: form.entries, files };
        },
        (error: { status?: number }) => ({ refused: error.status }),
      ),
    );
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  return answers[0];
}

const field = (disposition: string, value: string) =>
  `--XYZ\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
const file = (name: string, filename: string, bytes: string, type = "text/csv") =>
  `--XYZ\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
const fields = (...pairs: [string, string][]) => ({ entries: pairs, files: [] });

describe("multipart bodies, read as they arrive (issue 44)", () => {
  const cases: [string, string | Buffer, unknown][] = [
    [
      "plain fields in the order they were sent",
      `${field('form-data; name="cmdType"', "list")}${field('form-data; name="page"', "2")}${field('form-data; name="page"', "3")}--XYZ--\r\n`,
      fields(["cmdType", "list"], ["page", "2"], ["page", "3"]),
    ],
    [
      "line breaks, quotes and UTF-8 in names and values",
      `${field('form-data; name="a\\"b"', "x\r\ny\r\n\r\nz")}${field('form-data; name="ñame"', "valué ✓")}${field('form-data; name="e"', "")}--XYZ--\r\n`,
      fields(['a"b', "x\r\ny\r\n\r\nz"], ["ñame", "valué ✓"], ["e", ""]),
    ],
    [
      "no line break after the closing delimiter",
      `${field('form-data; name="a"', "1")}--XYZ--`,
      fields(["a", "1"]),
    ],
    ["a preamble", `junk\r\n${field('form-data; name="a"', "1")}--XYZ--\r\n`, fields(["a", "1"])],
    [
      "an epilogue",
      `${field('form-data; name="a"', "1")}--XYZ--\r\njunk\r\n--XYZ\r\n`,
      fields(["a", "1"]),
    ],
    ["a closing delimiter alone", "--XYZ--\r\n", fields()],
    [
      "a part that is not form-data, or has no name, skipped",
      `${field('attachment; name="a"', "1")}${field("form-data", "2")}${field('form-data; name="b"', "3")}--XYZ--\r\n`,
      fields(["b", "3"]),
    ],
    [
      "a name in RFC 5987 form",
      `${field("form-data; name*=utf-8''%C3%B1", "1")}--XYZ--\r\n`,
      fields(["ñ", "1"]),
    ],
    [
      "a folded header, other cases and spacing",
      `--XYZ\r\nCONTENT-DISPOSITION:form-data;\r\n  NAME = "a"\r\n\r\n1\r\n--XYZ--\r\n`,
      fields(["a", "1"]),
    ],
    [
      "another parameter and a second header",
      `--XYZ\r\nContent-Disposition: form-data; name="a"; size=3\r\nX-Note: y\r\n\r\n1\r\n--XYZ--\r\n`,
      fields(["a", "1"]),
    ],
    ["an empty name", `${field('form-data; name=""', "1")}--XYZ--\r\n`, fields(["", "1"])],
    [
      "a field name past 100 bytes",
      `${field(`form-data; name="${"n".repeat(101)}"`, "1")}--XYZ--\r\n`,
      fields(["n".repeat(101), "1"]),
    ],
    [
      "a value holding the delimiter's start",
      `${field('form-data; name="a"', "x\r\n--XY\r\n-")}${field('form-data; name="b"', "-XYZ")}--XYZ--\r\n`,
      fields(["a", "x\r\n--XY\r\n-"], ["b", "-XYZ"]),
    ],
    [
      "a value that starts with the boundary as a delimiter, its part dropped",
      `${field('form-data; name="a"', "--XYZ")}${field('form-data; name="b"', "2")}--XYZ--\r\n`,
      fields(["b", "2"]),
    ],
    [
      "a part whose header block the next delimiter cuts, dropped",
      `${field('form-data; name="a"', "x\r\n--XYZW")}--XYZ--\r\n`,
      fields(["a", "x"]),
    ],
    [
      "a field's declared Latin-1",
      Buffer.from(
        `--XYZ\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=ISO-8859-1\r\n\r\n\xf1a\r\n--XYZ--\r\n`,
        "latin1",
      ),
      fields(["a", "ña"]),
    ],
    [
      "a file beside fields",
      `${field('form-data; name="a"', "1")}${file("f", "a.csv", "x,y\r\n1,2")}${field('form-data; name="b"', "2")}--XYZ--\r\n`,
      {
        entries: [
          ["a", "1"],
          ["b", "2"],
        ],
        files: [["f", "a.csv", "text/csv", "x,y\r\n1,2"]],
      },
    ],
    [
      "a file's UTF-8 name, without its folders",
      `${file("f", "C:\\\\dir\\\\ñandú.csv", "xy")}--XYZ--\r\n`,
      { entries: [], files: [["f", "ñandú.csv", "text/csv", "xy"]] },
    ],
    [
      "a file's name in RFC 5987 form, and a part of octet-stream without one",
      `--XYZ\r\nContent-Disposition: form-data; name="f"; filename*=UTF-8''%C3%B1.csv\r\n\r\nxy\r\n--XYZ--\r\n`,
      { entries: [], files: [["f", "ñ.csv", "text/plain", "xy"]] },
    ],
    [
      "an octet-stream part without a file name, as a file",
      `--XYZ\r\nContent-Disposition: form-data; name="f"\r\nContent-Type: application/octet-stream\r\n\r\nxy\r\n--XYZ--\r\n`,
      { entries: [], files: [["f", "", "application/octet-stream", "xy"]] },
    ],
    [
      "a file of exactly its limit, delimiter-like bytes in it",
      `${file("f", "a", "x\r\n-".repeat(256))}--XYZ--\r\n`,
      { entries: [], files: [["f", "a", "text/csv", "x\r\n-".repeat(256)]] },
    ],
  ];
  for (const [name, body, expected] of cases) {
    it(`reads ${name}`, async () => {
      expect(await read(body)).toEqual(expected);
    });
  }

  it("reads a quoted boundary, one among other parameters, and bytes that are not UTF-8", async () => {
    const body = `${field('form-data; name="a"', "1")}--XYZ--\r\n`;
    expect(await read(body, 'multipart/form-data; boundary="XYZ"')).toEqual(fields(["a", "1"]));
    expect(await read(body, "Multipart/Form-Data; charset=utf-8; BOUNDARY=XYZ; x=1")).toEqual(
      fields(["a", "1"]),
    );
    const bytes = Buffer.concat([
      Buffer.from(`--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n`),
      Buffer.from([0x61, 0xc3, 0x28, 0xff, 0x62]),
      Buffer.from("\r\n--XYZ--\r\n"),
    ]);
    expect(await read(bytes)).toEqual(fields(["a", "a\ufffd(\ufffdb"]));
  });

  it("answers 400 to a malformed body", async () => {
    const part = field('form-data; name="a"', "1");
    for (const body of [
      part,
      `${part}--XYZ`,
      "--XYZ\r\nContent-Disposition: form-d",
      "",
      `--XYZ\nContent-Disposition: form-data; name="a"\n\n1\n--XYZ--\n`,
    ]) {
      expect(await read(body)).toEqual({ refused: 400 });
    }
    expect(await read(`${part}--XYZ--\r\n`, "multipart/form-data")).toEqual({ refused: 400 });
  });

  it("answers 413 past each limit", async () => {
    const a = (value: string) => field('form-data; name="a"', value);
    const tooLarge = { refused: 413 };
    expect(await read(`${a("1").repeat(501)}--XYZ--\r\n`)).toEqual(tooLarge);
    expect(await read(`${a("x".repeat(65))}--XYZ--\r\n`, undefined, { fieldBytes: 64 })).toEqual(
      tooLarge,
    );
    expect(
      await read(`${a("x".repeat(60)).repeat(2)}--XYZ--\r\n`, undefined, { fieldsTotalBytes: 100 }),
    ).toEqual(tooLarge);
    expect(await read(`${file("f", "a", "x".repeat(1025))}--XYZ--\r\n`)).toEqual(tooLarge);
    expect(await read(`${file("f", "a", "x")}${file("g", "b", "y")}--XYZ--\r\n`)).toEqual(tooLarge);
    expect(await read(`${a("x".repeat(200))}--XYZ--\r\n`, undefined, { bodyBytes: 100 })).toEqual(
      tooLarge,
    );
    const longHeader = `--XYZ\r\nContent-Disposition: form-data; name="a"\r\nX: ${"y".repeat(81 * 1024)}\r\n\r\n1\r\n--XYZ--\r\n`;
    expect(await read(longHeader)).toEqual(tooLarge);
    expect(
      await read(`${field('attachment; name="a"', "1").repeat(3)}--XYZ--\r\n`, undefined, {
        fields: 1,
        files: 0,
      }),
    ).toEqual(tooLarge);
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it("asks for the file limit once, before a file's first byte is written", async () => {
    let asked = 0;
    const body = `${field('form-data; name="a"', "1")}${file("f", "a", "xy")}${file("g", "b", "z")}--XYZ--\r\n`;
    const answer = await read(body, undefined, {
      files: 2,
      beforeFiles: async () => {
        asked++;
        expect(readdirSync(tempDir)).toEqual([]);
        return 2;
      },
    });
    expect(answer).toEqual({
      entries: [["a", "1"]],
      files: [
        ["f", "a", "text/csv", "xy"],
        ["g", "b", "text/csv", "z"],
      ],
    });
    expect(asked).toBe(3);
    const refused = await read(`${file("f", "a", "xyz")}--XYZ--\r\n`, undefined, {
      beforeFiles: () => Promise.reject(new ApiError(401, "auth.sessionExpired")),
    });
    expect(refused).toEqual({ refused: 401 });
    const small = await read(`${file("f", "a", "xyz")}--XYZ--\r\n`, undefined, {
      beforeFiles: async () => 2,
    });
    expect(small).toEqual({ refused: 413 });
  });

  it("stops at a field its caller refuses, closing the connection, and keeps no file", async () => {
    const seen: string[] = [];
    const { raw, headers } = send(
      `${file("f", "a", "xy")}${field('form-data; name="a"', "1")}${field('form-data; name="b"', "2")}--XYZ--\r\n`,
      1 << 20,
      "multipart/form-data; boundary=XYZ",
    );
    const error = await readMultipart(raw, headers, {
      ...limits,
      afterField: (name) => {
        seen.push(name);
        throw new ApiError(401, "auth.sessionExpired");
      },
    }).catch((refusal: ApiError) => refusal);
    expect(seen).toEqual(["a"]);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).headers).toMatchObject({ connection: "close" });
    expect(readdirSync(tempDir)).toEqual([]);
  });
});
