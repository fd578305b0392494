// Imports the BUILT package through its own name and `exports` map, as another school app would.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

const packageRoot = fileURLToPath(new URL("..", import.meta.url));
const dist = (file: string) => `${packageRoot}dist/${file}`;

if (!existsSync(dist("index.js"))) {
  throw new Error("packages/ui/dist is missing: run `pnpm --filter @lms/ui build` first.");
}

const ui = await import("@lms/ui");

describe("the built package", () => {
  it("exports every component of issue 3", () => {
    const components = [
      "AppShell",
      "Button",
      "Checkbox",
      "ConfirmDialog",
      "ConfirmProvider",
      "DataTable",
      "Drawer",
      "DrawerItem",
      "DropdownMenu",
      "Dropzone",
      "EmptyState",
      "ExpandCollapseAll",
      "FormField",
      "FullPageSpinner",
      "IconButton",
      "LoadingBar",
      "NotFound",
      "OfflineBanner",
      "PageHeader",
      "PasswordField",
      "PermissionMatrix",
      "Select",
      "SelectTrigger",
      "SkeletonTable",
      "StatusChip",
      "StrengthMeter",
      "Switch",
      "Tabs",
      "Textarea",
      "TextField",
      "Toaster",
      "TopBar",
      "ViewToggle",
    ] as const;
    for (const name of components) {
      expect(typeof ui[name], name).toBe("function");
    }
    expect(typeof ui.useConfirm).toBe("function");
    expect(typeof ui.toast).toBe("function");
  });

  it("keeps the product's constants as defaults (SPEC.md §9)", () => {
    expect(ui.DEFAULT_DRAWER_WIDTH).toBe(200);
    expect(ui.DEFAULT_MOBILE_BREAKPOINT).toBe(700);
    expect(ui.DEFAULT_CONFIRM_WIDTH).toBe(370);
    expect(ui.DEFAULT_SKELETON_ROWS).toBe(5);
    expect(ui.DEFAULT_PAGE_SIZES).toEqual([10, 25, 50]);
    expect(ui.DEFAULT_SEARCH_DEBOUNCE_MS).toBe(600);
    expect(ui.DEFAULT_MAX_SIZE).toBe(2 * 1024 * 1024);
    expect(ui.createDataTableState()).toEqual({
      page: 1,
      rowsPerPage: 10,
      sortBy: undefined,
      sortOrder: "desc",
      search: "",
      filters: {},
    });
  });

  it("grades password strength red below 4, yellow from 4, green at 6", () => {
    expect([0, 3, 4, 5, 6].map((count) => ui.getStrengthLevel(count))).toEqual([
      "weak",
      "weak",
      "medium",
      "medium",
      "strong",
    ]);
  });

  it("refuses images that are too large, of the wrong type or too many", () => {
    const rules = { accept: ui.DEFAULT_ACCEPT, maxSize: ui.DEFAULT_MAX_SIZE, maxFiles: 1 };
    const png = (size: number, name = "logo.png") =>
      new File([new Uint8Array(size)], name, { type: "image/png" });
    expect(ui.validateFiles([png(1024)], rules)).toBeUndefined();
    expect(ui.validateFiles([png(3 * 1024 * 1024)], rules)).toBe("too-large");
    expect(ui.validateFiles([new File(["x"], "logo.gif", { type: "image/gif" })], rules)).toBe(
      "wrong-type",
    );
    expect(ui.validateFiles([new File(["x"], "photo.JPG", { type: "" })], rules)).toBeUndefined();
    expect(ui.validateFiles([png(10), png(10, "b.png")], rules)).toBe("too-many");
  });

  it("renders on the server with data-slot roots and cva variants", () => {
    const html = renderToStaticMarkup(createElement(ui.StatusChip, { status: "active" }, "Active"));
    expect(html).toContain('data-slot="status-chip"');
    expect(html).toContain("bg-success-soft");
    expect(ui.statusChipVariants({ status: "unpublished" })).toContain("bg-warning-soft");
    expect(ui.buttonVariants()).toContain("bg-primary");
  });

  it("ships styles.css with the tokens and the utilities the components use", () => {
    const css = readFileSync(dist("styles.css"), "utf8");
    for (const token of [
      "--color-primary",
      "--color-success",
      "--color-warning",
      "--color-destructive",
      "--color-ring",
      "--color-loading-bar",
    ]) {
      expect(css).toContain(token);
    }
    expect(css).toContain(".bg-success-soft");
    expect(css).toContain(".bg-loading-bar");
    const theme = readFileSync(dist("theme.css"), "utf8");
    expect(theme).toContain("@theme");
    expect(theme).toContain('@source "./"');
  });

  it("points every exports entry at a file that exists", () => {
    const manifest = JSON.parse(readFileSync(`${packageRoot}package.json`, "utf8")) as {
      exports: Record<string, string | Record<string, string>>;
      peerDependencies: Record<string, string>;
    };
    const targets = Object.values(manifest.exports).flatMap((entry) =>
      typeof entry === "string" ? [entry] : Object.values(entry),
    );
    for (const target of targets) {
      expect(existsSync(`${packageRoot}${target}`), target).toBe(true);
    }
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(["react", "react-dom"]);
  });
});

describe("the build's layout", () => {
  it("emits the components as separate modules, so apps load only what a route uses", () => {
    const index = readFileSync(dist("index.js"), "utf8");
    const imports = [...index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)];
    expect(new Set(imports.map(([, , file]) => file)).size).toBeGreaterThan(20);
    const buttonModule = imports.find(([, names]) => /\bButton\b/.test(names!))?.[2];
    expect(buttonModule).toBeDefined();
    expect(readFileSync(dist(buttonModule!.slice(2)), "utf8")).not.toContain("useReactTable");
  });
});
