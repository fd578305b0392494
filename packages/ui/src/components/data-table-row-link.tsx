import type * as React from "react";

type RenderLinkProps = { href: string; className: string; children: React.ReactNode };

/** A plain `<a>`; the portal passes its router's `<Link>` instead. */
function defaultRenderLink({ href, className, children }: RenderLinkProps) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

const rowLinkClassName =
  "font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:underline focus-visible:ring-2 focus-visible:ring-ring rounded-sm";

/** The column whose cell holds the row's link: the one asked for, else the first with data. */
function getLinkColumnId(
  columns: readonly { id: string; accessorFn?: unknown }[],
  linkColumnId: string | undefined,
): string | undefined {
  return linkColumnId ?? columns.find((column) => column.accessorFn)?.id ?? columns[0]?.id;
}

const INTERACTIVE =
  "a, button, input, select, textarea, label, [role='checkbox'], [role='menuitem']";

/**
 * A click anywhere on a linked row follows its link, unless it hit a control of its own or ends a
 * text selection. Keyboard and screen-reader users reach the same page through the link itself.
 */
function followRowLink(event: React.MouseEvent<HTMLTableRowElement>) {
  const target = event.target as HTMLElement;
  if (target.closest(INTERACTIVE)) return;
  if (window.getSelection()?.toString()) return;
  event.currentTarget.querySelector<HTMLElement>("[data-row-link] a, a[data-row-link]")?.click();
}

export { defaultRenderLink, followRowLink, getLinkColumnId, rowLinkClassName };
export type { RenderLinkProps };
