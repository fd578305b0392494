import { lazy, useEffect, useState, type ComponentType, type ReactElement } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { loadChunk } from "../lib/lazy";

interface PageLoader {
  start: () => Promise<unknown>;
  loaded: () => boolean;
}

const loaders = new WeakMap<ReactElement, PageLoader>();

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
  loaders.set(element, { start, loaded: () => loaded !== undefined });
  return element;
}

/**
 * Starts loading every lazy page a location matches at once (the signed-in layout and the page
 * inside it), instead of one after the other as each renders. Settles once each has arrived or
 * failed; null when all had already arrived.
 */
export function preloadMatches(routes: RouteObject[], pathname: string): Promise<void> | null {
  const pending: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (element && typeof element === "object" && "type" in element) {
      const loader = loaders.get(element);
      if (loader && !loader.loaded()) pending.push(loader.start());
    }
  }
  return pending.length ? Promise.allSettled(pending).then(() => undefined) : null;
}

/**
 * Whether the app's opening route may render: until its pages' code has arrived a plain spinner
 * shows in its place. Under a Suspense fallback instead, React would hold the first page back
 * until 300 ms after the fallback appeared (its fallback throttle), on every visit.
 */
export function useOpeningRoute(pending: Promise<void> | null): boolean {
  const [opening] = useState(pending);
  const [open, setOpen] = useState(opening === null);
  useEffect(() => {
    if (!opening) return;
    let live = true;
    void opening.then(() => {
      if (live) setOpen(true);
    });
    return () => {
      live = false;
    };
  }, [opening]);
  return open;
}
