// `parameters` for the stories' autodocs pages (issue 17): how to use a component, then do and
// don't, for designers and developers. Story-only: never part of the package.
type ComponentDocs = {
  /** What the component is for and how a screen uses it (markdown). */
  usage: string;
  do: readonly string[];
  dont: readonly string[];
  /**
   * The stories cover the page (fixed or full-screen layout, open dialogs): the docs page shows
   * each in its own frame instead of inline.
   */
  framed?: boolean;
};

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");

function componentDocs({ usage, do: dos, dont, framed = false }: ComponentDocs) {
  return {
    docs: {
      description: {
        component: `${usage}\n\n**Do**\n\n${list(dos)}\n\n**Don't**\n\n${list(dont)}`,
      },
      ...(framed ? { story: { inline: false, iframeHeight: 480 } } : {}),
    },
  };
}

export { componentDocs };
