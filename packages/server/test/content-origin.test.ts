import { beforeAll, describe, expect, it } from "vitest";
import { writeZip } from "../src/lib/zip";
import { logOptions } from "../src/server";
import { useTestApp, type TestApp } from "./helper";
import { buildCourse, classCookie, classServiceFile, fetchContent } from "./support/journey";

/**
 * Issue 12: uploaded content is served by the content origin only, sandboxed, authorised by a
 * short-lived capability of a live session in the URL's path.
 */
const t = useTestApp();
let teacher: string;
let student: string;
let ids: Record<string, number>;

const SANDBOX = "sandbox allow-scripts allow-forms allow-popups";
const FRAMED_BY_PORTAL = `${SANDBOX}; frame-ancestors http://portal.test`;

/** A SCORM 1.2 package whose page carries script, with an SVG and a script file beside it. */
function hostilePackage(version: "1.2" | "2004") {
  const manifest =
    version === "1.2"
      ? `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html?page=1"/></resources>
</manifest>`
      : `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>
</manifest>`;
  return writeZip([
    { path: "imsmanifest.xml", data: Buffer.from(manifest) },
    {
      path: "index.html",
      data: Buffer.from(
        '<!DOCTYPE html><html lang="en"><HEAD data-x="1"><title>SCO</title><script>parent.API</script></HEAD><body>Hi</body></html>',
      ),
    },
    { path: "pages/two.htm", data: Buffer.from("<p>No head here</p>") },
    {
      path: "art/logo.svg",
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    { path: "lib/app.js", data: Buffer.from("localStorage.auth") },
  ]);
}

/** A .docx is a zip: the smallest one that the upload check takes. */
const docx = writeZip([{ path: "word/document.xml", data: Buffer.from("<w:document/>") }]);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
  ({ ids } = await buildCourse(t(), teacher, [
    {
      name: "Everything",
      materials: [
        {
          name: "Package 12",
          type: "scorm",
          files: { package: { data: hostilePackage("1.2"), filename: "a.zip" } },
        },
        {
          name: "Package 2004",
          type: "scorm",
          files: { package: { data: hostilePackage("2004"), filename: "b.zip" } },
        },
        { name: "Sheet", type: "file", files: { file: { data: pdf, filename: "sheet.pdf" } } },
        { name: "Doc", type: "file", files: { file: { data: docx, filename: "notes.docx" } } },
        {
          name: "Percent",
          type: "file",
          files: { file: { data: pdf, filename: '100% "done".pdf' } },
        },
      ],
    },
  ]));
});

interface Detail {
  files: { path: string; url: string; contentType: string }[];
  launchUrl?: string;
}

const detail = async (id: number, token = teacher) => {
  const answer = await t().call<Detail>("material", "get", { id }, { token });
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!;
};
const fileUrl = async (id: number, path: string, token = teacher) =>
  (await detail(id, token)).files.find((f) => f.path === path)!.url;

/**
 * The content origin's headers; a SCORM package's files go without frame-ancestors (its own pages
 * frame each other, from an opaque origin that no frame-ancestors source matches).
 */
function expectContentHeaders(headers: Record<string, unknown>, csp = FRAMED_BY_PORTAL) {
  expect(headers["content-security-policy"]).toBe(csp);
  expect(String(headers["content-security-policy"])).not.toContain("allow-same-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cross-origin-resource-policy"]).toBe("cross-origin");
  expect(headers["set-cookie"]).toBeUndefined();
}

/** Another capability in the same URL. */
const withCapability = (url: string, capability: string) =>
  url.replace(/\/content\/[^/]+\//, `/content/${capability}/`);
const capabilityOf = (url: string) => /\/content\/([^/]+)\//.exec(url)![1]!;

async function callerOf(app: TestApp, token: string) {
  const auth = await app.app.auth.authenticate(token);
  if (!auth.ok) throw new Error("not signed in");
  return auth.caller;
}

describe("the content origin", () => {
  it("hands out content URLs of the content origin with a capability in the path", async () => {
    const sheet = await detail(ids.Sheet!);
    expect(sheet.files[0]!.url).toMatch(
      new RegExp(
        `^http://content\\.test/content/[0-9a-z]+\\.[0-9a-z]+\\.[0-9a-z]+\\.[\\w-]{43}/${ids.Sheet}/sheet\\.pdf$`,
      ),
    );
    const pkg = await detail(ids["Package 12"]!);
    expect(pkg.launchUrl).toMatch(
      /^http:\/\/content\.test\/content\/[^/]+\/\d+\/index\.html\?page=1$/,
    );
    const loaded = await t().call<{ launchUrl: string }>(
      "journey",
      "scormload",
      { materialId: ids["Package 12"]! },
      { token: student },
    );
    expect(loaded.body.data!.launchUrl).toMatch(/^http:\/\/content\.test\/content\/[^/]+\//);
    // Each user's own capability.
    expect(capabilityOf(loaded.body.data!.launchUrl)).not.toBe(capabilityOf(pkg.launchUrl!));
  });

  it("serves a package's page with the SCORM bridge first in its head, sandboxed", async () => {
    for (const [name, runtime] of [
      ["Package 12", "scorm12.js"],
      ["Package 2004", "scorm2004.js"],
    ] as const) {
      const launch = (await detail(ids[name]!)).launchUrl!;
      const page = await fetchContent(t(), launch);
      expect(page.statusCode, page.payload).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(String(page.headers["content-disposition"])).toMatch(/^inline;/);
      expectContentHeaders(page.headers, SANDBOX);
      const version = name === "Package 12" ? "1.2" : "2004";
      expect(page.payload).toBe(
        `<!DOCTYPE html><html lang="en"><HEAD data-x="1"><script src="/_lms/${runtime}"></script>` +
          `<script src="/_lms/scorm-bridge.js" data-version="${version}" data-portal="http://portal.test"></script>` +
          "<title>SCO</title><script>parent.API</script></HEAD><body>Hi</body></html>",
      );
    }
    // A page without <head> gets it at its start; other files of the package are left as they are.
    const two = await fetchContent(t(), await fileUrl(ids["Package 12"]!, "pages/two.htm"));
    expect(two.payload).toMatch(
      /^<script src="\/_lms\/scorm12\.js"><\/script><script src="\/_lms\/scorm-bridge\.js"[^>]*><\/script><p>No head here<\/p>$/,
    );
    const script = await fetchContent(t(), await fileUrl(ids["Package 12"]!, "lib/app.js"));
    expect(script.payload).toBe("localStorage.auth");
    expectContentHeaders(script.headers, SANDBOX);
  });

  it("serves the bridge and scorm-again's runtimes itself", async () => {
    const bridge = await fetchContent(t(), "http://content.test/_lms/scorm-bridge.js");
    expect(bridge.statusCode).toBe(200);
    expect(bridge.headers["content-type"]).toContain("javascript");
    expect(bridge.payload).toContain("lms-scorm-bridge");
    expectContentHeaders(bridge.headers);
    for (const [name, global] of [
      ["scorm12.js", "this.Scorm12API"],
      ["scorm2004.js", "Scorm2004API"],
    ]) {
      const runtime = await fetchContent(t(), `http://content.test/_lms/${name}`);
      expect(runtime.statusCode).toBe(200);
      expect(runtime.payload).toContain(global);
    }
    expect((await fetchContent(t(), "http://content.test/_lms/other.js")).statusCode).toBe(404);
  });

  it("sends files a browser does not show as attachments, and shows PDFs, images and SVGs sandboxed", async () => {
    const doc = await fetchContent(t(), await fileUrl(ids.Doc!, "notes.docx"));
    expect(doc.statusCode).toBe(200);
    expect(String(doc.headers["content-disposition"])).toMatch(/^attachment;/);
    expectContentHeaders(doc.headers);
    const sheet = await fetchContent(t(), await fileUrl(ids.Sheet!, "sheet.pdf"));
    expect(sheet.headers["content-type"]).toBe("application/pdf");
    expect(String(sheet.headers["content-disposition"])).toMatch(/^inline;/);
    expectContentHeaders(sheet.headers);
    const svg = await fetchContent(t(), await fileUrl(ids["Package 12"]!, "art/logo.svg"));
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expectContentHeaders(svg.headers, SANDBOX);
  });

  it("opens a file whose name holds % and quotes (its path is decoded once)", async () => {
    const { files } = await detail(ids.Percent!);
    // As a browser sends it (its FormData writes a quote in a file name as %22).
    expect(files.map((f) => f.path)).toEqual(["100% %22done%22.pdf"]);
    const answer = await fetchContent(t(), files[0]!.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(pdf)).toBe(true);
    expect(String(answer.headers["content-disposition"])).toContain(
      "filename*=UTF-8''100%25%20%2522done%2522.pdf",
    );
  });

  it("puts the sandbox CSP on every answer, refusals and unknown addresses included", async () => {
    const url = await fileUrl(ids.Sheet!, "sheet.pdf");
    for (const address of [
      withCapability(url, "nope"),
      url.replace("sheet.pdf", "missing.pdf"),
      "http://content.test/api/user/",
      "http://content.test/",
      "http://content.test/index.html",
    ]) {
      const answer = await fetchContent(t(), address);
      expect([401, 404], address).toContain(answer.statusCode);
      expectContentHeaders(answer.headers);
    }
    // The content origin takes no command: POST /api is not there.
    const post = await t().app.contentApp.inject({ method: "POST", url: "/api/user/" });
    expect(post.statusCode).toBe(404);
    expectContentHeaders(post.headers);
  });

  it("refuses a forged capability", async () => {
    const url = await fileUrl(ids.Sheet!, "sheet.pdf");
    const capability = capabilityOf(url);
    const [session, user, expires, mac] = capability.split(".") as [string, string, string, string];
    const flipped = mac.slice(0, 10) + (mac[10] === "A" ? "B" : "A") + mac.slice(11);
    const otherSession = (parseInt(session, 36) + 1).toString(36);
    const later = (parseInt(expires, 36) + 3600).toString(36);
    for (const forged of [
      `${session}.${user}.${expires}.${flipped}`,
      `${otherSession}.${user}.${expires}.${mac}`,
      `${session}.${(parseInt(user, 36) + 1).toString(36)}.${expires}.${mac}`,
      `${session}.${user}.${later}.${mac}`,
      `${session}.${user}.${expires}`,
      "x".repeat(90),
    ]) {
      const answer = await fetchContent(t(), withCapability(url, forged));
      expect(answer.statusCode, forged).toBe(401);
      expect(answer.json()).toMatchObject({ status: 401, message: "Invalid token!" });
    }
    expect((await fetchContent(t(), url)).statusCode).toBe(200);
  });

  it("refuses a capability that has expired", async () => {
    const caller = await callerOf(t(), teacher);
    const old = t().app.contentCapabilities.mint(
      caller,
      ids.Sheet!,
      Date.now() - (t().config.contentLinkMinutes + 2) * 60_000,
    );
    const url = await fileUrl(ids.Sheet!, "sheet.pdf");
    expect((await fetchContent(t(), withCapability(url, old))).statusCode).toBe(401);
    const fresh = t().app.contentCapabilities.mint(caller, ids.Sheet!);
    expect((await fetchContent(t(), withCapability(url, fresh))).statusCode).toBe(200);
  });

  it("refuses a capability of another material", async () => {
    const docUrl = await fileUrl(ids.Doc!, "notes.docx");
    const sheetUrl = await fileUrl(ids.Sheet!, "sheet.pdf");
    const answer = await fetchContent(t(), withCapability(sheetUrl, capabilityOf(docUrl)));
    expect(answer.statusCode).toBe(401);
  });

  it("kills a session's capabilities when it signs out", async () => {
    const own = await t().login("teacher");
    const url = await fileUrl(ids.Sheet!, "sheet.pdf", own);
    expect((await fetchContent(t(), url)).statusCode).toBe(200);
    const out = await t().call("user", "logout", {}, { token: own });
    expect(out.status).toBe(200);
    const after = await fetchContent(t(), url);
    expect(after.statusCode).toBe(401);
    expectContentHeaders(after.headers);
  });

  it("refuses the capabilities of a disabled school's users until it is enabled again", async () => {
    const url = await fileUrl(ids.Sheet!, "sheet.pdf");
    expect((await fetchContent(t(), url)).statusCode).toBe(200);
    const admin = await t().login("admin");
    const schoolId = (await callerOf(t(), teacher)).schoolId!;
    const set = (status: string) =>
      t().call("school", "setstatus", { id: schoolId, status }, { token: admin });
    expect((await set("disabled")).status).toBe(200);
    try {
      expect((await fetchContent(t(), url)).statusCode).toBe(401);
    } finally {
      expect((await set("enabled")).status).toBe(200);
    }
    expect((await fetchContent(t(), url)).statusCode).toBe(200);
  });

  it("honours no cookie: neither the class-service cookie nor a portal token opens content", async () => {
    const cookie = await classCookie(t(), "teacher");
    const url = await fileUrl(ids.Sheet!, "sheet.pdf");
    const path = new URL(url).pathname.replace(/\/content\/[^/]+\//, "/content/-/");
    const answer = await t().app.contentApp.inject({
      method: "GET",
      url: path,
      headers: { cookie, authorization: `Bearer ${teacher}` },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  it("asks the material's access rules on every request, not only when the URL was made", async () => {
    // A capability of the student for a package it may not open yet (made by hand: the API
    // would not hand one out) is refused by assertMaterialReadable.
    const gated = await buildCourse(t(), teacher, [
      {
        name: "Gated",
        materials: [
          { name: "First", type: "page" },
          {
            name: "Later",
            type: "scorm",
            files: { package: { data: hostilePackage("1.2"), filename: "c.zip" } },
          },
        ],
      },
    ]);
    const later = gated.ids.Later!;
    const url = (await detail(later)).launchUrl!;
    const capability = t().app.contentCapabilities.mint(await callerOf(t(), student), later);
    const refused = await fetchContent(t(), withCapability(url, capability));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Sorry you need to finish previous course element/material.",
    );
    expectContentHeaders(refused.headers);
    await t().call("journey", "complete", { materialId: gated.ids.First! }, { token: student });
    expect((await fetchContent(t(), withCapability(url, capability))).statusCode).toBe(200);
  });

  it("gives the portal's own answers a strict CSP that frames only itself and the content origin", async () => {
    const answer = await t().app.inject({ method: "GET", url: "/" });
    const csp = String(answer.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "script-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "frame-src": "'self' http://content.test",
      "frame-ancestors": "'self'",
      "require-trusted-types-for": "'script'",
      "trusted-types": "dompurify default",
    });
    expect(directives["img-src"]).toContain("http://content.test");
    expect(directives["media-src"]).toContain("http://content.test");
    // The content origin never gets the portal's connect-src: it takes no /api call.
    expect(directives["connect-src"]).toBe("'self'");
  });

  it("keeps capabilities out of the request log", () => {
    const logger = logOptions("info") as {
      serializers: { req(r: { method: string; url: string }): { url: string } };
    };
    expect(
      logger.serializers.req({ method: "GET", url: "/content/1.2.abc.SECRET/7/index.html?page=1" })
        .url,
    ).toBe("/content/[redacted]/7/index.html?page=1");
    expect(
      logger.serializers.req({
        method: "POST",
        url: "/webservice/rest/server.php?wstoken=SECRET&Authorization=Bearer%20SECRET",
      }).url,
    ).not.toContain("SECRET");
  });

  it("never serves uploaded content on the portal's origin", async () => {
    const url = await fileUrl(ids["Package 12"]!, "art/logo.svg");
    // The content path is not a route of the portal's origin.
    const onPortal = await t().app.inject({ method: "GET", url: new URL(url).pathname });
    expect(onPortal.statusCode).toBe(404);
    expect(onPortal.payload).not.toContain("<svg");
    // The class service's file address sends the browser to the content origin.
    const cookie = await classCookie(t(), "teacher");
    for (const file of ["index.html", "art/logo.svg", "lib/app.js"]) {
      const answer = await t().app.inject({
        method: "GET",
        url: `/webservice/pluginfile.php/${ids["Package 12"]}/${file}`,
        headers: { cookie },
      });
      expect(answer.statusCode, file).toBe(302);
      expect(answer.payload).toBe("");
      expect(String(answer.headers.location)).toMatch(
        new RegExp(`^http://content\\.test/content/[^/]+/${ids["Package 12"]}/${file}$`),
      );
      const followed = await classServiceFile(
        t(),
        `/webservice/pluginfile.php/${ids["Package 12"]}/${file}`,
        cookie,
      );
      expect(followed.statusCode).toBe(200);
      expectContentHeaders(followed.headers, SANDBOX);
    }
  });
});
