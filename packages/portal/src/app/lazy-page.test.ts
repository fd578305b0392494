import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { lazyPage, preloadMatches } from "./lazy-page";

describe("opening a route", () => {
  it("loads every lazy page the location matches at once and settles when they arrive", async () => {
    const loads: string[] = [];
    const page = (name: string) =>
      lazyPage(() => {
        loads.push(name);
        return Promise.resolve({ default: () => null });
      });
    const routes: RouteObject[] = [
      { element: page("layout"), children: [{ path: "/schools", element: page("list") }] },
    ];
    const pending = preloadMatches(routes, "/schools");
    expect(loads).toEqual(["layout", "list"]);
    await expect(pending).resolves.toBeUndefined();
    expect(preloadMatches(routes, "/schools")).toBeNull();
  });

  it("settles when a page's code fails, leaving the failure to the route", async () => {
    const routes: RouteObject[] = [
      { path: "/x", element: lazyPage(() => Promise.reject(new Error("offline"))) },
    ];
    await expect(preloadMatches(routes, "/x")).resolves.toBeUndefined();
    expect(preloadMatches(routes, "/x")).not.toBeNull();
  });
});
