import { describe, expect, it } from "vitest";
import { inlineFavicon, svgDataUrl } from "./inline-favicon";

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect fill="#1d4ed8"/></svg>\n';
const HTML = '<head>\n<link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n</head>';

describe("inline favicon", () => {
  it("writes the icon into the page's link, as a data URL the browser reads back to the same SVG", () => {
    const html = inlineFavicon(HTML, SVG);
    expect(html).not.toContain("/favicon.svg");
    const href = /href="([^"]+)"/.exec(html)![1]!;
    expect(href.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(href.slice("data:image/svg+xml,".length))).toBe(SVG.trim());
  });

  it("escapes what would end the attribute or the URL", () => {
    const url = svgDataUrl(SVG);
    expect(url).not.toMatch(/["#<>\n]/);
  });

  it("fails the build when the page has no such link, instead of shipping a page without an icon", () => {
    expect(() => inlineFavicon("<head></head>", SVG)).toThrow(/favicon/);
  });
});
