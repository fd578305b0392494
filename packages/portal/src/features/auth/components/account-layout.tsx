import type { ReactNode } from "react";
import { useT } from "../../../lib/i18n";
import { VisitorLanguage } from "./visitor-language";

/** The centred card every visitor page sits in. */
export function AccountLayout({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-lg font-semibold text-primary">{t("app.name")}</p>
        <section className="rounded-card border border-border bg-surface p-6 shadow-sm">
          <h1 className="text-xl font-semibold text-foreground">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </section>
        <VisitorLanguage />
      </div>
    </main>
  );
}
