/** The report of `pnpm bench`: its results and the Markdown written from them. */
import os from "node:os";
import type { Floor } from "./http";
import { CLIENTS, NEW_SEARCHES, NODE_FLAGS, PG_SHARED_BUFFERS } from "./settings";
import { freshSearches } from "./data";
import { percentile, type MixResult } from "./lists";

export interface Result {
  driver: string;
  users: number;
  schools: number;
  lists: MixResult[];
  /** The same lists on a server with every read model off (LMS_READ_MODELS=off). */
  listsOff?: MixResult[];
  /** The status check's p95 on that server (no recent sessions kept). */
  statusOffP95?: number;
  populatePeakMb: number;
  /** A bare route reading 25 users by id through this driver, under the same clients. */
  pageFloor: Floor;
  /** The same, measured again once the server's run is over. */
  pageFloorAfter: Floor;
  statusP50: number;
  statusP95: number;
  statusServerP95: number;
  bulkSeconds: number;
  bulkStatus: number;
  peakMb: number;
  populateSeconds: number;
}

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const count = (n: number) => n.toLocaleString("en");

/** The targets (issue 14): new searches ≤ 20 ms, paging and sorting ≤ 10 ms; PGlite ≤ 100 ms. */
function targetOf(driver: string, mix: string): number {
  if (driver === "pglite") return 100;
  return mix.includes("search") ? 20 : 10;
}

/** A list's total, and how many of the answers were estimated, or came from memory. */
function totalCell(mix: MixResult): string {
  const notes = [
    mix.estimates ? `${mix.estimates} of the answers checked estimated` : "",
    mix.fromIndex ? `${count(mix.fromIndex)} answered by the search index` : "",
    mix.fromMemory ? `${count(mix.fromMemory)} answered from memory` : "",
  ];
  return [count(mix.total), ...notes.filter(Boolean).map((note) => `(${note})`)].join(" ");
}

/** The server thread's CPU a request, the bound it sets on the median, and the database's. */
function cpuCell(driver: string, mix: MixResult): string {
  if (!mix.cpu) return "not measured";
  const { thread, database } = mix.cpu;
  const where = driver === "pglite" ? "in the thread" : `${fmt(database)} ms`;
  return `${fmt(thread)} ms (${fmt(CLIENTS * thread)} ms) / ${where}`;
}

/**
 * Each list's p95 with its read models on (above) and off (a server of its own with
 * LMS_READ_MODELS=off, on the same data), a row a list and a column group a database: a read model
 * earns its place by making its list's p95 at least 1.5 times better (issue 44).
 */
function readModelsOffLines(results: Result[]): string[] {
  const measured = results.filter((r) => r.listsOff && r.listsOff.length > 0);
  if (measured.length === 0) return [];
  const cell = (p95On: number, p95Off: number | undefined) => {
    if (p95Off === undefined) return `${fmt(p95On)} ms / not measured`;
    const ratio = p95Off / Math.max(p95On, 1e-6);
    return `${fmt(p95On)} / ${fmt(p95Off)} ms: ${fmt(ratio)}× ${ratio >= 1.5 ? "✅" : "❌"}`;
  };
  const rows = new Map<string, string[]>();
  for (const [column, r] of measured.entries()) {
    const put = (name: string, text: string) => {
      const row = rows.get(name) ?? measured.map(() => "");
      row[column] = text;
      rows.set(name, row);
    };
    r.lists.forEach((on, i) => {
      const off = r.listsOff![i];
      const p95Off = off?.list === on.list ? percentile(off.client, 95) : undefined;
      put(`${on.list}: ${on.mix}`, cell(percentile(on.client, 95), p95Off));
    });
    put("status check (recent sessions)", cell(r.statusP95, r.statusOffP95));
  }
  return [
    "",
    "### Each list with its read models off (LMS_READ_MODELS=off): p95 on / off, off ÷ on ≥ 1.5",
    "",
    `| list | ${measured.map((r) => r.driver).join(" | ")} |`,
    `|---|${measured.map(() => "---|").join("")}`,
    ...[...rows].map(([name, cells]) => `| ${name} | ${cells.join(" | ")} |`),
  ];
}

/** The server benchmark's section of docs/PERFORMANCE.md, line by line. */
export function serverReport(results: Result[], floor: Floor, loadBefore: number): string[] {
  const check = (ok: boolean) => (ok ? "✅" : "❌");
  // The lower of the two measures, so that a floor inflated by the database's own work after
  // populating does not flatter the lists.
  const floorP95 = (r: Result) => Math.min(r.pageFloor.p95, r.pageFloorAfter.p95);
  const floorNote = (p95: number, r: Result) => `${fmt(p95 / floorP95(r))}× the page floor`;
  const lines = [
    `Measured by \`pnpm bench\` (packages/server/bench/bench.ts) on ${new Date().toISOString().slice(0, 10)}: ` +
      results
        .map((r) => `${r.driver} with ${count(r.users)} users in ${count(r.schools)} schools`)
        .join(", ") +
      `; ${CLIENTS} concurrent clients over HTTP against the built server (\`node dist/main.js\`), ` +
      `${os.cpus().length} cores, Node ${process.version}. The machine's floor under the same clients, ` +
      `p50 / p95: a bare Fastify route answers in ${fmt(floor.p50)} / ${fmt(floor.p95)} ms; one that ` +
      `reads 25 random users by id (the page floor: what any list page costs here before the ` +
      `portal's own work) in ` +
      results
        .map(
          (r) =>
            `${fmt(r.pageFloor.p50)} / ${fmt(r.pageFloor.p95)} ms before the lists and ` +
            `${fmt(r.pageFloorAfter.p50)} / ${fmt(r.pageFloorAfter.p95)} ms after them (${r.driver})`,
        )
        .join(", ") +
      ". Each list's ratio is to the lower page floor p95.",
    "",
    "### Lists (25 rows a page)",
    "",
    "| database | list | requests | total | client p50 / p95 | server's own p95 | CPU a request: server's thread (× clients) / database | target (p95) |",
    "|---|---|---|---|---|---|---|---|",
    ...results.flatMap((r) =>
      r.lists.map((m) => {
        const target = targetOf(r.driver, m.mix);
        const p95 = percentile(m.client, 95);
        return (
          `| ${r.driver} | ${m.list}: ${m.mix} | ${count(m.requests)} | ${totalCell(m)} ` +
          `| ${fmt(percentile(m.client, 50))} / ${fmt(p95)} ms | ${fmt(percentile(m.server, 95))} ms ` +
          `| ${cpuCell(r.driver, m)} ` +
          `| ≤ ${target} ms ${check(p95 <= target)} (${floorNote(p95, r)}) |`
        );
      }),
    ),
    ...readModelsOffLines(results),
    "",
    "### Status check, bulk upload and memory",
    "",
    "| database | status check p50 / p95 | bulk upload 10,000 rows | peak memory: loading / server |",
    "|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.driver} | ${fmt(r.statusP50)} / ${fmt(r.statusP95)} ms (server's own p95 ${fmt(r.statusServerP95)} ms) ` +
        `| ${fmt(r.bulkSeconds)} s (status ${r.bulkStatus}) ` +
        `| ${r.populatePeakMb} MB / ${r.peakMb} MB${r.driver === "pglite" ? ` ${check(Math.max(r.peakMb, r.populatePeakMb) < 600)} (target < 600)` : ""} |`,
    ),
    "",
    "Notes:",
    `- Latencies are measured by the clients (autocannon, ${CLIENTS} connections, each sending its next ` +
      "request as soon as the last is answered; its first, a status check, is not timed: it opens " +
      "the connection), end to end: multipart request, authentication, " +
      "permission check, validation, query, JSON answer. The server's own time comes from its " +
      "Server-Timing header. The clients, the server and PostgreSQL share the machine's cores; the " +
      "server reaches PostgreSQL through its Unix socket.",
    `- PostgreSQL runs with \`shared_buffers=${PG_SHARED_BUFFERS}\` (LMS_BENCH_PG_SHARED_BUFFERS), ` +
      "room for the users' table and primary key as docs/DEPLOYMENT.md sizes a division's " +
      "database, and they are loaded into it after populating (`pg_prewarm`), as a database " +
      "answering for a while holds them: every page reads its 25 records by id from anywhere in " +
      "the table. The page floor reads from the same buffers.",
    `- The clients' process (this bench) runs as \`node ${process.execArgv.join(" ") || "(no flags)"}\` ` +
      "(package.json's bench script): an old generation of 512 MB from the start and a young one " +
      "of 64 MB. With V8's defaults the clients' process kept its heap close to what was live (33 MB " +
      "on session 29's harness) and collected all of it every few hundred milliseconds under a " +
      "load, each time holding every client's answer for 6 to 17 ms that the server never took (a " +
      "burst of ten answers 13 to 20 ms late made a list's p95).",
    `- New searches: every request a different term cut from the real name parts (${termLengths()}), ` +
      "none asked before. The user list answers them from its in-memory search index " +
      "(LMS_USER_SEARCH_INDEX, built at the server's start; the bench waits until /healthz says the server is warm: the index built and the lists held in memory loaded): the " +
      "users under all of the term's trigrams are its candidates, checked against their search " +
      "text and placed by each sort column's ranks, then the page's 25 records are read by id. A " +
      "term with more than LMS_LIST_EXACT_COUNT (5,000) candidates in the whole list is looked " +
      "for first among the first (or last) 256 users, in the page's order, of each of its " +
      "trigrams from the rarest on (held by the index for every trigram of 1,000 users up to a " +
      "quarter of them; a three-letter term of more than 1,000 candidates is paged this way too, " +
      "its total exact), then by " +
      "walking the sort order: checking each user's text when the term is very common, else only " +
      "its candidates (marked first), else, when its matches lie further on, by grouping the " +
      "candidates by their stretch of the order (a byte per user) and ranking only the stretches " +
      "the page needs; its total is exact for three letters, else estimated from up to 1,000 of " +
      "its candidates (fewer when they all hold it) and answered with " +
      "`totalIsEstimate: true` (the portal shows “about N”). Before them the server answers, none of " +
      "them timed, the list's pages 3, 4, 1,000 and 1,500 (never a timed page), 300 searches of " +
      "digits (parts of the users' names and e-mails) and the name parts after the timed ones " +
      "(never a timed term), every sort both ways, so that V8 has compiled the request's code and " +
      "the search's as on a server that has been running. The schools, " +
      "courses, materials and class lists search the rows they hold in memory (below): each " +
      "distinct text is checked, or, past 10,000 of them, only those under the term's " +
      "trigrams; the progress list the search texts of the course's students it keeps (per " +
      "version of the users and their loads).",
    "- Paging without a search: the user list of every user reads the page's ids from the index's " +
      "ranks while no user has changed since they were read. The schools, courses, materials " +
      "and class lists (of a global user, without filters) answer from their rows held in the " +
      "server's memory at their tables' versions (`src/read-models/list-memory/`): a request reads the " +
      "versions (one prepared statement) and walks the order, whose places the database gave " +
      "with the rows. The progress list orders a course's students in memory (by name, or by a " +
      "figure's keys kept per version of the course's summaries) and, for a course without SCORM " +
      "materials, takes their rows from those held at the versions of the tables they are read " +
      "from (from the second page asked at those versions), the versions read while the course " +
      "is found. Otherwise (the user list of one school, or filtered) a page's ids come from the " +
      "sort column's (column, id) index, from the nearer end, with the exact total counted once " +
      "per version of the tables the list reads.",
    "- CPU a request: the CPU time of the server's main thread (where each request's JavaScript " +
      "runs, one at a time), and of PostgreSQL's processes, over the load, divided by its " +
      "requests (Linux's /proc: each task's schedstat, in nanoseconds). With each client " +
      "waiting for its answer before it asks again, the thread answers at most one request per " +
      `that time, so a list's median cannot fall below ${CLIENTS} ` +
      "times it (Little's law: the figure in brackets), and its p95 lies above that: where it is " +
      "near the target, the target sits at the thread's own cost on this machine, which the " +
      "database and the clients share. With PGlite the database runs in the server's thread.",
    "- “answered by the search index”, “answered from memory”: answers whose Server-Timing names " +
      "the users' index or rows the list holds in memory; the others came from the database.",
    "- The page floor is a bare Fastify route (no sign-in, permission, validation or list logic) " +
      "reading 25 random users by id through the server's driver: a pool of 10 PostgreSQL " +
      "connections, or PGlite in the route's own thread, started with the server's flags on the " +
      "same data. A ❌ within a few times that floor is mostly the machine: the clients, the " +
      "server and the database share 2 cores (load average below).",
    "- Peak memory is the peak resident set (VmHWM) of the process populating the database and of " +
      "the server after the whole list load; with PGlite it includes the database and its page cache.",
    `- The server runs as its start command runs it: \`node ${NODE_FLAGS.join(" ")}\` (a young generation of 32 MB for fewer pauses; the old one grown by half its live size, not up to 4 times, for less memory).`,
    `- Populating the database took ${results.map((r) => `${fmt(r.populateSeconds)} s (${r.driver})`).join(", ")}.`,
    `- The machine's load average was ${loadBefore.toFixed(2)} before the run and ${os.loadavg()[0]!.toFixed(2)} after it ` +
      "(other work on a shared machine shows up in every number).",
  ];
  return lines;
}

/** The new searches' terms by length, as the notes name them: "272 of 3 letters, 128 of 4". */
function termLengths(): string {
  const byLength = new Map<number, number>();
  for (const term of freshSearches(NEW_SEARCHES)) {
    byLength.set(term.length, (byLength.get(term.length) ?? 0) + 1);
  }
  return [...byLength]
    .sort((a, b) => a[0] - b[0])
    .map(([length, count]) => `${count} of ${length} letters`)
    .join(", ");
}
