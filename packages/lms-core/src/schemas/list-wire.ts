// The list requests and answers as they travel (SPEC.md §7), free of zod: the API client, which
// every page loads first, needs only these. The request's validation is in list.ts.
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_ORDER } from "../constants";

/** Columns each list may be sorted by (API.md: anything else is a 422). */
export const SORTABLE_COLUMNS = {
  schools: [
    "schoolCode",
    "schoolName",
    "city",
    "province",
    "region",
    "enabled",
    "createdAt",
    "updatedAt",
  ],
  users: [
    "firstName",
    "lastName",
    "userName",
    "email",
    "roleId",
    "status",
    "grade",
    "section",
    "createdAt",
    "updatedAt",
  ],
  roles: ["roleName", "enabled", "createdAt", "updatedAt"],
  courses: [
    "courseName",
    "courseCode",
    "gradeLevel",
    "subject",
    "section",
    "published",
    "createdAt",
    "updatedAt",
  ],
  elements: ["position", "name", "type", "published", "createdAt"],
  materials: [
    "name",
    "lastModified",
    "size",
    "type",
    "author",
    "published",
    "position",
    "createdAt",
  ],
  classes: ["grade", "section", "schoolYear", "students", "teachers", "averageCompletion"],
  progress: ["lastName", "percent", "quizAverage", "timeSpentSeconds", "lastActivity"],
  /** A SCORM material's attempts per student (issue 15). */
  scormReport: ["lastName", "attempt", "score", "timeSpentSeconds", "lastAccess"],
  /** The recycle bin of any resource (`cmdType=trash`). */
  trash: ["label", "deletedAt", "deletedBy", "purgeAt"],
  audit: ["at", "actorName", "module", "action", "recordLabel"],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type ListResource = keyof typeof SORTABLE_COLUMNS;

export interface ListFilter {
  key: string;
  values: string[];
}

export interface ListParams {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortOrder: "asc" | "desc";
  search?: string;
  filters?: ListFilter[];
  /** Extra fields a page adds, such as schoolId. */
  extra?: Record<string, string | number | undefined>;
}

/**
 * A table's request state as @lms/ui's DataTable holds it (`DataTableState`): the page, its
 * size, the sort, the search as typed and the chosen values per filter key.
 */
export interface TableListState {
  page: number;
  rowsPerPage: number;
  sortBy?: string | undefined;
  sortOrder: "asc" | "desc";
  search: string;
  filters: Record<string, readonly string[]>;
}

/**
 * The list adapter: a DataTable's state as the list protocol's parameters (filters without a
 * chosen value are left out), with the extra fields a page adds such as schoolId.
 */
export function listParamsOf(state: TableListState, extra?: ListParams["extra"]): ListParams {
  return {
    page: state.page,
    rowsPerPage: state.rowsPerPage,
    ...(state.sortBy ? { sortBy: state.sortBy } : {}),
    sortOrder: state.sortOrder,
    search: state.search,
    filters: Object.entries(state.filters)
      .filter(([, values]) => values.length > 0)
      .map(([key, values]) => ({ key, values: [...values] })),
    ...(extra ? { extra } : {}),
  };
}

export const DEFAULT_LIST_PARAMS: ListParams = {
  page: 1,
  rowsPerPage: DEFAULT_PAGE_SIZE,
  sortOrder: DEFAULT_SORT_ORDER,
  search: "",
  filters: [],
};

/**
 * SPEC.md §7: page, rowsPerPage, sortBy, sortOrder, search (lower-cased), filter[key] and
 * filter[values][], plus extra fields. Several filters are sent as consecutive groups: each
 * filter[key] is followed by its filter[values][] (form fields keep their order).
 */
export function encodeListRequest(params: ListParams, cmdType = "list"): [string, string][] {
  const fields: [string, string][] = [
    ["cmdType", cmdType],
    ["page", String(params.page)],
    ["rowsPerPage", String(params.rowsPerPage)],
    ["sortOrder", params.sortOrder],
    ["search", (params.search ?? "").trim().toLowerCase()],
  ];
  if (params.sortBy) fields.push(["sortBy", params.sortBy]);
  for (const filter of params.filters ?? []) {
    if (filter.values.length === 0) continue;
    fields.push(["filter[key]", filter.key]);
    for (const value of filter.values) fields.push(["filter[values][]", value]);
  }
  for (const [name, value] of Object.entries(params.extra ?? {})) {
    if (value !== undefined && value !== "") fields.push([name, String(value)]);
  }
  return fields;
}

/** Reads the filter groups back from ordered form fields (the server side of encodeListRequest). */
export function decodeListFilters(fields: Iterable<[string, string]>): ListFilter[] {
  const filters: ListFilter[] = [];
  for (const [name, value] of fields) {
    if (name === "filter[key]") filters.push({ key: value, values: [] });
    else if (name === "filter[values][]" && filters.length > 0) filters.at(-1)!.values.push(value);
  }
  return filters;
}

export interface Pagination {
  page: number;
  rowsPerPage: number;
  totalcount: number;
  /** True when totalcount is an estimate of a huge match set (shown as "about N"). */
  totalIsEstimate?: boolean;
}

export interface ListAnswer<Row> {
  pagination: Pagination;
  data: Row[];
}

export interface ListPage<Row> {
  page: number;
  rowsPerPage: number;
  totalCount: number;
  /** The total is an estimate (the list answer's pagination.totalIsEstimate). */
  totalIsEstimate: boolean;
  rows: Row[];
}

/** Reads data.pagination and data.data of a list answer (SPEC.md §7). */
export function decodeListResponse<Row>(data: unknown): ListPage<Row> {
  const answer = (data ?? {}) as Partial<ListAnswer<Row>>;
  const pagination = answer.pagination ?? {
    page: 1,
    rowsPerPage: DEFAULT_PAGE_SIZE,
    totalcount: 0,
  };
  return {
    page: Number(pagination.page) || 1,
    rowsPerPage: Number(pagination.rowsPerPage) || DEFAULT_PAGE_SIZE,
    totalCount: Number(pagination.totalcount) || 0,
    totalIsEstimate: pagination.totalIsEstimate === true,
    rows: Array.isArray(answer.data) ? answer.data : [],
  };
}
