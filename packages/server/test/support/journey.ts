import { writeZip } from "../../src/lib/zip";
import { multipart, type TestApp, type TestFile } from "../helper";

export interface Step {
  id: number;
  name: string;
  state: string;
  type: string;
  elementName: string;
}

/** A material of a built course: its type and what that type needs. */
export interface MaterialSpec {
  name: string;
  type: "page" | "link" | "file" | "quiz" | "scorm";
  files?: Record<string, TestFile>;
}

let codes = 0;

/**
 * A published Grade 7 Science course (the demo teacher's load, the demo student's grade) with
 * published elements holding the given materials, all built over the API as a teacher does.
 */
export async function buildCourse(
  t: TestApp,
  teacher: string,
  elements: { name: string; materials: MaterialSpec[] }[],
) {
  codes += 1;
  const course = await t.call<{ id: number }>(
    "course",
    "create",
    {
      courseName: `Journey ${codes}`,
      courseCode: `JRN${codes}${Date.now() % 100000}`,
      gradeLevel: 7,
      subject: "Science",
      published: true,
    },
    { token: teacher },
  );
  if (course.status !== 200) throw new Error(`course: ${course.payload}`);
  const courseId = course.body.data!.id;
  const ids: Record<string, number> = {};
  const elementIds: Record<string, number> = {};
  for (const element of elements) {
    const created = await t.call<{ id: number }>(
      "element",
      "create",
      { courseId, name: element.name, type: "lesson", published: true },
      { token: teacher },
    );
    if (created.status !== 200) throw new Error(`element: ${created.payload}`);
    elementIds[element.name] = created.body.data!.id;
    for (const material of element.materials) {
      const made = await t.call<{ id: number }>(
        "material",
        "create",
        {
          courseId,
          elementId: created.body.data!.id,
          name: material.name,
          type: material.type,
          published: true,
          ...(material.type === "page" ? { content: `<p>${material.name}</p>` } : {}),
          ...(material.type === "link" ? { url: "https://www.deped.gov.ph" } : {}),
        },
        { token: teacher, ...(material.files ? { files: material.files } : {}) },
      );
      if (made.status !== 200) throw new Error(`material ${material.name}: ${made.payload}`);
      ids[material.name] = made.body.data!.id;
    }
  }
  return { courseId, ids, elementIds };
}

/** The student's path through a course, flattened to its materials. */
export async function pathOf(t: TestApp, token: string, courseId: number): Promise<Step[]> {
  const path = await t.call<{ elements: { materials: Step[] }[] }>(
    "journey",
    "path",
    { courseId },
    { token },
  );
  if (path.status !== 200) throw new Error(`path: ${path.payload}`);
  return path.body.data!.elements.flatMap((e) => e.materials);
}

export const statesOf = async (t: TestApp, token: string, courseId: number) =>
  (await pathOf(t, token, courseId)).map((s) => `${s.name}:${s.state}`);

/** The class-service cookie of a signed-in user (the portal's auth_userkey round trip). */
export async function classCookie(t: TestApp, userName: string): Promise<string> {
  const login = await t.call<{ wsToken: string }>("user", "login", {
    userName,
    password: "Demo@2026!",
  });
  const { body, contentType } = await multipart({
    wsfunction: "auth_userkey_request_login_url",
    moodlewsrestformat: "json",
    wstoken: login.body.data!.wsToken,
    "user[username]": userName,
  });
  const answer = await t.app.inject({
    method: "POST",
    url: "/webservice/rest/server.php",
    headers: { "content-type": contentType },
    payload: body,
  });
  const url = new URL(answer.json().loginurl);
  const opened = await t.app.inject({ method: "GET", url: url.pathname + url.search });
  return String(opened.headers["set-cookie"]).split(";")[0]!;
}

/** A SCORM package of one SCO: 1.2 or 2004 by its manifest. */
export function scormZip(
  version: "1.2" | "2004",
  options: { launch?: string; files?: string[] } = {},
) {
  const launch = options.launch ?? "sco/start.html";
  const files = options.files ?? [launch];
  const manifest =
    version === "1.2"
      ? `<?xml version="1.0"?>
<manifest identifier="m12" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="${launch}"/></resources>
</manifest>`
      : `<?xml version="1.0"?>
<manifest identifier="m2004" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
  <resources>
    <resource identifier="assets" type="webcontent" adlcp:scormType="asset" href="other.html"/>
    <resource identifier="r" type="webcontent" adlcp:scormType="sco" href="${launch}"/>
  </resources>
</manifest>`;
  return writeZip([
    { path: "imsmanifest.xml", data: Buffer.from(manifest) },
    ...files.map((path) => ({ path, data: Buffer.from(`<!doctype html><title>${path}</title>`) })),
  ]);
}

/** GET of a content-origin URL (as the API hands them out) on the test app's content listener. */
export function fetchContent(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const parsed = new URL(url);
  return t.app.contentApp.inject({ method: "GET", url: parsed.pathname + parsed.search, headers });
}

/**
 * GET of the class service's /webservice/pluginfile.php/<id>/<path> with the class-service cookie:
 * its redirect (issue 12) is followed to the content origin, as a browser does. Refusals are the
 * class service's own answer.
 */
export async function classServiceFile(t: TestApp, path: string, cookie?: string) {
  const first = await t.app.inject({
    method: "GET",
    url: path,
    headers: cookie ? { cookie } : {},
  });
  if (first.statusCode !== 302) return first;
  return fetchContent(t, String(first.headers.location));
}
