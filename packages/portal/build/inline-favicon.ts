import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const LINK = /<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg" \/>/;

/** An SVG as a `data:` URL, escaped only where a URL or an attribute needs it. */
export function svgDataUrl(svg: string): string {
  const kept: Record<string, string> = { "%20": " ", "%3D": "=", "%3A": ":", "%2F": "/" };
  const escaped = encodeURIComponent(svg.trim()).replace(/%(20|3D|3A|2F)/g, (code) => kept[code]!);
  return `data:image/svg+xml,${escaped}`;
}

/** index.html with its favicon link pointing at the icon itself instead of at public/favicon.svg. */
export function inlineFavicon(html: string, svg: string): string {
  if (!LINK.test(html)) throw new Error('index.html has no <link rel="icon"> to /favicon.svg');
  return html.replace(LINK, `<link rel="icon" type="image/svg+xml" href="${svgDataUrl(svg)}" />`);
}

/**
 * The favicon written into the built index.html (issue 14): the browser fetches it while the
 * page opens, and on HTTP/1.1 it held one of the six connections the page's scripts wait for
 * (Lighthouse's simulated slow 4G: about 40 ms of the schools list's LCP). public/favicon.svg is
 * still served, for anything that asks for it by name.
 */
export function inlineFaviconPlugin(file: string): Plugin {
  return {
    name: "lms:inline-favicon",
    apply: "build",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => inlineFavicon(html, readFileSync(file, "utf8")),
    },
  };
}
