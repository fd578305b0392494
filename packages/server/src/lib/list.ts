import type { SORTABLE_COLUMNS } from "@lms/core";
import { type ListFilter, type ListResource, type MessageKey } from "@lms/core";
import {
  and,
  asc,
  desc,
  inArray,
  isNull,
  like,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { fieldError, invalid } from "./errors";
import type { JsonText } from "./json-text";

export interface ListInput {
  page: number;
  rowsPerPage: number;
  sortBy?: string | undefined;
  sortOrder: "asc" | "desc";
  search: string;
}

type Column = AnyColumn | SQL;

export interface FilterSpec {
  column: Column;
  type: "int" | "text" | "bool";
  /** For int columns that may be empty: the value "" (or "null") matches NULL. */
  nullable?: boolean;
}

/** How one resource's list maps to its table (API.md "List protocol"). */
export interface ListSpec<R extends ListResource> {
  resource: R;
  sort: Record<(typeof SORTABLE_COLUMNS)[R][number], Column>;
  filters: Record<string, FilterSpec>;
  /** The lower-cased search text (trigram-indexed on PostgreSQL). */
  search?: Column;
  /** Tie-breaker and default order (newest first). */
  id: Column;
}

const MAX_INT = 2_147_483_647;

function filterValue(spec: FilterSpec, value: string, key: string): unknown {
  const bad = (code: MessageKey = "validation.invalidValue") => {
    throw invalid([fieldError(`filter[${key}]`, code)]);
  };
  if (value.length > 100) bad();
  if (spec.type === "int") {
    if (!/^-?\d{1,10}$/.test(value.trim())) return bad();
    const number = Number(value);
    if (Math.abs(number) > MAX_INT) return bad();
    return number;
  }
  if (spec.type === "bool") {
    if (["true", "1", "enabled", "published", "yes"].includes(value)) return true;
    if (["false", "0", "disabled", "unpublished", "no"].includes(value)) return false;
    return bad();
  }
  return value;
}

/** LIKE pattern for a term, with %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list filter checked and parsed: its column keeps one of the values, or is NULL if wantsNull. */
export interface ParsedFilter {
  key: string;
  spec: FilterSpec;
  values: unknown[];
  wantsNull: boolean;
}

/** The filters of a list request, parsed; an unknown filter or bad value is a 422. */
export function parseFilters<R extends ListResource>(
  spec: ListSpec<R>,
  filters: ListFilter[],
): ParsedFilter[] {
  const parsed: ParsedFilter[] = [];
  for (const filter of filters) {
    const filterSpec = Object.hasOwn(spec.filters, filter.key)
      ? spec.filters[filter.key]
      : undefined;
    if (!filterSpec)
      throw invalid([fieldError(`filter[${filter.key.slice(0, 50)}]`, "validation.invalidValue")]);
    if (filter.values.length === 0) continue;
    if (filter.values.length > 100)
      throw invalid([fieldError(`filter[${filter.key}]`, "validation.invalidValue")]);
    const wantsNull =
      filterSpec.nullable === true && filter.values.some((v) => v === "" || v === "null");
    const values = filter.values
      .filter((v) => !(filterSpec.nullable && (v === "" || v === "null")))
      .map((v) => filterValue(filterSpec, v, filter.key));
    parsed.push({ key: filter.key, spec: filterSpec, values, wantsNull });
  }
  return parsed;
}

/** The WHERE conditions of search and filters; an unknown filter or bad value is a 422. */
export function listConditions<R extends ListResource>(
  spec: ListSpec<R>,
  input: ListInput,
  filters: ListFilter[],
): SQL[] {
  const conditions: SQL[] = [];
  if (input.search && spec.search) {
    conditions.push(like(spec.search as AnyColumn, containsPattern(input.search)));
  }
  for (const { spec: filterSpec, values, wantsNull } of parseFilters(spec, filters)) {
    const parts: SQL[] = [];
    if (values.length > 0) parts.push(inArray(filterSpec.column as AnyColumn, values));
    if (wantsNull) parts.push(isNull(filterSpec.column as AnyColumn));
    const condition = parts.length === 1 ? parts[0] : or(...parts);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

export function listOrder<R extends ListResource>(spec: ListSpec<R>, input: ListInput): SQL[] {
  const direction = input.sortOrder === "asc" ? asc : desc;
  const key = input.sortBy as (typeof SORTABLE_COLUMNS)[R][number] | undefined;
  const column = key && Object.hasOwn(spec.sort, key) ? spec.sort[key] : undefined;
  return column ? [direction(column), direction(spec.id)] : [direction(spec.id)];
}

/** Where a keyset read stopped: the last row's sort value (as text) and id. */
export interface KeysetMark {
  key: string | null;
  id: number;
}

/**
 * A list's sort value as text (a timestamp keeps its microseconds), for keyset reads: each batch
 * of an export starts after the last row of the one before, in the list's order, so that the
 * millionth row costs what the first does (an OFFSET reads every row before it).
 */
export function keysetKey<R extends ListResource>(
  spec: ListSpec<R>,
  input: ListInput,
): SQL<string | null> {
  const column = sortColumn(spec, input);
  return column ? sql<string | null>`(${column})::text` : sql<null>`null::text`;
}

/**
 * A list's rows in listOrder's order as groups that are each one index range: the rows with a sort
 * value, and those without (PostgreSQL puts NULL last ascending, first descending; the id breaks
 * ties in the same direction). A keyset read walks a group from a mark to its end, then the next
 * group from its start: a condition with an OR of both groups would have the planner scan the
 * index from its start on every batch (2 s a batch at a million users). The text key is cast back
 * by the comparison to the column's type.
 */
export interface KeysetGroup {
  where: SQL | undefined;
  after(mark: KeysetMark): SQL;
}

export function keysetGroups<R extends ListResource>(
  spec: ListSpec<R>,
  input: ListInput,
): KeysetGroup[] {
  const column = sortColumn(spec, input);
  const ascending = input.sortOrder === "asc";
  const id = spec.id;
  const byId: KeysetGroup["after"] = (mark) =>
    ascending ? sql`${id} > ${mark.id}` : sql`${id} < ${mark.id}`;
  if (!column) return [{ where: undefined, after: byId }];
  const values: KeysetGroup = {
    where: sql`${column} is not null`,
    after: (mark) =>
      ascending
        ? sql`(${column}, ${id}) > (${mark.key}, ${mark.id})`
        : sql`(${column}, ${id}) < (${mark.key}, ${mark.id})`,
  };
  const nulls: KeysetGroup = { where: sql`${column} is null`, after: byId };
  return ascending ? [values, nulls] : [nulls, values];
}

function sortColumn<R extends ListResource>(spec: ListSpec<R>, input: ListInput) {
  const key = input.sortBy as (typeof SORTABLE_COLUMNS)[R][number] | undefined;
  return key && Object.hasOwn(spec.sort, key) ? spec.sort[key] : undefined;
}

export function pageOf(input: ListInput): { limit: number; offset: number } {
  return { limit: input.rowsPerPage, offset: (input.page - 1) * input.rowsPerPage };
}

export function whereAll(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

export interface ListResult<Row> {
  pagination: {
    page: number;
    rowsPerPage: number;
    totalcount: number;
    /** Present (true) only when totalcount is the database's estimate, not a count. */
    totalIsEstimate?: true;
  };
  /** The rows, or their records written as JSON already (a list held in memory). */
  data: Row[] | JsonText;
}

export function listAnswer<Row>(
  input: ListInput,
  rows: Row[] | JsonText,
  total: number,
  totalIsEstimate = false,
): ListResult<Row> {
  return {
    pagination: {
      page: input.page,
      rowsPerPage: input.rowsPerPage,
      totalcount: total,
      ...(totalIsEstimate ? { totalIsEstimate: true as const } : {}),
    },
    data: rows,
  };
}

/**
 * Names where a list's page came from in its Server-Timing header (the bench counts them; an
 * operator sees them in the browser): the users' search index, or rows held in memory.
 */
export function nameListSource(
  reply: FastifyReply,
  source: "index" | "memory" | false | undefined,
): void {
  if (source) reply.header("server-timing", source);
}

/** An estimate shown as "about N": two significant digits, and never below what was seen. */
export function roundEstimate(estimate: number, atLeast: number): number {
  const value = Math.max(estimate, atLeast);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.max(atLeast, Math.round(value / unit) * unit);
}

/**
 * The page of a list with `total` rows, read from whichever end is nearer: a far page near the end
 * is read in the reverse order (a few index entries skipped instead of most of them). `reverse`
 * says the rows come in the reverse order and must be turned round.
 */
export function nearerEnd(
  input: ListInput,
  total: number,
): { limit: number; offset: number; reverse: boolean } {
  const { limit, offset } = pageOf(input);
  if (offset >= total) return { limit: 0, offset, reverse: false };
  const remaining = total - offset;
  if (offset <= remaining) return { limit, offset, reverse: false };
  const last = Math.min(limit, remaining);
  return { limit: last, offset: remaining - last, reverse: true };
}

/** The reverse of a list order (ascending NULLS LAST turns to descending NULLS FIRST). */
export function reverseInput(input: ListInput): ListInput {
  return { ...input, sortOrder: input.sortOrder === "asc" ? "desc" : "asc" };
}
