import { cn } from "@lms/ui";
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { useT } from "../../../lib/i18n";

// Links in a page open beside the portal, never in place of it.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

/**
 * A page's rich text. The server sanitises it when it is saved; it is sanitised again here
 * (DOMPurify), so that nothing a page holds can run in the portal, whatever its origin.
 */
export function PageContent({ content }: { content: string | undefined }) {
  const t = useT();
  const html = useMemo(
    () =>
      DOMPurify.sanitize(content ?? "", {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
        // The portal requires Trusted Types (issue 12): DOMPurify's own policy vouches for it.
        RETURN_TRUSTED_TYPE: true,
      }),
    [content],
  );
  if (!String(html).trim())
    return <p className="text-sm text-muted-foreground">{t("materials.noPreview")}</p>;
  return (
    <div
      className={cn(
        "max-w-none text-base leading-relaxed break-words text-foreground",
        "[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold",
        "[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
        "[&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-base [&_h3]:font-semibold",
        "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6",
        "[&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-3",
        "[&_img]:h-auto [&_img]:max-w-full [&_pre]:overflow-x-auto [&_pre]:rounded-control [&_pre]:bg-muted [&_pre]:p-3",
        "[&_table]:border-collapse [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1",
      )}
      // Sanitised just above; the server sanitised it too (SPEC.md §2 page material).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
