/**
 * The list load of `pnpm bench` (issue 14): every list of the portal, 25 rows a page, under the
 * same clients. For the user list: searches the server has never seen (every request a new term),
 * searches repeated (kept), and paging and sorting without a search on every sortable column in
 * both orders, pages 1, 2, 2,000 and the last. The other lists: paging and sorting the same way,
 * and new searches where the list has a search box.
 */
import { SORTABLE_COLUMNS } from "@lms/core";
import type { CpuPerRequest } from "./cpu-use";
import { SEARCHES, freshSearches } from "./data";

export interface Body {
  data: Buffer;
  type: string;
}

export interface Times {
  client: number[];
  server: number[];
  /** Answers the user list's in-memory search index gave. */
  fromIndex?: number;
  /** Answers of rows a list holds in memory. */
  fromMemory?: number;
  /** CPU a request: the server's thread, the database's processes, the clients. */
  cpu?: CpuPerRequest;
}

export interface ListContext {
  url: string;
  auth: { Authorization: string };
  form: (fields: Record<string, string>) => Body;
  post: (
    url: string,
    body: Body,
  ) => Promise<{ status: number; json: { data?: unknown }; serverMs: number; timing: string }>;
  load: (url: string, total: number, bodies: Body | ((i: number) => Body)) => Promise<Times>;
  bigCourseId: number;
  /** Requests per mix (LMS_BENCH_LIST_REQUESTS), the new searches per list (LMS_BENCH_NEW_SEARCHES). */
  requests: number;
  newSearches: number;
  log: (text: string) => void;
  /** False: the server runs with LMS_READ_MODELS=off (no search index to wait for). */
  readModels?: boolean;
}

export interface MixResult extends Times {
  list: string;
  mix: string;
  requests: number;
  /** The list's total, and whether the answers said it was an estimate. */
  total: number;
  estimates: number;
}

interface ListTarget {
  name: string;
  resource: string;
  columns: readonly string[];
  extra?: Record<string, string>;
  search: boolean;
  /** Its own search terms (a list whose rows hold no person's name); else the name parts. */
  terms?: string[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
export { percentile };

function report(context: ListContext, list: string, mix: string, times: Times) {
  const ms = (n: number) => n.toFixed(2);
  context.log(
    `${list}: ${mix}: p50 ${ms(percentile(times.client, 50))} / p95 ${ms(percentile(times.client, 95))} ms, ` +
      `server's p95 ${ms(percentile(times.server, 95))} ms`,
  );
}

/** Every sortable column in both orders on each of `pages`: the combinations of a paging mix. */
function pagingBodies(
  context: ListContext,
  target: ListTarget,
  pages: number[],
): Record<string, string>[] {
  const fields: Record<string, string>[] = [];
  for (const page of pages)
    for (const sortBy of target.columns)
      for (const sortOrder of ["asc", "desc"])
        fields.push({
          cmdType: "list",
          page: String(page),
          rowsPerPage: "25",
          sortBy,
          sortOrder,
          ...(target.extra ?? {}),
          ...context.auth,
        });
  return fields;
}

async function totalOf(context: ListContext, target: ListTarget): Promise<number> {
  const answer = await context.post(
    `${context.url}/api/${target.resource}/`,
    context.form({ cmdType: "list", rowsPerPage: "25", ...(target.extra ?? {}), ...context.auth }),
  );
  if (answer.status !== 200) throw new Error(`${target.name}: list answered ${answer.status}`);
  const data = answer.json.data as { pagination: { totalcount: number } };
  return data.pagination.totalcount;
}

async function mix(
  context: ListContext,
  target: ListTarget,
  name: string,
  fields: Record<string, string>[],
  requests: number,
  total: number,
): Promise<MixResult> {
  const bodies = fields.map((f) => context.form(f));
  const url = `${context.url}/api/${target.resource}/`;
  // One answer of each combination checked (and counted for the estimate flag) before the load.
  let estimates = 0;
  for (const body of bodies.slice(0, 200)) {
    const answer = await context.post(url, body);
    if (answer.status !== 200) throw new Error(`${target.name} ${name}: ${answer.status}`);
    const data = answer.json.data as { pagination: { totalIsEstimate?: boolean } };
    if (data.pagination.totalIsEstimate) estimates++;
  }
  context.log(`${target.name}: ${name} (${requests} requests)…`);
  const times = await context.load(url, requests, (i) => bodies[i % bodies.length]!);
  report(context, target.name, name, times);
  return { list: target.name, mix: name, requests, ...times, total, estimates };
}

/** Searches of one list, every one new to the server (the first answer of each is the one timed). */
async function newSearchMix(
  context: ListContext,
  target: ListTarget,
  terms: string[],
  total: number,
): Promise<MixResult> {
  const url = `${context.url}/api/${target.resource}/`;
  const columns = target.columns;
  context.log(`${target.name}: ${terms.length} new searches…`);
  let estimates = 0;
  // Built before the load, as every mix's are: the clients' own work is not the server's.
  const bodies = terms.map((term, i) =>
    context.form({
      cmdType: "list",
      rowsPerPage: "25",
      sortBy: columns[i % Math.min(columns.length, 4)]!,
      sortOrder: i % 2 ? "desc" : "asc",
      search: term,
      ...(target.extra ?? {}),
      ...context.auth,
    }),
  );
  const times = await context.load(url, terms.length, (i) => bodies[i]!);
  report(context, target.name, "new searches", times);
  // The estimate flag of a few of them, asked again (kept now, so not timed).
  for (const term of terms.slice(0, 20)) {
    const answer = await context.post(
      url,
      context.form({ cmdType: "list", rowsPerPage: "25", search: term, ...context.auth }),
    );
    const data = answer.json.data as { pagination: { totalIsEstimate?: boolean } };
    if (data?.pagination?.totalIsEstimate) estimates++;
  }
  return {
    list: target.name,
    mix: "new searches",
    requests: terms.length,
    ...times,
    total,
    estimates,
  };
}

/**
 * Waits until the server's in-memory user search index answers (it is built at start: a division
 * of a million users takes a while) and the lists held in memory are loaded after it, so that the
 * loads measure the server as it runs.
 */
async function waitForUserIndex(context: ListContext, limitSeconds = 600) {
  const started = performance.now();
  const url = `${context.url}/api/user/`;
  for (let i = 0; performance.now() - started < limitSeconds * 1000; i++) {
    const answer = await context.post(
      url,
      context.form({ cmdType: "list", rowsPerPage: "25", search: `warm${i}`, ...context.auth }),
    );
    if (/^index\b/.test(answer.timing)) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      context.log(`users: search index ready after ${seconds} s`);
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  // Then the lists held in memory load, one after another (/healthz says when they are).
  while (performance.now() - started < limitSeconds * 1000) {
    const health = (await (await fetch(`${context.url}/healthz`)).json()) as { warm?: boolean };
    if (health.warm) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      context.log(`warm (lists held in memory loaded) after ${seconds} s`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  context.log(`not warm within ${limitSeconds} s`);
}

/**
 * Requests never timed, to have the server's code compiled by V8 as on a server that has been
 * running, so that the timed searches measure the search, not the first compilation of its code:
 * `pages` of the list first (none of the timed pages), then searches of terms of three to five
 * digits (parts of the users' names and e-mails, "user4821"), then `letters`, terms of names not
 * among the timed ones, every sort both ways. The digits alone left the code of a term that
 * clusters in a sort order (a first name's part sorted by first name) to the timed searches' first
 * runs (session 28, on the harness: p95 24 to 26 ms, 17 to 22 once warm). Without the pages, V8
 * was still optimizing the request's own code (the form's parser, the route's handler, Node's
 * answer writing) during the timed searches: its compiler took a fifth of the server's CPU there
 * (perf, session 29), and p95 was 19 to 25 ms where it is 15.5 to 18 after them. None of the timed
 * terms' answers is kept by them.
 */
async function warmUserSearches(
  context: ListContext,
  target: ListTarget,
  pages: readonly Record<string, string>[],
  letters: readonly string[],
  digits = 300,
) {
  const url = `${context.url}/api/${target.resource}/`;
  const columns = target.columns;
  const terms = [
    ...Array.from({ length: digits }, (_, i) => String((i * 7919) % 10 ** (3 + (i % 3)))),
    ...letters,
  ];
  context.log(
    `${target.name}: ${context.requests} pages, ${digits} searches of digits and ${letters.length} of letters, none timed, to warm the server's code…`,
  );
  const pageBodies = pages.map((fields) => context.form(fields));
  await context.load(url, context.requests, (i) => pageBodies[i % pageBodies.length]!);
  await context.load(url, terms.length, (i) =>
    context.form({
      cmdType: "list",
      rowsPerPage: "25",
      sortBy: columns[i % columns.length]!,
      sortOrder: i % 2 ? "desc" : "asc",
      search: terms[i]!.padStart(3, "1"),
      ...context.auth,
    }),
  );
}

export async function measureLists(context: ListContext): Promise<MixResult[]> {
  const results: MixResult[] = [];
  const fresh = freshSearches(context.newSearches * 2);
  const users: ListTarget = {
    name: "users",
    resource: "user",
    columns: SORTABLE_COLUMNS.users,
    search: true,
  };
  const userTotal = await totalOf(context, users);
  if (context.readModels !== false) await waitForUserIndex(context);
  const lastUserPage = Math.max(1, Math.ceil(userTotal / 25));
  // The warm-up's pages are not the timed ones; its letters are the fresh terms after the timed
  // ones (the other lists' new searches take theirs from there, new to those lists).
  const warmPages = [3, 4, 1000, 1500].map((page) => Math.min(page, lastUserPage));
  await warmUserSearches(
    context,
    users,
    pagingBodies(context, users, warmPages),
    fresh.slice(context.newSearches),
  );
  results.push(await newSearchMix(context, users, fresh.slice(0, context.newSearches), userTotal));
  results.push(
    await mix(
      context,
      users,
      "pages 1, 2, 2,000 and last, every sort both ways",
      pagingBodies(context, users, [1, 2, Math.min(2000, lastUserPage), lastUserPage]),
      context.requests,
      userTotal,
    ),
  );
  const kept = SEARCHES.flatMap((search, i) =>
    [1, 2, 3].map((page) => ({
      cmdType: "list",
      page: String(page),
      rowsPerPage: "25",
      sortBy: i % 2 ? "lastName" : "firstName",
      sortOrder: page % 2 ? "asc" : "desc",
      search,
      ...context.auth,
    })),
  );
  results.push(
    await mix(context, users, "repeated searches, pages 1-3", kept, context.requests, userTotal),
  );

  const others: ListTarget[] = [
    { name: "schools", resource: "school", columns: SORTABLE_COLUMNS.schools, search: true },
    { name: "courses", resource: "course", columns: SORTABLE_COLUMNS.courses, search: true },
    { name: "materials", resource: "material", columns: SORTABLE_COLUMNS.materials, search: true },
    {
      name: "progress (course of 2,000 students)",
      resource: "progress",
      columns: SORTABLE_COLUMNS.progress,
      extra: { courseId: String(context.bigCourseId) },
      search: true,
    },
    {
      name: "classes",
      resource: "class",
      columns: SORTABLE_COLUMNS.classes,
      search: true,
      terms: classTerms(),
    },
  ];
  let offset = context.newSearches;
  const share = Math.max(20, Math.round(context.requests / 4));
  for (const target of others) {
    const total = await totalOf(context, target);
    const last = Math.max(1, Math.ceil(total / 25));
    const middle = Math.max(1, Math.round(last / 2));
    const pages = [...new Set([1, 2, middle, last])];
    results.push(
      await mix(
        context,
        target,
        `pages ${pages.join(", ")}, every sort both ways`,
        pagingBodies(context, target, pages),
        share,
        total,
      ),
    );
    if (target.search) {
      const count = Math.round(context.newSearches / 4);
      const own = fresh.slice(offset, offset + count);
      // Past the end of the pool, terms the user list searched: new to this list all the same.
      const terms = target.terms?.slice(0, count) ?? [
        ...own,
        ...fresh.slice(0, count - own.length),
      ];
      if (!target.terms) offset += own.length;
      results.push(await newSearchMix(context, target, terms, total));
    }
  }
  return results;
}

/**
 * Searches of the class list, each new to the server: a grade and a section (about 250 of the
 * bench's 15,005 classes), a grade's sections (about 1,250), a grade (1 also finds 10 to 12).
 */
function classTerms(): string[] {
  const grades = Array.from({ length: 12 }, (_, i) => 12 - i);
  return [
    ...grades.flatMap((grade) => [0, 1, 2, 3, 4].map((s) => `grade ${grade} s${s}`)),
    ...grades.map((grade) => `grade ${grade} s`),
    ...grades.map((grade) => `grade ${grade}`),
  ];
}
