import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readMultipart, type MultipartLimits } from "../src/lib/multipart";

const limits: MultipartLimits = {
  bodyBytes: 4 * 1024 * 1024,
  fileBytes: 1024,
  files: 1,
  fieldBytes: 1024 * 1024,
  fields: 500,
  fieldsTotalBytes: 2 * 1024 * 1024,
  tempDir: mkdtempSync(path.join(os.tmpdir(), "lms-multipart-")),
};

/** A request carrying `body`, its length declared (read whole) or not (read as it streams). */
function request(
  body: string | Buffer,
  declared: boolean,
  type = "multipart/form-data; boundary=XYZ",
) {
  const raw = new PassThrough() as unknown as IncomingMessage & PassThrough;
  raw.on("end", () => Object.assign(raw, { complete: true }));
  raw.end(Buffer.from(body));
  const headers = {
    "content-type": type,
    ...(declared ? { "content-length": String(Buffer.byteLength(body)) } : {}),
  };
  return readMultipart(raw, headers, limits).then(
    (form) => ({ entries: form.entries, files: form.files.map((f) => [f.field, f.size]) }),
    (error: { status?: number }) => ({ refused: error.status }),
  );
}

const field = (disposition: string, value: string) =>
  `--XYZ\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;

describe("a small body read whole (issue 14)", () => {
  const bodies: Record<string, string> = {
    "plain fields in order": `${field('form-data; name="cmdType"', "list")}${field('form-data; name="page"', "2")}${field('form-data; name="page"', "3")}--XYZ--\r\n`,
    "values with line breaks, quotes and UTF-8": `${field('form-data; name="a\\"b"', "x\r\ny")}${field('form-data; name="ñame"', "valué")}${field('form-data; name="e"', "")}--XYZ--\r\n`,
    "no line break after the closing boundary": `${field('form-data; name="a"', "1")}--XYZ--`,
    "a preamble": `junk\r\n${field('form-data; name="a"', "1")}--XYZ--\r\n`,
    "padding after a boundary": `--XYZ  \r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XYZ--\r\n`,
    "a part that is not form-data": `${field('attachment; name="a"', "1")}${field('form-data; name="b"', "2")}--XYZ--\r\n`,
    "a name in RFC 5987 form": `${field("form-data; name*=utf-8''%C3%B1", "1")}--XYZ--\r\n`,
    "a folded header": `--XYZ\r\nContent-Disposition: form-data;\r\n name="a"\r\n\r\n1\r\n--XYZ--\r\n`,
    "a file": `${field('form-data; name="a"', "1")}--XYZ\r\nContent-Disposition: form-data; name="f"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nx,y\r\n--XYZ--\r\n`,
    "a field name past busboy's 100 bytes": `${field(`form-data; name="${"n".repeat(101)}"`, "1")}--XYZ--\r\n`,
    "no closing boundary": field('form-data; name="a"', "1"),
    "headers in other cases and spacing": `--XYZ\r\nCONTENT-DISPOSITION:form-data;  name="a"\r\n\r\n1\r\n--XYZ--\r\n`,
    "a header with another parameter": `${field('form-data; name="a"; size=3', "1")}--XYZ--\r\n`,
    "a second header": `--XYZ\r\nContent-Disposition: form-data; name="a"\r\nX-Note: y\r\n\r\n1\r\n--XYZ--\r\n`,
    "an empty name": `${field('form-data; name=""', "1")}--XYZ--\r\n`,
    "a value holding the delimiter's start": `${field('form-data; name="a"', "x\r\n--XYZW")}--XYZ--\r\n`,
    "more fields than a form may carry": `${field('form-data; name="a"', "1").repeat(501)}--XYZ--\r\n`,
    "lines ended by LF alone": `--XYZ\nContent-Disposition: form-data; name="a"\n\n1\n--XYZ--\n`,
  };

  for (const [name, body] of Object.entries(bodies)) {
    it(`reads ${name} as busboy reads it`, async () => {
      const streamed = await request(body, false);
      expect(await request(body, true)).toEqual(streamed);
    });
  }

  it("reads a quoted boundary and bytes that are not UTF-8 as busboy does", async () => {
    const quoted = 'multipart/form-data; boundary="XYZ"';
    const body = `${field('form-data; name="a"', "1")}--XYZ--\r\n`;
    expect(await request(body, true, quoted)).toEqual(await request(body, false, quoted));
    const bytes = Buffer.concat([
      Buffer.from(`--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n`),
      Buffer.from([0x61, 0xc3, 0x28, 0xff, 0x62]),
      Buffer.from("\r\n--XYZ--\r\n"),
    ]);
    expect(await request(bytes, true)).toEqual(await request(bytes, false));
  });

  it("reads plain fields in the order they were sent", async () => {
    expect(await request(bodies["plain fields in order"]!, true)).toEqual({
      entries: [
        ["cmdType", "list"],
        ["page", "2"],
        ["page", "3"],
      ],
      files: [],
    });
  });

  it("refuses more fields than a form may carry, and a malformed body, as busboy does", async () => {
    expect(await request(bodies["more fields than a form may carry"]!, true)).toEqual({
      refused: 413,
    });
    expect(await request(bodies["no closing boundary"]!, true)).toEqual({ refused: 400 });
  });
});
