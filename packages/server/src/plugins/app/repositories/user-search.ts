import type { ListFilter, UserRecord } from "@lms/core";
import type { SQL } from "drizzle-orm";
import type { JsonText } from "../../../lib/json-text";
import type { ListInput } from "../../../lib/list";
import type { Scope } from "./records";

/** A page of the users' list. */
export interface UserPage {
  /** The records, or the records held written as JSON (UserRecordTexts). */
  rows: UserRecord[] | JsonText;
  total: number;
  /** The total is the planner's estimate of a search's matches (more than countLimit). */
  estimate: boolean;
  /** Answered by the in-memory search index. */
  fromIndex?: boolean;
}

/** A searched page asked of the users' list. */
export interface UserSearchRequest {
  input: ListInput;
  filters: ListFilter[];
  scope: Scope;
  /** The scope's and filters' condition on the users, without the search. */
  where: () => SQL | undefined;
}

/**
 * How the users' list answers a search, and a page of every user. The plain implementation is the
 * database's trigram index (TrigramUserSearch); the in-memory index (IndexedUserSearch, on with
 * LMS_USER_SEARCH_INDEX and LMS_READ_MODELS) answers what it can and leaves the rest to it.
 */
export interface UserSearch {
  /** A page of a search (the input's term is not empty). */
  page(request: UserSearchRequest): Promise<UserPage>;
  /**
   * A page of every user (no search, filter or school), or null: the list's own statements
   * answer it.
   */
  everyUserPage(input: ListInput): Promise<UserPage | null>;
  /** Whether it answers from memory now (built first if need be). */
  ready(): Promise<boolean>;
  close(): void;
}
