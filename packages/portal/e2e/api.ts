import { baseUrl } from "./browser";
import { DEMO_PASSWORD } from "./stack";

type Fields = Record<string, unknown>;

/** A user's calls to the main service over its multipart protocol, for a test's own data. */
export async function apiAs(userName: string) {
  const call = async <T>(
    path: string,
    cmdType: string,
    fields: Fields = {},
    files: Record<string, { data: Buffer; filename: string }> = {},
    token?: string,
  ): Promise<T> => {
    const form = new FormData();
    form.append("cmdType", cmdType);
    for (const [name, value] of Object.entries(fields))
      form.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
    // The token before the files: the server reads no file of a caller it has not checked.
    if (token) form.append("Authorization", `Bearer ${token}`);
    for (const [name, file] of Object.entries(files))
      form.append(name, new Blob([new Uint8Array(file.data)]), file.filename);
    const response = await fetch(`${baseUrl()}/api${path}`, { method: "POST", body: form });
    const body = (await response.json()) as { data?: T; message?: string };
    if (!response.ok)
      throw new Error(`${path} ${cmdType}: ${response.status} ${JSON.stringify(body)}`);
    return body.data as T;
  };
  const login = await call<{ token: string }>("/user/", "login", {
    userName,
    password: DEMO_PASSWORD,
  });
  return <T = { id: number }>(
    path: string,
    cmdType: string,
    fields: Fields = {},
    files: Record<string, { data: Buffer; filename: string }> = {},
  ) => call<T>(path, cmdType, fields, files, login.token);
}

let lessons = 0;

/**
 * A published Grade 7 Science course of the demo teacher with one published lesson, for a test's
 * own materials (its code unique per run); the teacher's calls come with it.
 */
export async function teacherLesson(name: string, codePrefix: string) {
  const call = await apiAs("teacher");
  const course = await call("/course/", "create", {
    courseName: name,
    courseCode: `${codePrefix}-${lessons++}-${Date.now() % 100000}`,
    gradeLevel: 7,
    subject: "Science",
    published: true,
  });
  const element = await call("/element/", "create", {
    courseId: course.id,
    name: "Unit",
    type: "lesson",
    published: true,
  });
  return { call, courseId: course.id, elementId: element.id };
}

/**
 * Deletes a test's own courses as their teacher, typing each one's code where its progress asks
 * for it (issue 13), so that other browser tests counting courses do not see them.
 */
export async function deleteTeacherCourses(ids: number[]) {
  const call = await apiAs("teacher");
  for (const id of ids) {
    const impact = await call<{ code: string | null }>("/course/", "impact", { id });
    await call("/course/", "delete", { id, confirmCode: impact.code ?? "" });
  }
}
