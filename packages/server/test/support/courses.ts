import type { TestApp } from "../helper";

export interface List<Row> {
  pagination: { totalcount: number };
  data: Row[];
}
export type Course = {
  id: number;
  courseCode: string;
  published: boolean;
  schoolId: number | null;
};
export type Element = { id: number; name: string; position: number; courseId: number };
export type Material = {
  id: number;
  name: string;
  position: number;
  elementId: number;
  type: string;
};

export const codes = (answer: { body: { data?: List<Course> } }) =>
  answer.body.data!.data.map((c) => c.courseCode).sort();

/** The elements of a course as `token` lists them. */
export async function listElements(t: TestApp, courseId: number, token: string) {
  const answer = await t.call<List<Element>>(
    "element",
    "list",
    { courseId, rowsPerPage: 50 },
    { token },
  );
  return answer.body.data!.data;
}
