// Blocks of the Storybook introduction page (src/docs/introduction.mdx), never part of the package.
// The tokens are read from theme.css itself, so the page cannot drift from what apps get.
import * as React from "react";
import themeCss from "../styles/theme.css?raw";

type Token = { name: string; value: string };
type TokenSection = { title: string; note: string; tokens: Token[] };

/** The `@theme` block's custom properties, in sections named by the comment above each group. */
function readThemeSections(css: string): TokenSection[] {
  const theme = css.slice(css.indexOf("@theme"), css.indexOf("@keyframes"));
  const sections: TokenSection[] = [];
  for (const line of theme.split("\n")) {
    const comment = /^\s*\/\*\s*(.+?)\s*\*\/\s*$/.exec(line);
    if (comment) {
      const [title = "", ...note] = comment[1]!.split(":");
      sections.push({ title: title.trim(), note: note.join(":").trim(), tokens: [] });
      continue;
    }
    const token = /^\s*(--[\w-]+):\s*(.+);\s*$/.exec(line);
    if (token && sections.length > 0) {
      sections.at(-1)!.tokens.push({ name: token[1]!, value: token[2]! });
    }
  }
  return sections.filter((section) => section.tokens.length > 0);
}

const sections = readThemeSections(themeCss);

function SectionHeading({ section }: { section: TokenSection }) {
  return (
    <div className="mt-6 mb-3">
      <h3 className="text-base font-semibold text-foreground">{section.title}</h3>
      {section.note ? <p className="text-sm text-muted-foreground">{section.note}</p> : null}
    </div>
  );
}

/** `--color-primary-soft` → `primary-soft`, the name in utilities (`bg-primary-soft`). */
const utilityName = (token: Token) => token.name.replace(/^--color-/, "");

/**
 * Every colour token as a swatch, grouped as in theme.css. A colour with a `-foreground` partner
 * shows "Aa" in that partner, the pair components always use together.
 */
function ColorTokens() {
  return (
    <>
      {sections
        .filter((section) => section.tokens.some((token) => token.name.startsWith("--color-")))
        .map((section) => {
          const names = new Set(section.tokens.map((token) => token.name));
          return (
            <section key={section.title}>
              <SectionHeading section={section} />
              <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
                {section.tokens
                  .filter((token) => !token.name.endsWith("-foreground"))
                  .map((token) => {
                    const partner = `${token.name}-foreground`;
                    return (
                      <figure
                        key={token.name}
                        className="m-0 overflow-hidden rounded-card border border-border bg-surface"
                      >
                        <div
                          className="flex h-16 items-center justify-center text-lg font-semibold"
                          style={{
                            background: `var(${token.name})`,
                            color: names.has(partner) ? `var(${partner})` : undefined,
                          }}
                        >
                          {names.has(partner) ? "Aa" : null}
                        </div>
                        <figcaption className="px-3 py-2 text-xs">
                          <code className="font-semibold text-foreground">
                            {utilityName(token)}
                          </code>
                          {names.has(partner) ? (
                            <div className="text-muted-foreground">
                              text: <code>{utilityName({ name: partner, value: "" })}</code>
                            </div>
                          ) : null}
                          <div className="break-all text-muted-foreground">{token.value}</div>
                        </figcaption>
                      </figure>
                    );
                  })}
              </div>
            </section>
          );
        })}
    </>
  );
}

/** Corner radii and shadows, drawn with the tokens themselves. */
function ShapeTokens() {
  return (
    <>
      {sections
        .filter((section) => section.tokens.some((token) => /^--(radius|shadow)-/.test(token.name)))
        .map((section) => (
          <section key={section.title}>
            <SectionHeading section={section} />
            <div className="flex flex-wrap gap-6">
              {section.tokens
                .filter((token) => /^--(radius|shadow)-/.test(token.name))
                .map((token) => (
                  <figure key={token.name} className="m-0 flex flex-col items-start gap-2 text-xs">
                    <div
                      className="size-24 border border-border bg-surface"
                      style={
                        token.name.startsWith("--radius-")
                          ? { borderRadius: `var(${token.name})` }
                          : { boxShadow: `var(${token.name})`, borderRadius: "var(--radius-card)" }
                      }
                    />
                    <figcaption>
                      <code className="font-semibold text-foreground">
                        {token.name.replace(/^--(radius|shadow)-/, "$1-")}
                      </code>
                      <div className="max-w-48 break-all text-muted-foreground">{token.value}</div>
                    </figcaption>
                  </figure>
                ))}
            </div>
          </section>
        ))}
    </>
  );
}

/** The computed value of a CSS variable on the page, once it is mounted. */
function useCssVariable(name: string): string {
  const [value, setValue] = React.useState("");
  React.useEffect(() => {
    setValue(getComputedStyle(document.documentElement).getPropertyValue(name).trim());
  }, [name]);
  return value;
}

// The steps the components use (gap-1.5 in chips, px-4 in cells, gap-6 in pagination...).
const SPACING_STEPS = [1, 1.5, 2, 3, 4, 6, 8, 12] as const;

/** Tailwind's spacing scale: every step is a multiple of `--spacing`. */
function SpacingScale() {
  const unit = useCssVariable("--spacing");
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        One step is <code>--spacing</code> = {unit || "0.25rem"}; <code>p-4</code> and{" "}
        <code>gap-4</code> are four steps.
      </p>
      {SPACING_STEPS.map((step) => (
        <div key={step} className="flex items-center gap-3 text-xs">
          <code className="w-12 text-foreground">{step}</code>
          <div
            className="h-3 rounded-sm bg-primary"
            style={{ width: `calc(var(--spacing) * ${step})` }}
          />
          <span className="text-muted-foreground">{step * 4}px</span>
        </div>
      ))}
    </div>
  );
}

const TYPE_STEPS = [
  {
    className: "text-xs font-semibold tracking-wide uppercase",
    token: "--text-xs",
    use: "Table headers, chips, small buttons",
  },
  { className: "text-sm", token: "--text-sm", use: "Body text, controls, table cells" },
  {
    className: "text-base font-semibold",
    token: "--text-base",
    use: "Dialog titles, empty states",
  },
  {
    className: "text-2xl font-semibold tracking-tight",
    token: "--text-2xl",
    use: "Page headers, not found",
  },
] as const;

function TypeStep({ step }: { step: (typeof TYPE_STEPS)[number] }) {
  const size = useCssVariable(step.token);
  return (
    <div className="grid grid-cols-[10rem_1fr] items-baseline gap-4 border-b border-border py-3">
      <div className="text-xs text-muted-foreground">
        <code className="text-foreground">{step.className}</code>
        <div>
          {size} · {step.use}
        </div>
      </div>
      <div className={`${step.className} text-foreground`}>Rizal High School</div>
    </div>
  );
}

/** The type scale the components use, in the theme's font. */
function TypeScale() {
  return (
    <div>
      {TYPE_STEPS.map((step) => (
        <TypeStep key={step.token} step={step} />
      ))}
    </div>
  );
}

export { ColorTokens, readThemeSections, ShapeTokens, SpacingScale, TypeScale };
