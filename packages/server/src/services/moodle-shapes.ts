import type { FastifyInstance } from "fastify";
import type { CourseViewer } from "./course-records";
import { isLearner, summaryOf, type Journey } from "./journey-state";

/** The class service's answers in the shapes of Moodle's (services/class-service.ts). */

export const seconds = (date: Date | null | undefined) =>
  date ? Math.floor(date.getTime() / 1000) : 0;

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Moodle's language codes for the portal's. */
export const MOODLE_LANG: Record<string, string> = { es: "en", zh: "zh_cn", tg: "tl" };

export type Step = Journey["steps"][number];
export type Course = Journey["course"];

/** Moodle's module names for the material types, and their plural labels. */
export const MODULES: Record<string, { modname: string; modplural: string; automatic: boolean }> = {
  file: { modname: "resource", modplural: "Files", automatic: false },
  link: { modname: "url", modplural: "URLs", automatic: false },
  page: { modname: "page", modplural: "Pages", automatic: false },
  quiz: { modname: "quiz", modplural: "Quizzes", automatic: true },
  scorm: { modname: "scorm", modplural: "SCORM packages", automatic: true },
};
export const moduleOf = (type: string) => MODULES[type] ?? MODULES.file!;

/** Moodle's completion tracking: 1 manual (the student marks it), 2 automatic (quiz, SCORM). */
export const trackingOf = (step: Step) => (moduleOf(step.material.type).automatic ? 2 : 1);

/** A module's completion as Moodle tells it: state 1 complete, 0 not (yet). */
export function completionData(step: Step, learner: boolean) {
  return {
    state: step.state === "complete" ? 1 : 0,
    timecompleted: seconds(step.progress?.completedAt),
    overrideby: null,
    valueused: false,
    hascompletion: true,
    isautomatic: moduleOf(step.material.type).automatic,
    istrackeduser: learner,
    uservisible: step.state !== "locked",
    details: [],
  };
}

export const courseUrl = (app: FastifyInstance, course: Course) =>
  `${app.config.publicUrl}/courses/${course.id}`;

/** The fields Moodle's course answers share. */
export function courseFields(course: Course) {
  return {
    id: course.id,
    shortname: course.courseCode,
    fullname: course.courseName,
    displayname: course.courseName,
    idnumber: course.courseCode,
    summary: escapeHtml(course.description),
    summaryformat: 1,
    format: "topics",
    showgrades: true,
    lang: "",
    enablecompletion: true,
    startdate: 0,
    enddate: 0,
    visible: course.published ? 1 : 0,
    timemodified: seconds(course.updatedAt),
  };
}

/** core_enrol_get_users_courses's course: with the reader's progress and last access. */
export function enrolledCourse(journey: Journey, viewer: CourseViewer) {
  const summary = summaryOf(journey);
  const learner = isLearner(viewer);
  const opened = journey.steps.map((s) => seconds(s.progress?.lastOpenedAt)).filter((s) => s > 0);
  return {
    ...courseFields(journey.course),
    completionhascriteria: false,
    completionusertracked: learner,
    category: journey.course.gradeLevel,
    progress: learner ? summary.percent : null,
    completed: learner ? summary.complete : false,
    marker: 0,
    lastaccess: opened.length > 0 ? Math.max(...opened) : null,
    isfavourite: false,
    hidden: false,
    overviewfiles: [],
    showactivitydates: false,
    showcompletionconditions: true,
  };
}

/** core_course_get_courses_by_field's course. */
export function listedCourse(course: Course) {
  return {
    ...courseFields(course),
    categoryid: course.gradeLevel,
    categoryname: String(course.gradeLevel),
    sortorder: 0,
    summaryfiles: [],
    overviewfiles: [],
    contacts: [],
    enrollmentmethods: [],
    newsitems: 0,
    maxbytes: 0,
    showreports: 0,
    groupmode: 0,
    groupmodeforce: 0,
    defaultgroupingid: 0,
    completionnotify: 0,
    theme: "",
    marker: 0,
    legacyfiles: 0,
    calendartype: "",
    timecreated: seconds(course.createdAt),
    requested: 0,
    cacherev: seconds(course.updatedAt),
    filters: [],
    courseformatoptions: [],
  };
}
