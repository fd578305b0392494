import type { Preview } from "@storybook/react-vite";
import { configure } from "storybook/test";
import "../packages/ui/src/styles/storybook.css";

// The stories run as tests beside the server suites on a 2-core machine: a toast or a dialog can
// take longer than testing-library's default second to show there (waitFor, findBy…).
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  // Issue 17: every component gets a docs page (props table, usage, do and don't) for designers.
  tags: ["autodocs"],
  parameters: {
    layout: "padded",
    controls: { expanded: true },
    // Any axe-core violation fails the story's test (issue 3: "no violations in any story").
    a11y: { test: "error" },
    options: { storySort: { order: ["Introduction", "*"] } },
  },
};

export default preview;
