import sanitizeHtml from "sanitize-html";

/**
 * The rich text a page material may hold: what the portal's page view keeps (DOMPurify's html
 * profile without forms or styles, features/journey/components/page-content.tsx): headings,
 * paragraphs, lists, links, images, tables, code, quotes and inline formatting. No script, event
 * handler, style, frame, form or javascript: URL survives; links open beside the portal.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "h1",
    "h2",
    "u",
    "s",
    "del",
    "ins",
    "sub",
    "sup",
    "small",
    "mark",
    "span",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "name", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    td: ["colspan", "rowspan", "align"],
    th: ["colspan", "rowspan", "align", "scope"],
    ol: ["start", "type"],
    "*": ["lang", "dir"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  // Whatever is dropped goes with its text when it can run or style (script, style, ...).
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href
        ? { ...attribs, target: "_blank", rel: "noopener noreferrer" }
        : { ...attribs },
    }),
  },
};

/** A page material's content made safe to show as HTML (on save and on every answer). */
export function sanitizePageHtml(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : "";
}
