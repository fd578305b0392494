import type { MaterialRecord, Question } from "@lms/core";
import { Button, cn } from "@lms/ui";
import DOMPurify from "dompurify";
import { useMemo, type ReactNode } from "react";
import { useI18n } from "../../../lib/i18n";
import { useMaterial } from "../api/use-course-materials";
import { InlineLoading } from "./inline-loading";

/**
 * A material as a student sees it, without recording anything: a page's text, a link or file
 * to open, a quiz's questions without its answers, a SCORM package to open.
 */
export function MaterialPreview({ material }: { material: MaterialRecord }) {
  if (material.type === "page") return <PagePreview material={material} />;
  if (material.type === "quiz") return <QuizPreview material={material} />;
  if (material.type === "link") return <OpenPreview material={material} url={material.url} />;
  return <StoredPreview material={material} />;
}

/** A file or SCORM package: its address comes with the material's details. */
function StoredPreview({ material }: { material: MaterialRecord }) {
  const { data, loading } = useMaterial(material.id);
  if (loading && !data) return <InlineLoading />;
  const url =
    (material.type === "scorm" ? data?.launchUrl : undefined) ??
    data?.files?.[0]?.url ??
    data?.url ??
    material.url;
  return <OpenPreview material={material} url={url} />;
}

function OpenPreview({ material, url }: { material: MaterialRecord; url: string | undefined }) {
  const { t } = useI18n();
  const label =
    material.type === "link"
      ? t("materials.openLink")
      : material.type === "scorm"
        ? t("materials.openPackage")
        : t("materials.openFile");
  if (!url) return <p className="text-sm text-muted-foreground">{t("materials.noPreview")}</p>;
  return (
    <div className="flex flex-col items-start gap-3">
      {material.type === "link" ? (
        <p className="text-sm break-all text-muted-foreground">{url}</p>
      ) : null}
      <Button asChild>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      </Button>
    </div>
  );
}

// Links in a page open beside the portal, never in place of it.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

/**
 * A page's content. The server sanitises it when it is saved; it is sanitised again here
 * (DOMPurify), so that nothing a page holds can run in the portal, whatever its origin.
 */
function PagePreview({ material }: { material: MaterialRecord }) {
  const { t } = useI18n();
  const html = useMemo(
    () =>
      DOMPurify.sanitize(material.content ?? "", {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
      }),
    [material.content],
  );
  if (!html.trim())
    return <p className="text-sm text-muted-foreground">{t("materials.noPreview")}</p>;
  return (
    <div
      className={cn(
        "max-w-none text-sm leading-relaxed break-words text-foreground",
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

function QuizPreview({ material }: { material: MaterialRecord }) {
  const { t } = useI18n();
  const { data, loading } = useMaterial(material.id);
  if (loading && !data) return <InlineLoading />;
  const quiz = data?.quiz;
  const questions: Question[] = quiz?.questions ?? [];
  const attempts = quiz?.attemptsAllowed ?? 0;
  const minutes = quiz?.timeLimitMinutes ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact label={t("quiz.field.attemptsAllowed")}>
          {attempts === 0 ? t("quiz.unlimited") : attempts}
        </Fact>
        <Fact label={t("quiz.field.timeLimitMinutes")}>
          {minutes === 0 ? t("quiz.unlimited") : minutes}
        </Fact>
        <Fact label={t("quiz.field.passingGrade")}>{quiz?.passingGrade ?? 75}</Fact>
      </dl>
      <p className="text-sm text-muted-foreground">{t("courses.quizPreviewNote")}</p>
      {questions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("quiz.noQuestions")}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {questions.map((question, index) => (
            <li key={question.id ?? index} className="flex flex-col gap-2">
              <p className="text-sm font-medium text-foreground">
                {index + 1}. {question.prompt}{" "}
                <span className="font-normal text-muted-foreground">
                  ({t("quiz.pointsValue", { count: question.points })})
                </span>
              </p>
              <QuestionPreview question={question} index={index} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A question as a student meets it: choices to pick, nothing marked correct, nothing sent. */
function QuestionPreview({ question, index }: { question: Question; index: number }) {
  const { t } = useI18n();
  const name = `preview-question-${index}`;
  if (question.type === "shortAnswer")
    return (
      <input
        type="text"
        aria-label={t("quiz.field.answer")}
        className="h-9 max-w-md rounded-control border border-input bg-surface px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
    );
  const options =
    question.type === "trueFalse"
      ? [
          { key: "true", text: t("quiz.true") },
          { key: "false", text: t("quiz.false") },
        ]
      : question.choices.map((choice, k) => ({ key: choice.id ?? String(k), text: choice.text }));
  return (
    <ul className="flex flex-col gap-1.5">
      {options.map((option) => (
        <li key={option.key}>
          <label className="inline-flex items-center gap-2 text-sm text-foreground">
            <input
              type={question.type === "multiple" ? "checkbox" : "radio"}
              name={name}
              className="size-4 accent-primary"
            />
            {option.text}
          </label>
        </li>
      ))}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm text-foreground">{children}</dd>
    </div>
  );
}
