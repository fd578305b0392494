import type { ClassRecord } from "@lms/core";
import { expect } from "vitest";
import type { TestApp } from "../helper";

export interface ListData<Row> {
  pagination: { page: number; rowsPerPage: number; totalcount: number };
  data: Row[];
}

/** The class list as a caller reads it (50 rows by grade unless told); expects a 200. */
export function classListOf(t: () => TestApp) {
  return async (
    token: string,
    fields: Record<string, unknown> = {},
    entries?: [string, string][],
  ) => {
    const answer = await t().call<ListData<ClassRecord>>(
      "class",
      "list",
      { rowsPerPage: 50, sortBy: "grade", sortOrder: "asc", ...fields },
      { token, ...(entries ? { entries } : {}) },
    );
    expect(answer.status, answer.payload).toBe(200);
    return answer.body.data!;
  };
}

/** The classes' names as a list shows them, e.g. "8-A". */
export const classNames = (rows: ClassRecord[]) => rows.map((c) => `${c.grade}-${c.section}`);
