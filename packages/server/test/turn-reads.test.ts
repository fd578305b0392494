import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  readKeysOncePerTurn,
  readOncePerTurn,
  readOncePerTurnFor,
} from "../src/read-models/versioned-cache/turn-reads";

describe("reads shared by one turn's requests (issue 14)", () => {
  it("answers every caller of one turn from one read, started after the last of them asked", async () => {
    let reads = 0;
    let value = 1;
    const read = readOncePerTurn(async () => {
      reads++;
      return value;
    });
    const first = read();
    // A change made before a caller asks is in that caller's answer.
    value = 2;
    const second = read();
    expect(await Promise.all([first, second])).toEqual([2, 2]);
    expect(reads).toBe(1);
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });

  it("gives a caller that asks once the read has started the next read", async () => {
    let reads = 0;
    let release: () => void = () => {};
    const read = readOncePerTurn(async () => {
      reads++;
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return reads;
    });
    const first = read();
    await nextTurn();
    const second = read();
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
  });

  it("rejects every caller of a failed read, and reads again after it", async () => {
    let fail = true;
    const read = readOncePerTurn(async () => {
      if (fail) throw new Error("down");
      return "up";
    });
    const answers = await Promise.allSettled([read(), read()]);
    expect(answers.map((a) => a.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await read()).toBe("up");
  });

  it("shares a read between the callers of one turn that name the same key, not others", async () => {
    const reads: number[] = [];
    const course = readOncePerTurnFor(async (id: number) => {
      reads.push(id);
      return { id };
    });
    const answers = await Promise.all([course(7), course(7), course(8)]);
    expect(answers.map((a) => a.id)).toEqual([7, 7, 8]);
    expect(reads).toEqual([7, 8]);
    await course(7);
    expect(reads).toEqual([7, 8, 7]);
  });

  it("reads one turn's keys together and answers each caller its own rows in its keys' order", async () => {
    const asked: number[][] = [];
    const rows = readKeysOncePerTurn(
      async (ids: number[]) => {
        asked.push([...ids]);
        return ids.filter((id) => id !== 404).map((id) => ({ id, name: `user ${id}` }));
      },
      (row) => row.id,
    );
    const [a, b] = await Promise.all([rows([3, 1, 404]), rows([1, 2])]);
    expect(a.map((r) => r.id)).toEqual([3, 1]);
    expect(b.map((r) => r.id)).toEqual([1, 2]);
    expect(asked).toEqual([[3, 1, 404, 2]]);
    await rows([5]);
    expect(asked).toHaveLength(2);
  });

  it("starts another read when one turn asks for more keys than one read takes", async () => {
    const sizes: number[] = [];
    const rows = readKeysOncePerTurn(
      async (ids: number[]) => {
        sizes.push(ids.length);
        return ids.map((id) => ({ id }));
      },
      (row) => row.id,
    );
    const many = (from: number) => Array.from({ length: 1500 }, (_, i) => from + i);
    const [a, b] = await Promise.all([rows(many(0)), rows(many(10_000))]);
    expect(a).toHaveLength(1500);
    expect(b[0]!.id).toBe(10_000);
    expect(sizes).toEqual([1500, 1500]);
  });
});
