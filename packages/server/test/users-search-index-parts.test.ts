import { describe, expect, it } from "vitest";
import { smallestFirst, TopKeys } from "../src/read-models/users-search/top-keys";
import { TrigramHeads } from "../src/read-models/trigrams/trigram-heads";
import { TrigramPostings } from "../src/read-models/trigrams/trigram-postings";
import { answer } from "../src/read-models/users-search/index-answer";
import { IndexedUsers } from "../src/read-models/users-search/indexed-users";
import { rehearsals } from "../src/read-models/users-search/rehearsals";
import { search } from "./support/users-search";

describe("the index's parts", () => {
  it("lists every text holding a term under each of its trigrams", () => {
    const alphabet = ["a", "b", "ñ", "王", " ", "@"];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const word = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    const texts = Array.from({ length: 400 }, () => word(3 + Math.floor(random() * 12)));
    texts[17] = undefined as unknown as string;
    const postings = TrigramPostings.build(texts);
    for (let i = 0; i < 200; i++) {
      const term = word(3 + Math.floor(random() * 3));
      const candidates = new Set(postings.candidates(term));
      const holding = texts.flatMap((text, slot) => (text?.includes(term) ? [slot] : []));
      for (const slot of holding) expect(candidates.has(slot), `${term} in ${slot}`).toBe(true);
    }
    expect(postings.candidates("ab")).toBeNull();
  });

  it("gives exactly the texts listed under every trigram of a term, in ascending order", () => {
    let seed = 5;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // "mno" under every text and "nop" under a twentieth; "xyz" under nearly every text, "abc"
    // under a third, "q" trigrams under a few: lists of like lengths (merged) and of very different
    // ones (galloped), terms of one to six trigrams.
    const texts = Array.from({ length: 6_000 }, (_, i) => {
      const parts = [
        i % 50 ? "xyz" : "",
        random() < 0.33 ? "abc" : "",
        random() < 0.5 ? "bcd" : "",
      ];
      if (random() < 0.02) parts.push("qrs");
      const head = random() < 0.05 ? "mnop|" : "mno|";
      return `${head}${parts.join("")}${i % 7}${random() < 0.5 ? "cdx" : ""}`;
    });
    const postings = TrigramPostings.build(texts);
    const trigrams = (text: string) =>
      new Set(Array.from({ length: Math.max(0, text.length - 2) }, (_, i) => text.slice(i, i + 3)));
    const held = texts.map(trigrams);
    for (const term of [
      "mnop",
      "xyzabc",
      "abcd",
      "xyzabcbcd",
      "abcqrs",
      "xyzqrs",
      "bcdcdx",
      "cdx",
      "qrsx",
    ]) {
      const wanted = [...trigrams(term)];
      const listed = texts.flatMap((_, slot) =>
        wanted.every((trigram) => held[slot]!.has(trigram)) ? [slot] : [],
      );
      expect(Array.from(postings.candidates(term)!), term).toEqual(listed);
    }
    // The answer is read before the next search: a later one writes over it.
    const first = Array.from(postings.candidates("xyzabcbcd")!);
    postings.candidates("abcqrs");
    expect(Array.from(postings.candidates("xyzabcbcd")!)).toEqual(first);
  });

  it("builds the same postings in steps, pausing between them", async () => {
    const texts = Array.from({ length: 60_000 }, (_, i) => `user${i} ${i % 7 ? "ana" : "王芳"}`);
    texts[30_000] = undefined as unknown as string;
    let pauses = 0;
    const stepped = await TrigramPostings.buildInSteps(texts, async () => {
      pauses += 1;
    });
    // 25,000 texts a step, in each of its two passes (counting, then filling).
    expect(pauses).toBe(4);
    const whole = TrigramPostings.build(texts);
    for (const term of ["ana", " 王芳", "er1", "r29999 ", "user30000", "zzz"]) {
      const candidates = stepped.candidates(term)!;
      expect(candidates, term).toEqual(whole.candidates(term));
      // Every text holding the term is listed, from each step.
      const holding = texts.flatMap((text, slot) => (text?.includes(term) ? [slot] : []));
      const listed = new Set(candidates);
      expect(
        holding.filter((slot) => !listed.has(slot)),
        term,
      ).toEqual([]);
      if (term === " 王芳") expect(holding.length).toBeGreaterThan(8_000);
    }
    // The last step's texts are listed too.
    expect(Array.from(stepped.candidates("r59999")!)).toContain(59_999);
    // An empty slot is listed nowhere.
    expect(Array.from(stepped.candidates("ser")!)).not.toContain(30_000);
    expect(stepped.candidates("ser")!.length).toBe(59_999);
  });

  it("holds the first and last users of each order under every common trigram", async () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // "ana" under 1,200 of 24,000 users, "bel" 600, " 王芳" 600, " bo" 22,200 (too common).
    const texts = Array.from({ length: 24_000 }, (_, i) =>
      i % 500 === 7 ? undefined : `u${i} ${["ana", "anabel", "王芳"][i % 40] ?? "bo"}`,
    ) as string[];
    const postings = TrigramPostings.build(texts);
    /** An order of the slots; with `missing`, one user is not in it (-1). */
    const orderOf = (key: (slot: number) => number, missing?: number) => {
      const order = Int32Array.from([...texts.keys()].filter((slot) => slot !== missing)).sort(
        (a, b) => key(a) - key(b) || a - b,
      );
      const ranks = new Int32Array(texts.length).fill(-1);
      const stretches = new Uint8Array(texts.length);
      order.forEach((slot, rank) => {
        ranks[slot] = rank;
        stretches[slot] = Math.floor((rank * 256) / order.length);
      });
      return { ranks, order, stretches };
    };
    const randomKeys = texts.map(() => random());
    const orders = new Map([
      ["scattered", orderOf((slot) => randomKeys[slot]!)],
      ["reversed", orderOf((slot) => -slot)],
      ["clustered", orderOf((slot) => slot % 4)],
      // A user deleted while the order was read: no heads (the page is found otherwise).
      ["missing", orderOf((slot) => slot, 42)],
    ]);
    let pauses = 0;
    const heads = await TrigramHeads.build(postings, orders, {
      common: 600,
      size: 40,
      pause: async () => void (pauses += 1),
    });
    expect(pauses).toBeGreaterThan(0);
    for (const term of ["ana", "nab", " 王芳", " bo", "0 bo", "u12", "u2"]) {
      const place = postings.rarestOf(term);
      const list = place < 0 ? [] : Array.from(postings.listAt(place));
      for (const [sortBy, { ranks, order }] of orders) {
        for (const descending of [false, true]) {
          const head = heads.headOf(place, sortBy, descending);
          if (list.length < 600 || list.length > 24_000 / 4 || sortBy === "missing") {
            expect(head, `${term} has no heads`).toBeNull();
            continue;
          }
          const ranked = list.map((slot) => ranks[slot]!);
          ranked.sort((a, b) => (descending ? b - a : a - b));
          const want = ranked.slice(0, 40).map((rank) => order[rank]!);
          expect(Array.from(head!), `${term} ${sortBy} ${descending}`).toEqual(want);
        }
      }
    }
    expect(heads.headOf(postings.rarestOf("ana"), "scattered", false)).not.toBeNull();
    // "0 b" (users numbered by ten, but for those of "ana" and "王芳"): over a sixteenth of them.
    expect(postings.listAt(postings.rarestOf("0 bo")).length).toBe(1_800);
    expect(heads.headOf(postings.rarestOf("0 bo"), "scattered", false)).not.toBeNull();
    expect(heads.headOf(postings.rarestOf(" bo"), "scattered", false)).toBeNull();
    // The rarest of a term's trigrams; none for a trigram no text holds.
    expect(postings.listAt(postings.rarestOf("anabel")).length).toBe(600);
    expect(postings.rarestOf("anazzz")).toBe(-1);
  });

  it("rehearses its searches on its own users' names, a step a term, every answer as before", async () => {
    const firsts = ["Christian", "Kristine", "Maria", "Mariela", "Daniel", "Daniela", "Jerome"];
    const lasts = ["Navarro", "Romero", "Santos", "Villanueva", "Dela Cruz"];
    const indexed = new IndexedUsers(1);
    for (let i = 0; i < 6_000; i += 1) {
      // Users deleted before the build (empty slots), one of them where the rehearsal looks.
      const deleted = i % 97 === 0 || i === 3_250;
      const name = `${firsts[i % 7]} ${lasts[i % 5]}`.toLowerCase();
      indexed.append({
        id: 1 + 2 * i,
        searchText: deleted ? (undefined as unknown as string) : `${name} u${i} u${i}@s.ph`,
        roleId: 3 + (i % 2),
        status: 1,
        registered: 1,
        schoolId: 1 + (i % 3),
        grade: i % 13 || null,
        section: null,
        subject: null,
      });
    }
    indexed.freeze();
    const texts = indexed.texts as string[];
    for (const [sortBy, word] of [
      ["firstName", 0],
      ["lastName", 1],
    ] as const) {
      const key = (slot: number) => texts[slot]?.split(" ")[word] ?? "";
      const order = Int32Array.from(texts.keys()).sort(
        (a, b) => key(a).localeCompare(key(b)) || a - b,
      );
      const ranks = new Int32Array(order.length);
      order.forEach((slot, rank) => (ranks[slot] = rank));
      indexed.setOrder(sortBy, ranks, order);
    }
    indexed.postings = TrigramPostings.build(indexed.texts);
    indexed.heads = await TrigramHeads.build(indexed.postings, indexed.rankedOrders(), {
      common: 100,
      size: 16,
    });
    const searches = ["mar", "mari", "iela", "rist", "ero", "ela cr", "u59"].flatMap((term) =>
      [undefined, "firstName", "lastName"].flatMap((sortBy) =>
        (["asc", "desc"] as const).map((sortOrder) =>
          search(term, { sortBy, sortOrder, limit: 25, offset: term === "mar" ? 50 : 0 }),
        ),
      ),
    );
    const before = searches.map((wanted) => answer(indexed, wanted, 300));
    expect(before.every((found) => found && found.ids.length > 0)).toBe(true);
    let steps = 0;
    for (const _ of rehearsals(indexed)) steps += 1;
    // Twelve users' names spread over the slots, the first three and four letters of two names
    // each (the slot of user 3,250 is empty: its steps are skipped).
    expect(steps).toBe(11 * 4);
    expect(searches.map((wanted) => answer(indexed, wanted, 300))).toEqual(before);
    // An index without users has nothing to rehearse.
    expect([...rehearsals(new IndexedUsers(1))]).toEqual([]);
  });

  it("keeps the k smallest keys in order", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1009);
    for (const k of [0, 1, 25, 999, 1000, 1200]) {
      const top = new TopKeys(k);
      for (const key of keys) top.push(key);
      expect(top.sorted()).toEqual([...keys].sort((a, b) => a - b).slice(0, k));
    }
  });

  it("moves the k smallest keys to the front, from a list in order, reversed, in runs or scattered", () => {
    const n = 30_000;
    const orders = {
      "in order": Array.from({ length: n }, (_, i) => i - n / 2),
      reversed: Array.from({ length: n }, (_, i) => n - i),
      "in runs": Array.from({ length: n }, (_, i) => (i % 100) * n + i),
      scattered: Array.from({ length: n }, (_, i) => ((i * 7919) % 30_011) + 0.5),
    };
    for (const [label, keys] of Object.entries(orders)) {
      const sorted = [...keys].sort((a, b) => a - b);
      for (const k of [0, 1, 65, 520, n - 1, n, n + 5]) {
        const moved = Float64Array.from(keys);
        smallestFirst(moved, k);
        const front = Array.from(moved.subarray(0, Math.min(k, n))).sort((a, b) => a - b);
        expect(front, `${label}, ${k}`).toEqual(sorted.slice(0, k));
        expect(
          Array.from(moved).sort((a, b) => a - b),
          `${label}, ${k}`,
        ).toEqual(sorted);
      }
    }
  });
});
