import { lazy, useState, type ComponentType, type ReactElement } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { loadChunk } from "./lazy";

const preloaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A route's page, loaded when first shown (React.lazy) and given up after 120 s; a failure
 * reaches the RouteErrorBoundary. Navigations run in a transition, so the current page stays on
 * screen while the next one loads. A page whose code has already arrived (preloaded) renders at
 * once: React.lazy would suspend for a turn and then hold the fallback for its 300 ms minimum.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactElement {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (loading ??= loadChunk(load)().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  function Page() {
    // Chosen once per mount: switching between the two later would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const element = <Page />;
  preloaders.set(element, start);
  return element;
}

/**
 * Starts loading every lazy page a location matches at once (the signed-in layout and the page
 * inside it), instead of one after the other as each renders.
 */
export function preloadMatches(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (element && typeof element === "object" && "type" in element) {
      void preloaders
        .get(element)?.()
        .catch(() => undefined);
    }
  }
}
