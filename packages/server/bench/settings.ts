/** The settings of `pnpm bench` (bench.ts), from the environment. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const PACKAGE = path.resolve(here, "..");
export const MAIN = path.join(PACKAGE, "dist", "main.js");
/** The node flags of the server's start command (package.json "start"), which every bench uses. */
export const NODE_FLAGS = (
  JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));
export const OUT = path.resolve(
  process.env.LMS_BENCH_OUT ?? path.join(PACKAGE, "..", "..", "docs", "PERFORMANCE.md"),
);
export const CLIENTS = Number(process.env.LMS_BENCH_CLIENTS ?? 10);
export const LIST_REQUESTS = Number(process.env.LMS_BENCH_LIST_REQUESTS ?? 2_000);
export const NEW_SEARCHES = Number(process.env.LMS_BENCH_NEW_SEARCHES ?? 400);
export const STATUS_REQUESTS = Number(process.env.LMS_BENCH_STATUS_REQUESTS ?? 20_000);
export const BULK_ROWS = 10_000;
/**
 * Each list measured again on a server with every read model off (LMS_READ_MODELS=off, issue 44),
 * beside its figures with them on; LMS_BENCH_READ_MODELS_OFF=0 leaves it out.
 */
export const READ_MODELS_OFF = process.env.LMS_BENCH_READ_MODELS_OFF !== "0";
/**
 * The benches' PostgreSQL buffer cache: a million users' table and primary key fit, as
 * docs/DEPLOYMENT.md has a division's database sized (PostgreSQL's default, 128 MB, holds an
 * eighth of them).
 */
export const PG_SHARED_BUFFERS = process.env.LMS_BENCH_PG_SHARED_BUFFERS ?? "1GB";
/** The databases to measure, e.g. LMS_BENCH_DRIVERS=pglite while working on one of them. */
export const DRIVERS = (process.env.LMS_BENCH_DRIVERS ?? "pglite,postgres").split(",");
export const PASSWORD = "Demo@2026!";
