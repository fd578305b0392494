import { PlusIcon } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { quizSettingsSchema, type MaterialQuiz, type QuestionType } from "@lms/core";
import { Button, EmptyState, Switch, TextField, toast, useConfirm } from "@lms/ui";
import { useId } from "react";
import { Controller, useFieldArray, useForm, type Resolver } from "react-hook-form";
import { Field } from "../../../components/field";
import { applyFieldErrors, failureText } from "../../../lib/errors";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useI18n } from "../../../lib/i18n";
import { useMaterialEditing } from "../api/use-materials";
import { newQuestion, quizDraft, retypeQuestion, type QuizDraft } from "../utils/quiz";
import { QuestionEditor } from "./question-editor";

const NUMBER_FIELDS = [
  ["attemptsAllowed", 0, 100, "quiz.zeroUnlimited"],
  ["timeLimitMinutes", 0, 600, "quiz.zeroUnlimited"],
  ["passingGrade", 0, 100, undefined],
] as const;

const FIELD_NAMES = [
  "attemptsAllowed",
  "timeLimitMinutes",
  "passingGrade",
  "shuffle",
  "showCorrectAnswers",
  "questions",
];

/**
 * A quiz's settings and questions (SPEC.md §2 quiz-settings route), saved with `quizsettings`:
 * attempts allowed and time limit (0 is unlimited), passing grade, shuffle, show correct answers.
 */
export function QuizSettingsForm({
  materialId,
  version,
  quiz,
  readOnly,
  onDone,
}: {
  materialId: number;
  /** The material's version when the form opened (issue 45): a save over a newer one is a 409. */
  version?: number;
  quiz: MaterialQuiz | null | undefined;
  readOnly: boolean;
  onDone: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const { saveQuizSettings } = useMaterialEditing();
  const questionsHeading = useId();
  const form = useForm<QuizDraft>({
    // The schema's input is what the editor holds; its output is what the server receives.
    resolver: zodResolver(quizSettingsSchema) as unknown as Resolver<QuizDraft>,
    defaultValues: quizDraft(quiz),
  });
  const questions = useFieldArray({ control: form.control, name: "questions", keyName: "key" });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    let failed = false;
    const ok = await confirm({
      title: t("confirm.updateTitle"),
      message: t("confirm.updateMessage", { entity: t("entity.material") }),
      confirmLabel: t("common.save"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const result = await saveQuizSettings(materialId, values, version);
        if (result.ok) return;
        failed = true;
        if (!applyFieldErrors(result, form.setError, FIELD_NAMES))
          toast.error(failureText(result, i18n));
      },
    });
    if (!ok || failed) return;
    toast.success(t("quiz.saved"));
    form.reset(values);
  });

  async function cancel() {
    await guard.cancel(onDone);
  }

  function retype(index: number, type: QuestionType) {
    questions.update(index, retypeQuestion(form.getValues(`questions.${index}`), type));
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          {NUMBER_FIELDS.map(([name, min, max, help]) => (
            <Field
              key={name}
              label={t(`quiz.field.${name}`)}
              error={errors[name]?.message}
              help={help ? t(help) : undefined}
            >
              <TextField
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                {...form.register(name)}
              />
            </Field>
          ))}
          {(["shuffle", "showCorrectAnswers"] as const).map((name) => (
            <Field
              key={name}
              label={t(`quiz.field.${name}`)}
              orientation="horizontal"
              className="sm:col-span-3"
            >
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Switch
                    checked={Boolean(field.value)}
                    onCheckedChange={field.onChange}
                    disabled={readOnly}
                  />
                )}
              />
            </Field>
          ))}
        </div>
        <section aria-labelledby={questionsHeading} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={questionsHeading} className="text-lg font-semibold text-foreground">
              {t("quiz.questions")}{" "}
              <span className="text-sm font-normal text-muted-foreground">
                ({t("quiz.questionCount", { count: questions.fields.length })})
              </span>
            </h2>
          </div>
          {questions.fields.length === 0 ? (
            <EmptyState size="compact" title={t("quiz.noQuestions")} />
          ) : (
            questions.fields.map((question, index) => (
              <QuestionEditor
                key={question.key}
                form={form}
                index={index}
                onRetype={(type) => retype(index, type)}
                onRemove={() => questions.remove(index)}
              />
            ))
          )}
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={questions.fields.length >= 200}
              onClick={() => questions.append(newQuestion())}
            >
              <PlusIcon />
              {t("quiz.addQuestion")}
            </Button>
          </div>
        </section>
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={() => void cancel()}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" pending={isSubmitting}>
            {t("common.save")}
          </Button>
        </div>
      )}
    </form>
  );
}
