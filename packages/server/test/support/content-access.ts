import { DEMO_USERS } from "../../src/db/seed";
import { PNG } from "./files";
import { classCookie, classServiceFile } from "./journey";
import type { TestApp } from "../helper";

export const ROLES = DEMO_USERS;
export type Role = (typeof ROLES)[number];

export const image = { file: { data: PNG, filename: "picture.png", type: "image/png" } };

/** The content-access tests' fixture and helpers, bound to a file's app. */
export function contentAccess(t: () => TestApp) {
  const tokens = {} as Record<Role, string>;
  const cookies = {} as Record<Role, string>;
  /** Material ids by what makes them special. */
  const m = {} as Record<
    | "first"
    | "second"
    | "draft"
    | "ofHiddenElement"
    | "ofHiddenCourse"
    | "globalDraft"
    | "globalPublished"
    | "otherSchool",
    number
  >;

  async function course(token: string, values: Record<string, unknown>) {
    const answer = await t().call<{ id: number }>(
      "course",
      "create",
      { subject: "Science", ...values, courseName: `C ${values.courseCode}` },
      { token },
    );
    if (answer.status !== 200) throw new Error(answer.payload);
    return answer.body.data!.id;
  }

  async function element(token: string, courseId: number, published: boolean) {
    const answer = await t().call<{ id: number }>(
      "element",
      "create",
      { courseId, name: `E${Date.now()}`, type: "lesson", published },
      { token },
    );
    if (answer.status !== 200) throw new Error(answer.payload);
    return answer.body.data!.id;
  }

  async function material(
    token: string,
    courseId: number,
    elementId: number,
    name: string,
    published: boolean,
  ) {
    const answer = await t().call<{ id: number }>(
      "material",
      "create",
      { courseId, elementId, name, type: "file", published },
      { token, files: image },
    );
    if (answer.status !== 200) throw new Error(answer.payload);
    return answer.body.data!.id;
  }

  /** Tokens and class-service cookies for every role, and the courses and materials the tests read. */
  async function seed() {
    for (const role of ROLES) {
      tokens[role] = await t().login(role);
      cookies[role] = await classCookie(t(), role);
    }
    const { teacher, admin, schooladmin2 } = tokens;
    // The teacher's own published course (Grade 7 Science, the student's grade).
    const openCourse = await course(teacher, {
      courseCode: "ACC1",
      gradeLevel: 7,
      published: true,
    });
    const shown = await element(teacher, openCourse, true);
    m.first = await material(teacher, openCourse, shown, "first", true);
    m.second = await material(teacher, openCourse, shown, "second", true);
    m.draft = await material(teacher, openCourse, shown, "draft", false);
    const hidden = await element(teacher, openCourse, false);
    m.ofHiddenElement = await material(teacher, openCourse, hidden, "of hidden element", true);
    // An unpublished course of the teacher's, all else published.
    const hiddenCourse = await course(teacher, {
      courseCode: "ACC2",
      gradeLevel: 7,
      published: false,
    });
    const inHidden = await element(teacher, hiddenCourse, true);
    m.ofHiddenCourse = await material(teacher, hiddenCourse, inHidden, "of hidden course", true);
    // A global course in the teacher's load, which only global users may change.
    const global = await course(admin, { courseCode: "ACC3", gradeLevel: 7, published: true });
    const inGlobal = await element(admin, global, true);
    m.globalPublished = await material(admin, global, inGlobal, "global published", true);
    m.globalDraft = await material(admin, global, inGlobal, "global draft", false);
    // The second school's course for its Grade 8 student.
    const other = await course(schooladmin2, {
      courseCode: "ACC4",
      gradeLevel: 8,
      published: true,
    });
    const inOther = await element(schooladmin2, other, true);
    m.otherSchool = await material(schooladmin2, other, inOther, "other school", true);
    return { hiddenCourse, openCourse };
  }

  /** The class service's file route, its redirect followed to the content origin: 200, or the refusal's status. */
  async function viaClassService(role: Role, id: number) {
    const answer = await classServiceFile(
      t(),
      `/webservice/pluginfile.php/${id}/picture.png`,
      cookies[role],
    );
    return answer.statusCode;
  }

  async function statusOf(role: Role, resource: string, cmdType: string, fields: object) {
    return (await t().call(resource, cmdType, { ...fields }, { token: tokens[role] })).status;
  }

  /** Every route that hands out a material's content or detail, for one role. */
  async function reads(role: Role, id: number) {
    return {
      file: await viaClassService(role, id),
      get: await statusOf(role, "material", "get", { id }),
      download: await statusOf(role, "material", "download", { id }),
      open: await statusOf(role, "journey", "open", { materialId: id }),
    };
  }
  return { tokens, m, course, element, seed, viaClassService, statusOf, reads };
}

export const ok = { file: 200, get: 200, download: 200, open: 200 };
/** Roles without materials view (student, parent, lsg) are refused those commands (403). */
export const learner = (file: number, open: number) => ({ file, get: 403, download: 403, open });
