import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { buildCourse, scormZip } from "./journey";
import type { TestApp } from "../helper";

export interface Load {
  cmi: Record<string, string>;
  session: number;
  attempt: number;
  attemptsAllowed: number;
  attemptsLeft: number | null;
  review: boolean;
  canStartNew: boolean;
}

export interface ScormCell {
  materialId: number;
  status: string | null;
  score: number | null;
  attempts: number;
  complete: boolean;
  noData: boolean;
}

/**
 * The SCORM attempt tests' helpers, bound to a file's app, its tokens by user name and the id of
 * the demo student.
 */
export function scormAttemptHelpers(
  t: () => TestApp,
  tokens: Record<string, string>,
  juanId: () => number,
) {
  async function scormMaterial(settings: Record<string, string | number> = {}) {
    const name = `Package ${Math.random().toString(36).slice(2, 8)}`;
    const { courseId, ids, elementIds } = await buildCourse(t(), tokens.teacher!, [
      {
        name: "Unit",
        materials: [
          {
            name,
            type: "scorm",
            files: { package: { data: scormZip("2004"), filename: "p.zip" } },
          },
        ],
      },
    ]);
    const id = ids[name]!;
    if (Object.keys(settings).length > 0) {
      const updated = await t().call(
        "material",
        "update",
        {
          id,
          courseId,
          elementId: elementIds.Unit!,
          name,
          type: "scorm",
          published: true,
          ...settings,
        },
        { token: tokens.teacher },
      );
      expect(updated.status, updated.payload).toBe(200);
    }
    return { id, courseId, name };
  }

  const load = (materialId: number, newAttempt?: boolean) =>
    t().call<Load>(
      "journey",
      "scormload",
      { materialId, ...(newAttempt ? { newAttempt: true } : {}) },
      { token: tokens.student },
    );

  async function loaded(materialId: number, newAttempt?: boolean) {
    const answer = await load(materialId, newAttempt);
    expect(answer.status, answer.payload).toBe(200);
    return answer.body.data!;
  }

  const commit = (materialId: number, session: Load, cmi: Record<string, string>, seq = 1) =>
    t().call<{ state: string }>(
      "journey",
      "scormcommit",
      {
        materialId,
        cmi: JSON.stringify(cmi),
        session: session.session,
        seq,
        attempt: session.attempt,
      },
      { token: tokens.student },
    );

  async function attemptsOf(materialId: number) {
    const rows = await t().database.db.execute(sql`
    select attempt, cmi from scorm_attempts where material_id = ${materialId} and user_id = ${juanId()}
     order by attempt`);
    return (rows as unknown as { rows: { attempt: number; cmi: Record<string, string> }[] }).rows;
  }

  const addAttempt = (materialId: number, attempt: number, cmi: Record<string, string>) =>
    t().database.db.execute(sql`
    insert into scorm_attempts (user_id, material_id, attempt, cmi)
    values (${juanId()}, ${materialId}, ${attempt}, ${JSON.stringify(cmi)}::jsonb)`);

  async function progressCell(token: string, courseId: number, materialId: number) {
    const answer = await t().call<{ data: { userId: number; scorm: ScormCell[] }[] }>(
      "progress",
      "list",
      { courseId },
      { token },
    );
    expect(answer.status, answer.payload).toBe(200);
    const row = answer.body.data!.data.find((r) => r.userId === juanId())!;
    return row.scorm.find((s) => s.materialId === materialId)!;
  }

  async function summaryScore(materialId: number, courseId: number) {
    const answer = await t().call<{ quizzes: { materialId: number; bestScore: number | null }[] }>(
      "journey",
      "summary",
      { courseId },
      { token: tokens.student },
    );
    expect(answer.status, answer.payload).toBe(200);
    return answer.body.data!.quizzes.find((q) => q.materialId === materialId)!.bestScore;
  }
  return {
    scormMaterial,
    load,
    loaded,
    commit,
    attemptsOf,
    addAttempt,
    progressCell,
    summaryScore,
  };
}

export const passed2004 = (scaled: string) => ({
  "cmi.completion_status": "completed",
  "cmi.success_status": "passed",
  "cmi.score.scaled": scaled,
});
