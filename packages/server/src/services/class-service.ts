import { ROLE_IDS, es, type MessageKey } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, type Access, type Caller } from "./caller";
import { ApiError, text } from "../lib/errors";
import { fieldValue } from "../lib/form";
import { idField } from "../lib/inputs";
import type { CourseViewer } from "./course-records";
import { readerOf, viewerOf, type Reader } from "./viewer";
import { contentUrl, encodedPath } from "./content-capabilities";
import { readerCourses, readJourney } from "./journey";
import { isLearner, journeyOf } from "./journey-state";
import { childViewers, readableCourse } from "./material-access";
import {
  seconds,
  MOODLE_LANG,
  type Step,
  type Course,
  moduleOf,
  trackingOf,
  completionData,
  courseUrl,
  enrolledCourse,
  listedCourse,
} from "./moodle-shapes";

/**
 * The Moodle web-service functions of the class service (issue 17): what Moodle's own clients
 * call, answered in the shapes of the Moodle release below. Elements are Moodle's course sections
 * and materials its course modules (docs/API-DETAILS.md "Class service"); a student sees what its
 * journey shows, gated as the journey gates it.
 */

/** The Moodle release whose answers these follow (site info's release and version). */
export const MOODLE_RELEASE = "4.1 (Build: 20221128)";
export const MOODLE_VERSION = "2022112800";
/** The service /login/token.php issues tokens for: the one Moodle's clients ask for. */
export const CLASS_SERVICE_NAME = "moodle_mobile_app";

/** A Moodle error answer: `{ exception, errorcode, message }`. */
export class MoodleError extends Error {
  constructor(
    readonly exception: string,
    readonly errorcode: string,
    message: string,
  ) {
    super(message);
  }

  toJSON() {
    return { exception: this.exception, errorcode: this.errorcode, message: this.message };
  }
}

const moodleError = (exception: string, errorcode: string, key: MessageKey) =>
  new MoodleError(exception, errorcode, text(key));

export const invalidFunction = () =>
  moodleError("dml_missing_record_exception", "invalidrecord", "classService.invalidFunction");
const invalidParameter = () =>
  moodleError("invalid_parameter_exception", "invalidparameter", "classService.invalidParameter");
export const noPermission = () =>
  moodleError("required_capability_exception", "nopermissions", "errors.forbidden");
const notAccessible = () =>
  moodleError("require_login_exception", "requireloginerror", "classService.notAccessible");
const invalidUser = () =>
  moodleError("moodle_exception", "invaliduser", "classService.invalidUser");

/**
 * A refusal of the main service's rules in Moodle's terms: 404 is what `missing` says (a course
 * the caller may not see, a user out of reach), 403 no permission, 422 a bad parameter; 409 (a
 * course being deleted) as a course not accessible.
 */
async function asMoodle<T>(work: Promise<T>, missing: () => MoodleError): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404 || error.status === 409) throw missing();
    if (error.status === 403) throw noPermission();
    if (error.status === 422) throw invalidParameter();
    throw error;
  }
}

type Args = [string, string][];

function idArg(args: Args, name: string): number {
  const parsed = idField().safeParse(fieldValue(args, name));
  if (!parsed.success) throw invalidParameter();
  return parsed.data as number;
}

/**
 * Whose journey a course's contents show the caller: its own where it reads the course itself,
 * else (a parent) the child's whose course it is; 'requireloginerror' when none may see it.
 */
async function contentsViewer(
  app: FastifyInstance,
  caller: Caller,
  courseId: number,
): Promise<CourseViewer> {
  await asMoodle(readableCourse(app, caller, courseId), notAccessible);
  const own = viewerOf(caller);
  if (
    (can(caller, "courses", "view") || can(caller, "materials", "view")) &&
    (await app.repos.courses.find(courseId, own))
  ) {
    return own;
  }
  for (const viewer of await childViewers(app, caller)) {
    if (await app.repos.courses.find(courseId, viewer)) return viewer;
  }
  throw notAccessible();
}

/** A module's files (a file material's file, a link's address), reached by its content origin. */
async function moduleContents(app: FastifyInstance, caller: Caller, step: Step) {
  const material = step.material;
  const common = {
    timecreated: seconds(material.createdAt),
    timemodified: seconds(material.lastModified),
    sortorder: 0,
    userid: null,
    author: material.author,
    license: null,
  };
  if (material.type === "link") {
    return [
      { type: "url", filename: material.name, filepath: null, filesize: 0, fileurl: material.url },
    ].map((c) => ({ ...c, ...common }));
  }
  if (material.type !== "file") return [];
  const files = await app.repos.materials.filesOf([material.id]);
  return files.map((file) => ({
    type: "file",
    filename: file.path.split("/").pop() ?? file.path,
    filepath: "/",
    filesize: file.size,
    fileurl: contentUrl(app, caller, material.id, encodedPath(file.path)),
    mimetype: file.contentType,
    ...common,
  }));
}

/** What runClassFunction decided from a function's declaration before running it. */
interface Declared {
  /** The declared id arguments, validated. */
  ids: Record<string, number>;
  /** Whose journey it reads, when it declares `reader`. */
  reader: Reader | null;
}

interface ClassFunction {
  /** Who may call it, declared as the main service's commands declare it. */
  access: Exclude<Access, "public">;
  /** The id arguments it takes, validated in this order first ('invalidparameter'). */
  ids?: readonly string[];
  /**
   * The id argument naming whose journey it reads: the rule of the journey's reads
   * (services/viewer `readerOf`); a user out of the caller's reach is 'invaliduser'.
   */
  reader?: string;
  run(app: FastifyInstance, caller: Caller, args: Args, declared: Declared): Promise<unknown>;
}

/** The read functions of the class service, by their Moodle names. */
export const CLASS_FUNCTIONS: Record<string, ClassFunction> = {
  core_webservice_get_site_info: {
    access: "signedIn",
    async run(app, caller) {
      const user = await app.repos.users.findById(caller.userId);
      const base = app.config.publicUrl;
      return {
        sitename: es["app.name"],
        username: caller.userName,
        firstname: caller.firstName,
        lastname: caller.lastName,
        fullname: `${caller.firstName} ${caller.lastName}`.trim(),
        lang: MOODLE_LANG[user?.lang ?? "es"] ?? "en",
        userid: caller.userId,
        siteurl: base,
        userpictureurl: user?.photo ? `${base}/api/file/user/${caller.userId}` : "",
        functions: [...CLASS_FUNCTION_NAMES].map((name) => ({ name, version: MOODLE_VERSION })),
        downloadfiles: 1,
        uploadfiles: 0,
        release: MOODLE_RELEASE,
        version: MOODLE_VERSION,
        mobilecssurl: "",
        advancedfeatures: [{ name: "enablecompletion", value: 1 }],
        usercanmanageownfiles: false,
        userquota: 0,
        usermaxuploadfilesize: 0,
        userhomepage: 0,
        siteid: 1,
        sitecalendartype: "gregorian",
        usercalendartype: "gregorian",
        userissiteadmin: caller.roleId === ROLE_IDS.admin,
        theme: "",
      };
    },
  },

  /** A student its own courses; a parent its children's; staff the students in their scope. */
  core_enrol_get_users_courses: {
    access: "signedIn",
    ids: ["userid"],
    reader: "userid",
    async run(app, _caller, _args, { reader }) {
      const journeys = await readerCourses(app, reader!);
      return journeys.map((journey) => enrolledCourse(journey, reader!.viewer));
    },
  },

  /** The caller's view of a course: sections (elements) and modules (materials), gated. */
  core_course_get_contents: {
    access: "signedIn",
    async run(app, caller, args) {
      const courseId = idArg(args, "courseid");
      const viewer = await contentsViewer(app, caller, courseId);
      const journey = await asMoodle(journeyOf(app, viewer, courseId), notAccessible);
      const learner = isLearner(viewer);
      const sections: {
        id: number;
        name: string;
        visible: number;
        summary: string;
        summaryformat: number;
        section: number;
        hiddenbynumsections: number;
        uservisible: boolean;
        modules: unknown[];
      }[] = [];
      for (const step of journey.steps) {
        let section = sections.find((s) => s.id === step.element.id);
        if (!section) {
          section = {
            id: step.element.id,
            name: step.element.name,
            visible: 1,
            summary: "",
            summaryformat: 1,
            section: sections.length + 1,
            hiddenbynumsections: 0,
            uservisible: true,
            modules: [],
          };
          sections.push(section);
        }
        const module = moduleOf(step.material.type);
        const uservisible = step.state !== "locked";
        section.modules.push({
          id: step.material.id,
          url: courseUrl(app, journey.course),
          name: step.material.name,
          instance: step.material.id,
          contextid: step.material.id,
          visible: 1,
          uservisible,
          visibleoncoursepage: 1,
          modicon: "",
          modname: module.modname,
          modplural: module.modplural,
          indent: 0,
          onclick: "",
          afterlink: null,
          customdata: "",
          noviewlink: false,
          completion: trackingOf(step),
          completiondata: completionData(step, learner),
          downloadcontent: 1,
          dates: [],
          ...(uservisible
            ? { contents: await moduleContents(app, caller, step) }
            : { availabilityinfo: text("errors.finishPrevious") }),
        });
      }
      return sections;
    },
  },

  /** A user's completion of a course's activities: read as core_enrol_get_users_courses reads. */
  core_completion_get_activities_completion_status: {
    access: "signedIn",
    ids: ["courseid", "userid"],
    reader: "userid",
    async run(app, caller, _args, { ids, reader }) {
      const journey = await asMoodle(
        readJourney(app, caller, reader!, ids.courseid!),
        notAccessible,
      );
      const learner = isLearner(reader!.viewer);
      return {
        statuses: journey.steps.map((step) => ({
          cmid: step.material.id,
          modname: moduleOf(step.material.type).modname,
          instance: step.material.id,
          state: step.state === "complete" ? 1 : 0,
          timecompleted: seconds(step.progress?.completedAt),
          tracking: trackingOf(step),
          overrideby: null,
          valueused: false,
          hascompletion: true,
          isautomatic: moduleOf(step.material.type).automatic,
          istrackeduser: learner,
          uservisible: step.state !== "locked",
          details: [],
        })),
        warnings: [],
      };
    },
  },

  /**
   * The courses the caller may see (its own scope, a parent's children's), all of them or those
   * of one field: id, ids (comma-separated), shortname or idnumber (the course code), category
   * (the grade level).
   */
  core_course_get_courses_by_field: {
    access: "signedIn",
    async run(app, caller, args) {
      const field = fieldValue(args, "field") ?? "";
      const value = (fieldValue(args, "value") ?? "").trim();
      const match = courseMatcher(field, value);
      const viewers = [
        ...(can(caller, "courses", "view") || can(caller, "materials", "view")
          ? [viewerOf(caller)]
          : []),
        ...(await childViewers(app, caller)),
      ];
      const seen = new Set<number>();
      const courses = [];
      for (const viewer of viewers) {
        for (const course of await app.repos.courses.visible(viewer)) {
          if (seen.has(course.id) || !match(course)) continue;
          seen.add(course.id);
          try {
            courses.push(listedCourse(await readableCourse(app, caller, course.id)));
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
          }
        }
      }
      return { courses, warnings: [] };
    },
  },
};

function courseMatcher(field: string, value: string): (course: Course) => boolean {
  const ids = (list: string) => {
    const parsed = list.split(",").map((v) => idField().safeParse(v.trim()));
    if (parsed.some((p) => !p.success)) throw invalidParameter();
    return new Set(parsed.map((p) => p.data as number));
  };
  switch (field) {
    case "":
      return () => true;
    case "id":
    case "ids": {
      const wanted = ids(value);
      return (course) => wanted.has(course.id);
    }
    case "shortname":
    case "idnumber":
      return (course) => course.courseCode.toLowerCase() === value.toLowerCase();
    case "category": {
      const grade = Number(value);
      return (course) => course.gradeLevel === grade;
    }
    default:
      throw invalidParameter();
  }
}

/** Every function the class service serves (site info lists them). */
export const CLASS_FUNCTION_NAMES = [
  "auth_userkey_request_login_url",
  ...Object.keys(CLASS_FUNCTIONS),
] as const;

/** Runs a read function for the caller of a class-service token; throws MoodleError. */
export async function runClassFunction(
  app: FastifyInstance,
  caller: Caller,
  name: string,
  args: Args,
): Promise<unknown> {
  const fn = Object.hasOwn(CLASS_FUNCTIONS, name) ? CLASS_FUNCTIONS[name]! : undefined;
  if (!fn) throw invalidFunction();
  if (typeof fn.access === "object" && !can(caller, fn.access.module, fn.access.right)) {
    throw noPermission();
  }
  const ids = Object.fromEntries((fn.ids ?? []).map((name) => [name, idArg(args, name)]));
  const reader = fn.reader
    ? await asMoodle(readerOf(app, caller, ids[fn.reader] ?? idArg(args, fn.reader)), invalidUser)
    : null;
  return fn.run(app, caller, args, { ids, reader });
}
