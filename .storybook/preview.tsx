import type { Preview } from "@storybook/react-vite";
import "../packages/ui/src/styles/storybook.css";

const preview: Preview = {
  parameters: {
    layout: "padded",
    controls: { expanded: true },
    // Any axe-core violation fails the story's test (issue 3: "no violations in any story").
    a11y: { test: "error" },
  },
};

export default preview;
