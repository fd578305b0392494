import { COMMANDS, encodeListRequest, SESSION_COMMANDS, type ListParams } from "@lms/core";

/**
 * A request the opening script sends for a kept session, with the form the portal's client sends
 * for it: `entries`, then the signed-in user's id when `userIdField` names it, then the token.
 */
export interface OpeningRequestSpec {
  path: string;
  entries: [string, string][];
  userIdField?: string;
  /** Answers every request like it while the page opens, not only the first (the status check). */
  shared?: boolean;
}

export interface OpeningRequestSpecs {
  /** Any signed-in page: the login status check and the profile the signed-in layout reads. */
  signedIn: OpeningRequestSpec[];
  /** The schools list as it opens by default: those and its first page. */
  schoolsList: OpeningRequestSpec[];
}

/**
 * What a kept session's first page asks the server for before it can show: the status check
 * (SPEC.md §7, before every request), the profile, and on the schools list its first page with
 * `schoolsListParams` (the list's defaults).
 */
export function openingRequests(schoolsListParams: ListParams): OpeningRequestSpecs {
  const status: OpeningRequestSpec = {
    path: SESSION_COMMANDS.path,
    entries: [["cmdType", SESSION_COMMANDS.status]],
    userIdField: "userid",
    // The layout checks on each page, and every request first: one answer stands for the opening.
    shared: true,
  };
  const profile: OpeningRequestSpec = {
    path: COMMANDS.user.profile.path,
    entries: [["cmdType", COMMANDS.user.profile.cmdType]],
  };
  const schools: OpeningRequestSpec = {
    path: COMMANDS.school.list.path,
    entries: encodeListRequest(schoolsListParams, COMMANDS.school.list.cmdType),
  };
  return { signedIn: [status, profile], schoolsList: [status, profile, schools] };
}
