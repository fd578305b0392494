import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError } from "./lazy";
import { openInTasks, RELOAD_AFTER_MS, RELOAD_AT_MOST_EVERY_MS } from "./open-in-tasks";

function fakeWindow(onLine: boolean, stored: Record<string, string> = {}) {
  const listeners: (() => void)[] = [];
  return {
    navigator: { onLine },
    location: { reload: vi.fn() },
    sessionStorage: {
      getItem: (key: string) => stored[key] ?? null,
      setItem: (key: string, value: string) => void (stored[key] = value),
    },
    addEventListener: vi.fn((_type: "online", listener: () => void) => listeners.push(listener)),
    goOnline: () => listeners.forEach((listener) => listener()),
    stored,
  };
}

const notArrived = () =>
  Promise.reject(new TypeError("Failed to fetch dynamically imported module: opening.js"));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("openInTasks", () => {
  it("loads in a task after the caller's, and opens in the task after the load's", async () => {
    const steps: string[] = [];
    const load = vi.fn(async () => {
      steps.push("load");
      return "code";
    });
    openInTasks(load, (loaded) => steps.push(`open ${loaded}`), fakeWindow(true));
    steps.push("caller done");
    expect(load).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    // The load's answer, then the open's task scheduled but not yet run.
    for (let step = 0; step < 5; step++) await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    expect(steps).toEqual(["caller done", "load"]);
    vi.runOnlyPendingTimers();
    expect(steps).toEqual(["caller done", "load", "open code"]);
  });

  it("loads the page again after a while when the code failed to arrive online", async () => {
    const win = fakeWindow(true);
    const open = vi.fn();
    openInTasks(notArrived, open, win);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS - 1);
    expect(win.location.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    expect(Number(win.stored["lms.openingReloadedAt"])).toBeGreaterThan(0);
  });

  it("loads the page again once back online when the code failed to arrive offline", async () => {
    const win = fakeWindow(false);
    openInTasks(() => Promise.reject(new ChunkLoadError("Chunk load timed out")), vi.fn(), win);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 4);
    expect(win.location.reload).not.toHaveBeenCalled();
    win.goOnline();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("does not load the page again by itself twice within a minute", async () => {
    const win = fakeWindow(true, {
      "lms.openingReloadedAt": String(Date.now() - RELOAD_AT_MOST_EVERY_MS / 2),
    });
    openInTasks(notArrived, vi.fn(), win);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 4);
    expect(win.location.reload).not.toHaveBeenCalled();
    expect(win.addEventListener).toHaveBeenCalledWith("online", expect.any(Function), {
      once: true,
    });
  });

  it("logs code that arrived and failed, without loading the page again", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const win = fakeWindow(true);
    openInTasks(() => Promise.reject(new SyntaxError("Unexpected token")), vi.fn(), win);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 4);
    expect(win.location.reload).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
