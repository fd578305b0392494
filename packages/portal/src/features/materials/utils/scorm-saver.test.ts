import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createScormSaver, type CmiValues, type SaveAnswer } from "./scorm-saver";

interface Sent {
  cmi: CmiValues;
  seq: number;
  keepalive: boolean;
}

function setup(answers: SaveAnswer[]) {
  const sent: Sent[] = [];
  const unsaved: boolean[] = [];
  const saver = createScormSaver({
    send: (cmi, seq, keepalive) => {
      sent.push({ cmi, seq, keepalive });
      return Promise.resolve(answers.shift() ?? { ok: true, retry: false });
    },
    onUnsaved: (value) => unsaved.push(value),
    retryDelays: [10, 20, 40],
  });
  return { saver, sent, unsaved };
}

const fail = { ok: false, retry: true };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("SCORM saver", () => {
  it("sends everything first, then only what changed since the last saved commit", async () => {
    const { saver, sent } = setup([]);
    await saver.report({ "cmi.location": "1", "cmi.suspend_data": "a" }, false);
    expect(sent).toEqual([]);
    await saver.report({ "cmi.location": "2", "cmi.suspend_data": "a" }, true);
    await saver.report({ "cmi.location": "3", "cmi.suspend_data": "a" }, true);
    expect(sent).toEqual([
      { cmi: { "cmi.location": "2", "cmi.suspend_data": "a" }, seq: 1, keepalive: false },
      { cmi: { "cmi.location": "3" }, seq: 2, keepalive: false },
    ]);
    // Nothing new: nothing sent.
    await saver.report({ "cmi.location": "3", "cmi.suspend_data": "a" }, true);
    saver.saveNow();
    expect(sent).toHaveLength(2);
    expect(saver.pending).toBe(false);
  });

  it("retries a failed commit with backoff and a new sequence number, then clears the alarm", async () => {
    const { saver, sent, unsaved } = setup([fail, fail]);
    await saver.report({ "cmi.location": "1" }, true);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(9);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(sent.map((s) => s.seq)).toEqual([1, 2, 3]);
    expect(sent[2]!.cmi).toEqual({ "cmi.location": "1" });
    expect(unsaved).toEqual([false]);
  });

  it("gives up after its retries and says so; a later saved commit clears it", async () => {
    const { saver, sent, unsaved } = setup([fail, fail, fail, fail]);
    await saver.report({ "cmi.location": "1" }, true);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(4);
    expect(unsaved).toEqual([true]);
    expect(saver.pending).toBe(true);
    await saver.report({ "cmi.location": "2" }, true);
    expect(sent.at(-1)).toEqual({ cmi: { "cmi.location": "2" }, seq: 5, keepalive: false });
    expect(unsaved).toEqual([true, false]);
  });

  it("does not retry a refused commit", async () => {
    const { saver, sent, unsaved } = setup([{ ok: false, retry: false }]);
    await saver.report({ "cmi.location": "1" }, true);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1);
    expect(unsaved).toEqual([true]);
  });

  it("saves what is unsaved at once with keepalive, beside a commit under way", async () => {
    const sent: Sent[] = [];
    let release: (answer: SaveAnswer) => void = () => {};
    const saver = createScormSaver({
      send: (cmi, seq, keepalive) => {
        sent.push({ cmi, seq, keepalive });
        return keepalive
          ? Promise.resolve({ ok: true, retry: false })
          : new Promise((resolve) => (release = resolve));
      },
      onUnsaved: () => {},
    });
    const first = saver.report({ "cmi.location": "1" }, true);
    await saver.report({ "cmi.location": "2" }, false);
    saver.saveNow();
    expect(sent).toEqual([
      { cmi: { "cmi.location": "1" }, seq: 1, keepalive: false },
      { cmi: { "cmi.location": "2" }, seq: 2, keepalive: true },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    // The older commit's late answer does not make its state the saved one.
    release({ ok: true, retry: false });
    await first;
    expect(saver.pending).toBe(false);
  });
});
