import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf } from "../../src/db/client";
import { type TestApp } from "../helper";

export interface Entry {
  id: number;
  recordId: number;
  label: string;
  code: string | null;
  deletedBy: string | null;
  deletedAt: string;
  purgeAt: string;
  counts: Record<string, number>;
}

export interface Impact {
  id: number;
  label: string;
  code: string | null;
  requiresCode: boolean;
  counts: Record<string, number>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.database.db.execute(query));
  return Number(row!.n);
}

export async function trash(t: TestApp, resource: string, token: string, fields = {}) {
  const answer = await t.call<{ data: Entry[]; pagination: { totalcount: number } }>(
    resource,
    "trash",
    fields,
    { token },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!.data;
}

export async function canSignIn(t: TestApp, userName: string): Promise<boolean> {
  const answer = await t.call("user", "login", { userName, password: "Demo@2026!" });
  return answer.status === 200;
}

/** Learner progress and attempts of one user, as the database holds them. */
export const learnerRows = (t: TestApp, userId: number) =>
  count(
    t,
    sql`select ((select count(*) from progress where user_id = ${userId})
      + (select count(*) from attempts where user_id = ${userId}))::int as n`,
  );
