import { PlusIcon } from "lucide-react";
import { QUESTION_TYPES, type QuestionType } from "@lms/core";
import {
  Button,
  Checkbox,
  IconButton,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  TextField,
  Textarea,
} from "@lms/ui";
import { useId } from "react";
import {
  Controller,
  useFieldArray,
  useWatch,
  type FieldErrors,
  type UseFormReturn,
} from "react-hook-form";
import { Field } from "../../../components/field";
import { useI18n } from "../../../lib/i18n";
import { markChoice, type ChoiceDraft, type QuizDraft } from "../utils/quiz";

/** The message of an error on an array (a rule on the whole list of choices or answers). */
function listMessage(error: unknown): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/**
 * One question of the quiz: its type, prompt and points, and by type its choices with the correct
 * ones marked (single or multiple choice), its true-or-false answer, or its accepted short answers.
 */
export function QuestionEditor({
  form,
  index,
  onRetype,
  onRemove,
}: {
  form: UseFormReturn<QuizDraft>;
  index: number;
  onRetype: (type: QuestionType) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const legendId = useId();
  const type = useWatch({ control: form.control, name: `questions.${index}.type` });
  const errors = form.formState.errors.questions?.[index] as
    FieldErrors<QuizDraft["questions"][number]> | undefined;
  const n = index + 1;

  return (
    <fieldset
      aria-labelledby={legendId}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={legendId} className="text-base font-semibold text-foreground">
          {t("quiz.questionLabel", { n })}
        </h3>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          {t("quiz.removeQuestionLabel", { n })}
        </Button>
      </div>
      <Field label={t("quiz.field.prompt")} error={errors?.prompt?.message} required>
        <Textarea rows={2} {...form.register(`questions.${index}.prompt`)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label={t("quiz.field.questionType")} error={errors?.type?.message}>
          <Select value={type} onValueChange={(value) => onRetype(value as QuestionType)}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {QUESTION_TYPES.map((option) => (
                <SelectItem key={option} value={option}>
                  {t(`quiz.type.${option}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label={t("quiz.field.points")} error={errors?.points?.message}>
          <TextField
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            {...form.register(`questions.${index}.points`)}
          />
        </Field>
      </div>
      {type === "single" || type === "multiple" ? (
        <ChoicesEditor form={form} index={index} type={type} error={listMessage(errors?.choices)} />
      ) : null}
      {type === "trueFalse" ? <TrueFalseEditor form={form} index={index} /> : null}
      {type === "shortAnswer" ? (
        <ShortAnswersEditor form={form} index={index} error={listMessage(errors?.answers)} />
      ) : null}
    </fieldset>
  );
}

function ChoicesEditor({
  form,
  index,
  type,
  error,
}: {
  form: UseFormReturn<QuizDraft>;
  index: number;
  type: "single" | "multiple";
  error: string | undefined;
}) {
  const { t, message } = useI18n();
  const name = `questions.${index}.choices` as const;
  const choices = useFieldArray({ control: form.control, name, keyName: "key" });
  const values = (useWatch({ control: form.control, name }) ?? []) as ChoiceDraft[];
  const groupId = useId();
  const choiceErrors = form.formState.errors.questions?.[index]?.choices;

  function mark(choiceIndex: number, correct: boolean) {
    const next = markChoice(form.getValues(name), choiceIndex, type, correct);
    next.forEach((choice, i) =>
      form.setValue(`${name}.${i}.correct`, choice.correct, { shouldDirty: true }),
    );
  }

  return (
    <div role="group" aria-labelledby={groupId} className="flex flex-col gap-2">
      <p id={groupId} className="text-sm font-medium text-foreground">
        {t("quiz.field.choices")}
      </p>
      {choices.fields.map((choice, k) => {
        const textError = (
          choiceErrors as unknown as { text?: { message?: string } }[] | undefined
        )?.[k]?.text?.message;
        const label = t("quiz.choiceLabel", { n: k + 1 });
        const correct = Boolean(values[k]?.correct);
        return (
          <div key={choice.key} className="flex flex-wrap items-center gap-2">
            {type === "single" ? (
              <input
                type="radio"
                name={`question-${index}-correct`}
                checked={correct}
                onChange={(event) => mark(k, event.currentTarget.checked)}
                aria-label={t("quiz.markCorrect", { n: k + 1 })}
                className="size-4 accent-primary"
              />
            ) : (
              <Checkbox
                checked={correct}
                onCheckedChange={(checked) => mark(k, checked === true)}
                aria-label={t("quiz.markCorrect", { n: k + 1 })}
              />
            )}
            <TextField
              aria-label={label}
              placeholder={label}
              aria-invalid={textError ? true : undefined}
              className="min-w-0 flex-1"
              {...form.register(`${name}.${k}.text`)}
            />
            <IconButton
              type="button"
              size="sm"
              label={t("quiz.removeChoice", { n: k + 1 })}
              disabled={choices.fields.length <= 2}
              onClick={() => choices.remove(k)}
            >
              <span aria-hidden="true">✕</span>
            </IconButton>
            {textError ? (
              <p className="basis-full ps-6 text-sm text-destructive">{message(textError)}</p>
            ) : null}
          </div>
        );
      })}
      {error ? <p className="text-sm text-destructive">{message(error)}</p> : null}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={choices.fields.length >= 20}
          onClick={() => choices.append({ text: "", correct: false })}
        >
          <PlusIcon />
          {t("quiz.addChoice")}
        </Button>
      </div>
    </div>
  );
}

function TrueFalseEditor({ form, index }: { form: UseFormReturn<QuizDraft>; index: number }) {
  const { t } = useI18n();
  const groupId = useId();
  return (
    <Controller
      control={form.control}
      name={`questions.${index}.answers`}
      render={({ field }) => (
        <div role="radiogroup" aria-labelledby={groupId} className="flex flex-col gap-2">
          <p id={groupId} className="text-sm font-medium text-foreground">
            {t("quiz.correctAnswer")}
          </p>
          <div className="flex gap-6">
            {(["true", "false"] as const).map((value) => (
              <label key={value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`question-${index}-truefalse`}
                  value={value}
                  checked={field.value?.[0] === value}
                  onChange={() => field.onChange([value])}
                  className="size-4 accent-primary"
                />
                {t(value === "true" ? "quiz.true" : "quiz.false")}
              </label>
            ))}
          </div>
        </div>
      )}
    />
  );
}

function ShortAnswersEditor({
  form,
  index,
  error,
}: {
  form: UseFormReturn<QuizDraft>;
  index: number;
  error: string | undefined;
}) {
  const { t, message } = useI18n();
  const groupId = useId();
  const answerErrors = form.formState.errors.questions?.[index]?.answers as
    ({ message?: string } | undefined)[] | undefined;
  return (
    <Controller
      control={form.control}
      name={`questions.${index}.answers`}
      render={({ field }) => {
        const answers: string[] = field.value ?? [];
        const change = (next: string[]) => field.onChange(next);
        return (
          <div role="group" aria-labelledby={groupId} className="flex flex-col gap-2">
            <p id={groupId} className="text-sm font-medium text-foreground">
              {t("quiz.acceptedAnswers")}
            </p>
            {answers.map((answer, k) => {
              const answerError = Array.isArray(answerErrors)
                ? answerErrors[k]?.message
                : undefined;
              return (
                <div key={k} className="flex flex-wrap items-center gap-2">
                  <TextField
                    aria-label={t("quiz.answerLabel", { n: k + 1 })}
                    aria-invalid={answerError ? true : undefined}
                    value={answer}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      change(answers.map((a, i) => (i === k ? event.currentTarget.value : a)))
                    }
                    className="min-w-0 flex-1"
                  />
                  <IconButton
                    type="button"
                    size="sm"
                    label={t("quiz.removeAnswer", { n: k + 1 })}
                    disabled={answers.length <= 1}
                    onClick={() => change(answers.filter((_, i) => i !== k))}
                  >
                    <span aria-hidden="true">✕</span>
                  </IconButton>
                  {answerError ? (
                    <p className="basis-full text-sm text-destructive">{message(answerError)}</p>
                  ) : null}
                </div>
              );
            })}
            {error ? <p className="text-sm text-destructive">{message(error)}</p> : null}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={answers.length >= 20}
                onClick={() => change([...answers, ""])}
              >
                <PlusIcon />
                {t("quiz.addAnswer")}
              </Button>
            </div>
          </div>
        );
      }}
    />
  );
}
