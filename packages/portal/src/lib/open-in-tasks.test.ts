import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openInTasks, RELOAD_AFTER_MS } from "./open-in-tasks";

function fakeWindow(onLine: boolean) {
  const listeners: (() => void)[] = [];
  return {
    navigator: { onLine },
    location: { reload: vi.fn() },
    addEventListener: vi.fn((_type: "online", listener: () => void) => listeners.push(listener)),
    goOnline: () => listeners.forEach((listener) => listener()),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
    openInTasks(() => Promise.reject(new Error("Failed to fetch")), open, win);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS - 1);
    expect(win.location.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it("loads the page again once back online when the code failed to arrive offline", async () => {
    const win = fakeWindow(false);
    openInTasks(() => Promise.reject(new Error("Failed to fetch")), vi.fn(), win);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 4);
    expect(win.location.reload).not.toHaveBeenCalled();
    win.goOnline();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });
});
