import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../src/routes/api/resources";
import { useTestApp } from "./helper";

const t = useTestApp({
  rateLimits: {
    loginPerAccount: { limit: 1000, windowSeconds: 900 },
    loginPerAddress: { limit: 100000, windowSeconds: 900 },
    forgotPerAccount: { limit: 1000, windowSeconds: 3600 },
    forgotPerAddress: { limit: 100000, windowSeconds: 3600 },
    loginBackoffMaxSeconds: 1,
    linkPerAddress: { limit: 100000, windowSeconds: 900 },
    linkPerToken: { limit: 100000, windowSeconds: 3600 },
    classPerAddress: { limit: 100000, windowSeconds: 900 },
  },
});

/** Tables whose content a rejected request must leave as it was. */
const DATA_TABLES = [
  "schools",
  "users",
  "user_loads",
  "parent_children",
  "roles",
  "role_permissions",
  "courses",
  "course_elements",
  "materials",
  "material_files",
  "quizzes",
  "questions",
  "attempts",
  "progress",
  "quiz_starts",
  "scorm_attempts",
  "password_tokens",
];

async function fingerprint(): Promise<string> {
  const parts = DATA_TABLES.map(
    (table) =>
      `select '${table}' as t, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from ${table} x`,
  );
  const result = (await t().database.db.execute(sql.raw(parts.join(" union all ")))) as unknown as {
    rows: { t: string; h: string }[];
  };
  return result.rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join("|");
}

/** The field names a command's schema reads, plus the ids requests carry. */
function fieldsOf(input: unknown): string[] {
  const shape =
    (input as { shape?: Record<string, unknown> } | undefined)?.shape ??
    (input as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
      ?.shape ??
    {};
  return [
    ...new Set([...Object.keys(shape), "id", "courseId", "elementId", "materialId", "userId"]),
  ];
}

const hostile = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "3",
    "99999999999",
    "1e309",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    '{"__proto__":{"admin":true}}',
    '[{"grade":"x"}]',
    "' OR 1=1 --",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    '=HYPERLINK("http://x")',
    "\u0000",
    "\uFEFF",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 名字",
    "../../etc/passwd",
    "%00",
    "a".repeat(5000),
    "top",
    "bottom",
    "file",
    "scorm",
    "enabled",
    "asc",
  ),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -5, max: 40 }).map(String),
  fc.json({ maxDepth: 2 }),
);

const commands = RESOURCES.flatMap((resource) =>
  Object.entries(resource.commands)
    // Logout would end the session the test runs in.
    .filter(([name]) => name !== "logout")
    .map(([name, def]) => ({
      resource: resource.name,
      command: name,
      fields: fieldsOf(def.spec.input),
    })),
);

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await t().login("admin");
  tokens.schooladmin = await t().login("schooladmin");
  tokens.teacher = await t().login("teacher");
});

describe("random and hostile input", () => {
  it("never answers 5xx and changes nothing on a rejected request", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...commands),
        fc.constantFrom("admin", "schooladmin", "teacher"),
        fc.array(fc.tuple(fc.nat(), hostile), { maxLength: 6 }),
        async (target, role, values) => {
          const fields: Record<string, string> = {};
          for (const [index, value] of values) {
            fields[target.fields[index % target.fields.length]!] = value;
          }
          const before = await fingerprint();
          const answer = await t().call(target.resource, target.command, fields, {
            token: tokens[role]!,
          });
          expect(
            answer.status,
            `${target.resource} ${target.command} ${JSON.stringify(fields)}: ${answer.payload}`,
          ).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(
              await fingerprint(),
              `${target.resource} ${target.command} changed data on ${answer.status}`,
            ).toBe(before);
          }
        },
      ),
      { numRuns: Number(process.env.LMS_PROPERTY_RUNS ?? 400) },
    );
  });
});
