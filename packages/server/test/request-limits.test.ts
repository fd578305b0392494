import { describe, expect, it } from "vitest";
import { IMAGE_PART_BYTES } from "../src/lib/uploads";
import { useTestApp } from "./helper";
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
