import { answer, sortKeys, termTests } from "./index-answer";
import type { IndexedSearch, IndexedUsers } from "./indexed-users";
import { markedPage, selectedPage, stretchedPage } from "./sorted-pages";
import { headPage, walkedPage } from "./walked-pages";

/** How many users' names a rehearsal takes its terms from (see rehearsals). */
const REHEARSED_USERS = 12;
/** How many of a term's candidates each way of finding a page is given in a rehearsal, at most. */
const REHEARSED_CANDIDATES = 10_000;

/**
 * Steps that run every way of finding a page, and the search itself, on terms of the index's own
 * users (the first three and four letters of a user's first and last names), each sorted by
 * another column (or none) both ways, with and without a school's scope, their answers dropped: a
 * pause may come between steps. V8 compiles a function once it has run enough, and the ways a
 * clustered term's page is found (stretches, marks) run for few searches: 12 of the bench's 800
 * on a fresh server, whose first ones ran uncompiled, 4 to 8 ms of the thread where compiled they
 * take 0.6, every request in flight waiting behind them (issue 14). Once a process is enough (the
 * compiled code is the process's).
 */
export function* rehearsals(indexed: IndexedUsers): Generator<void> {
  const users = indexed.baseIds.length;
  const sorts = [undefined, ...indexed.orders.keys()];
  const count = Math.min(users, REHEARSED_USERS);
  let rehearsed = 0;
  for (let i = 0; i < count; i += 1) {
    const slot = Math.floor(((i + 0.5) * users) / count);
    const names = indexed.texts[slot]?.split(" ").slice(0, 2) ?? [];
    const school = indexed.ints.schoolId[slot]!;
    for (const term of names.flatMap((name) => [name.slice(0, 3), name.slice(0, 4)])) {
      if (term.length < 3) continue;
      const sortBy = sorts[rehearsed++ % sorts.length];
      for (const sortOrder of ["asc", "desc"] as const) {
        for (const schoolId of [null, school]) {
          rehearse(indexed, {
            term,
            filters: [],
            schoolId,
            sortBy,
            sortOrder,
            offset: 0,
            limit: 25,
          });
        }
      }
      yield;
    }
  }
}

/** One search through answer, then through each way of finding its page (see rehearsals). */
function rehearse(indexed: IndexedUsers, search: IndexedSearch) {
  answer(indexed, search, 0);
  const all = indexed.postings.candidates(search.term);
  const passes = indexed.filterTest(search.filters, search.schoolId);
  if (!all || passes === null) return;
  // Enough candidates for each loop to run a while, not a common trigram's hundred thousand.
  const candidates = all.subarray(0, REHEARSED_CANDIDATES);
  const { contains, has, matches } = termTests(indexed, search.term, passes);
  const ranks = search.sortBy ? indexed.ranks.get(search.sortBy) : undefined;
  const keys = sortKeys(indexed, ranks, search.sortOrder === "desc");
  headPage(indexed, search, passes, has);
  if (!passes) walkedPage(indexed, search, candidates.length, contains);
  stretchedPage(indexed, search, candidates, passes, has);
  markedPage(indexed, search, candidates, passes, has);
  selectedPage(indexed, search, candidates, keys, [], 0.5, matches);
}
