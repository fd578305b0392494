import type { ScormAttemptRow, ScormReportStudent } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { courses } from "../../../db/schema";
import { pageOf, type ListInput } from "../../../lib/list";
import {
  attemptStatus,
  withScoRecords,
  type Cmi,
  type ScoCmi,
  type StoredAttempt,
} from "../../../lib/scorm-report";
import { courseStudents, type ProgressScope } from "./progress-repository";
import { scormScore } from "./scorm-results";

type CourseRow = typeof courses.$inferSelect;

/** A student's attempts, or one of them. */
export interface AttemptOf {
  userId: number;
  attempt?: number | undefined;
}

const SORT: Record<string, string> = {
  lastName: "lower(last_name)",
  attempt: "attempt",
  score: "score",
  timeSpentSeconds: "total_seconds",
  lastAccess: "last_access",
};

interface RawRow {
  user_id: number;
  first_name: string;
  last_name: string;
  user_name: string;
  grade: number | null;
  section: string;
  attempt: number | null;
  completion_status: string | null;
  success_status: string | null;
  lesson_status: string | null;
  score: number | string | null;
  total_seconds: number | string | null;
  last_access: Date | string | null;
  interactions: number | string | null;
  cmi?: Cmi | string;
  sco_cmis?: ScoCmi[] | string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

const studentOf = (raw: RawRow): ScormReportStudent => ({
  userId: raw.user_id,
  firstName: raw.first_name,
  lastName: raw.last_name,
  userName: raw.user_name,
  grade: raw.grade,
  section: raw.section,
});

function toRow(raw: RawRow): ScormAttemptRow {
  const status = attemptStatus({
    ...(raw.completion_status === null ? {} : { "cmi.completion_status": raw.completion_status }),
    ...(raw.success_status === null ? {} : { "cmi.success_status": raw.success_status }),
    ...(raw.lesson_status === null ? {} : { "cmi.core.lesson_status": raw.lesson_status }),
  });
  return {
    id: `${raw.user_id}-${raw.attempt ?? 0}`,
    ...studentOf(raw),
    attempt: raw.attempt,
    completionStatus: raw.attempt === null ? "not attempted" : status.completionStatus,
    successStatus: status.successStatus,
    score: raw.score === null ? null : Number(raw.score),
    timeSpentSeconds: Number(raw.total_seconds ?? 0),
    lastAccess: iso(raw.last_access),
    interactions: Number(raw.interactions ?? 0),
  };
}

const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/**
 * A SCORM material's attempts per student (issue 15, "Reporting"): the students its course
 * applies to (its grade, its section if it has one, its school unless it is for every school)
 * within the caller's scope, as the progress list takes them, each with every stored attempt,
 * or once without any.
 */
export class ScormReportRepository {
  constructor(private readonly db: Db) {}

  /**
   * The rows: with `cmi`, only stored attempts and each one's whole map; `only` narrows them to
   * one student's attempt.
   */
  private query(
    course: CourseRow,
    materialId: number,
    scope: ProgressScope,
    search: string,
    options: { cmi?: boolean; only?: AttemptOf } = {},
  ): SQL {
    const { cmi = false, only } = options;
    return sql`
      with s as (
        ${courseStudents(course, scope, search, only?.userId ?? null)}
      )
      select s.id as user_id, s.first_name, s.last_name, s.user_name, s.grade, s.section,
             sa.attempt, sa.total_seconds,
             sa.cmi->>'cmi.completion_status' as completion_status,
             sa.cmi->>'cmi.success_status' as success_status,
             sa.cmi->>'cmi.core.lesson_status' as lesson_status,
             ${scormScore("sa")} as score,
             coalesce(sa.updated_at, sa.created_at) as last_access,
             (select count(*) from scorm_attempts x, jsonb_object_keys(x.cmi) k
               where x.user_id = sa.user_id and x.material_id = sa.material_id
                 and x.attempt = sa.attempt
                 and k ~ '^cmi\\.interactions\\.[0-9]+\\.id$') as interactions
             ${
               cmi
                 ? sql`, sa.cmi, (select jsonb_agg(jsonb_build_object('sco', x.sco, 'cmi', x.cmi) order by x.sco)
                                   from scorm_attempts x
                                  where x.user_id = sa.user_id and x.material_id = sa.material_id
                                    and x.attempt = sa.attempt and x.sco <> '') as sco_cmis`
                 : sql``
             }
        from s ${cmi ? sql`` : sql`left`} join scorm_attempts sa
          on sa.user_id = s.id and sa.material_id = ${materialId} and sa.sco = ''
         and (${only?.attempt ?? null}::int is null or sa.attempt = ${only?.attempt ?? null})`;
  }

  /** The asked order (ties by name, then attempt), else by name A–Z. */
  private order(input: ListInput): SQL {
    const column = input.sortBy && Object.hasOwn(SORT, input.sortBy) ? SORT[input.sortBy] : null;
    const direction = column && input.sortOrder === "desc" ? "desc" : "asc";
    const first = column && column !== SORT.lastName ? `${column} ${direction} nulls last, ` : "";
    return sql.raw(
      ` order by ${first}lower(last_name) ${direction}, lower(first_name) ${direction}, user_id ${direction}, attempt ${direction} nulls first`,
    );
  }

  async list(course: CourseRow, materialId: number, scope: ProgressScope, input: ListInput) {
    const base = this.query(course, materialId, scope, input.search);
    const { limit, offset } = pageOf(input);
    const [rows, total] = await Promise.all([
      this.db.execute(sql`${base}${this.order(input)} limit ${limit} offset ${offset}`),
      this.db.execute(sql`select count(*)::int as n from (${base}) x`),
    ]);
    const count = (total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    return { rows: rowsOf(rows).map(toRow), total: Number(count) };
  }

  /** Every row of the list (the export), in its order. */
  async *exportRows(course: CourseRow, materialId: number, scope: ProgressScope, input: ListInput) {
    const base = this.query(course, materialId, scope, input.search);
    yield rowsOf(await this.db.execute(sql`${base}${this.order(input)}`)).map(toRow);
  }

  /**
   * Whole attempts with their cmi maps, of the students the list would show, in its order: every
   * attempt, or `only` one student's one.
   */
  async *attempts(
    course: CourseRow,
    materialId: number,
    scope: ProgressScope,
    input: ListInput,
    only?: AttemptOf,
  ): AsyncGenerator<StoredAttempt[]> {
    const base = this.query(course, materialId, scope, input.search, { cmi: true, only });
    const rows = rowsOf(await this.db.execute(sql`${base}${this.order(input)}`));
    yield rows.map((raw) => ({
      ...studentOf(raw),
      attempt: raw.attempt!,
      cmi: withScoRecords(
        typeof raw.cmi === "string" ? (JSON.parse(raw.cmi) as Cmi) : (raw.cmi ?? {}),
        (typeof raw.sco_cmis === "string"
          ? (JSON.parse(raw.sco_cmis) as ScoCmi[])
          : raw.sco_cmis) ?? [],
      ),
      totalSeconds: Number(raw.total_seconds ?? 0),
      lastAccess: iso(raw.last_access)!,
    }));
  }

  /**
   * A student's latest attempt's status per SCORM material (issue 15: what a parent sees beside
   * the score), as the progress list names it.
   */
  async latestStatuses(userId: number, materialIds: number[]): Promise<Map<number, string>> {
    if (materialIds.length === 0) return new Map();
    const result = await this.db.execute(sql`
      select distinct on (sa.material_id) sa.material_id,
             sa.cmi->>'cmi.completion_status' as completion_status,
             sa.cmi->>'cmi.success_status' as success_status,
             sa.cmi->>'cmi.core.lesson_status' as lesson_status
        from scorm_attempts sa
       where sa.user_id = ${userId} and sa.sco = ''
         and sa.material_id in (${sql.join(
           materialIds.map((id) => sql`${id}`),
           sql`, `,
         )})
       order by sa.material_id, sa.attempt desc`);
    const rows = (
      result as unknown as {
        rows: {
          material_id: number;
          completion_status: string | null;
          success_status: string | null;
          lesson_status: string | null;
        }[];
      }
    ).rows;
    return new Map(
      rows.map((r) => {
        const status = attemptStatus({
          ...(r.completion_status === null ? {} : { "cmi.completion_status": r.completion_status }),
          ...(r.success_status === null ? {} : { "cmi.success_status": r.success_status }),
          ...(r.lesson_status === null ? {} : { "cmi.core.lesson_status": r.lesson_status }),
        });
        return [
          r.material_id,
          status.successStatus === "unknown" ? status.completionStatus : status.successStatus,
        ];
      }),
    );
  }

  /** One attempt of a student in scope, or undefined. */
  async attempt(
    course: CourseRow,
    materialId: number,
    scope: ProgressScope,
    only: { userId: number; attempt: number },
  ): Promise<StoredAttempt | undefined> {
    const input: ListInput = { page: 1, rowsPerPage: 10, sortOrder: "asc", search: "" };
    for await (const batch of this.attempts(course, materialId, scope, input, only))
      return batch[0];
    return undefined;
  }
}
