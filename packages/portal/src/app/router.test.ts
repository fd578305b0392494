import { ROLE_IDS } from "@lms/core";
import { createElement, isValidElement, type ComponentType, type ReactElement } from "react";
import { matchRoutes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { RouteGuard, type RouteRules } from "./guards";
import { paths } from "./paths";
import { routes } from "./router";

/** The routes a location matches that load a page, each page as the router would render it. */
async function pagesAt(location: string) {
  const matched = matchRoutes(routes, location) ?? [];
  const pages: { path: string | undefined; element: ReactElement }[] = [];
  for (const { route } of matched) {
    if (typeof route.lazy !== "function") continue;
    const { Component } = (await route.lazy()) as { Component: ComponentType };
    pages.push({ path: route.path, element: createElement(Component) });
  }
  return pages;
}

/** The rules a page is behind, or null when it has none (a guarded page renders RouteGuard). */
function rulesOf(element: ReactElement): RouteRules | null {
  const rendered = (element.type as () => unknown)();
  if (!isValidElement(rendered) || rendered.type !== RouteGuard) return null;
  const { roleIds, access } = rendered.props as RouteRules;
  return { roleIds, access };
}

describe("the routes' rules", () => {
  it("keep a page behind its permission", async () => {
    const [layout, page] = await pagesAt("/schools/create");
    expect(layout!.path).toBeUndefined();
    expect(rulesOf(page!.element)).toEqual({ access: { module: "schools", right: "add" } });
  });

  it("keep a page behind its role list", async () => {
    const pages = await pagesAt(paths.courses.scormReport.getHref(3, 4));
    const rules = rulesOf(pages.at(-1)!.element);
    expect(rules?.roleIds).toContain(ROLE_IDS.teacher);
    expect(rules?.roleIds).not.toContain(ROLE_IDS.student);
  });

  it("keep a page with tabs behind its rules, the tabs inside it", async () => {
    const pages = await pagesAt(paths.schools.info.getHref(5));
    expect(pages.map(({ path }) => path)).toEqual([undefined, undefined, paths.schools.info.path]);
    expect(rulesOf(pages[1]!.element)).toEqual({ access: { module: "schools", right: "view" } });
  });

  it("keep a course frame behind its rules, its index page inside it", async () => {
    const pages = await pagesAt(paths.courses.createMaterial.getHref(1, 2, "page"));
    expect(rulesOf(pages[1]!.element)).toEqual({ access: { module: "materials", right: "add" } });
    expect(pages).toHaveLength(3);
  });

  it("leave a page without rules as it is", async () => {
    const pages = await pagesAt(paths.schools.list.getHref());
    expect(pages).toHaveLength(2);
    expect((pages[1]!.element.type as { name: string }).name).not.toBe("GuardedPage");
  });
});
