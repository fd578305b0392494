import { zodResolver } from "@hookform/resolvers/zod";
import {
  GRADE_LEVELS,
  checkImageFiles,
  courseSchema,
  type CourseInput,
  type CourseRecord,
  type CourseValues,
} from "@lms/core";
import {
  Button,
  Dropzone,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  TextField,
  Textarea,
} from "@lms/ui";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { applyFieldErrors, fieldErrorText } from "../../../lib/errors";
import { useConfirmedSave } from "../../../lib/form-actions";
import { useOpenedRecord } from "../../../lib/stale-record";
import { useI18n } from "../../../lib/i18n";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useCourseCommands } from "../api/use-courses";

const TEXT_FIELDS = [
  ["courseName", true],
  ["courseCode", true],
  ["subject", true],
  ["section", false],
] as const;

const FIELD_NAMES = [
  "courseName",
  "courseCode",
  "gradeLevel",
  "subject",
  "section",
  "description",
  "published",
];

function defaultsFrom(course?: CourseRecord): CourseInput {
  return {
    courseName: course?.courseName ?? "",
    courseCode: course?.courseCode ?? "",
    gradeLevel: course ? String(course.gradeLevel) : "",
    subject: course?.subject ?? "",
    section: course?.section ?? "",
    description: course?.description ?? "",
    published: course?.published ?? false,
    // The school stays as it is; a new course gets the creator's scope on the server.
    schoolId: course?.schoolId ?? undefined,
  };
}

/**
 * Create or update a course (SPEC.md §3 course fields). Saving asks first and cancelling a
 * changed form asks too (SPEC.md §4); a failed save keeps what was typed and shows each field's
 * error; a conflict shows 'Creation Unsuccessful. Course already exists.'
 */
export function CourseForm({
  course,
  onDone,
  readOnly = false,
}: {
  course?: CourseRecord;
  /** Called after a save with the saved course, or with null when a new course is cancelled. */
  onDone: (saved: CourseRecord | null) => void;
  readOnly?: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirmedSave = useConfirmedSave();
  const { save } = useCourseCommands();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const form = useForm<CourseInput, unknown, CourseValues>({
    resolver: zodResolver(courseSchema),
    defaultValues: defaultsFrom(course),
  });
  const { opened, staleEdit } = useOpenedRecord(course, defaultsFrom, form.reset, "courses.field");
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty || Boolean(image));

  const onSubmit = form.handleSubmit(async (values) => {
    const done = await confirmedSave({
      update: Boolean(course),
      entity: t("entity.course"),
      run: () => save(values, { id: opened?.id, version: opened?.version, image }),
      onFailure: (failure) => {
        const imageProblem = failure.errors?.find((e) => e.field === "image");
        if (imageProblem) setImageError(fieldErrorText(imageProblem, i18n));
        return applyFieldErrors(failure, form.setError, FIELD_NAMES) || Boolean(imageProblem);
      },
      success: t(course ? "courses.updated" : "courses.created"),
      stale: staleEdit(values, (version) => save(values, { id: opened?.id, version, image })),
    });
    if (!done) return;
    setImage(null);
    form.reset(defaultsFrom(done.saved));
    guard.leave(() => onDone(done.saved));
  });

  async function cancel() {
    await guard.cancel(() => {
      form.reset(defaultsFrom(course));
      setImage(null);
      setImageError(undefined);
      if (!course) onDone(null);
    });
  }

  const reportPaste = (name: keyof CourseInput) => (message: string) =>
    form.setError(name, { type: "paste", message });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([name, required]) => (
          <Field
            key={name}
            label={t(`courses.field.${name}`)}
            error={errors[name]?.message}
            required={required}
          >
            <TextField {...form.register(name)} onPaste={pasteGuard("text", reportPaste(name))} />
          </Field>
        ))}
        <Field label={t("courses.field.gradeLevel")} error={errors.gradeLevel?.message} required>
          <Controller
            control={form.control}
            name="gradeLevel"
            render={({ field }) => (
              <Select
                value={field.value ? String(field.value) : undefined}
                onValueChange={field.onChange}
                disabled={readOnly}
              >
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder={t("common.selectPlaceholder")} />
                </SelectTrigger>
                <SelectContent>
                  {GRADE_LEVELS.map((grade) => (
                    <SelectItem key={grade} value={String(grade)}>
                      {t("courses.gradeOption", { n: grade })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field label={t("courses.field.published")} orientation="horizontal">
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <Switch
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
                disabled={readOnly}
              />
            )}
          />
        </Field>
        <Field
          label={t("courses.field.description")}
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea
            rows={4}
            {...form.register("description")}
            onPaste={pasteGuard("text", reportPaste("description"))}
          />
        </Field>
      </fieldset>
      <Field label={t("courses.field.image")} error={imageError}>
        <Dropzone
          value={image ? [image] : []}
          previewUrl={course?.image ?? undefined}
          disabled={readOnly}
          name="image"
          label={t("common.dropImage")}
          hint={t("common.imageHint")}
          removeLabel={t("common.removeImage")}
          previewAlt={t("courses.field.image")}
          errors={{
            "too-large": t("validation.imageSize"),
            "wrong-type": t("validation.imageType"),
            "too-many": t("validation.maxFiles"),
          }}
          onFilesChange={(files) => {
            const problem = checkImageFiles(files);
            setImageError(problem ? i18n.message(problem) : undefined);
            setImage(problem ? null : (files[0] ?? null));
          }}
          onReject={() => setImage(null)}
        />
      </Field>
      {readOnly ? null : (
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={() => void cancel()}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" pending={isSubmitting}>
            {t(course ? "common.update" : "common.create")}
          </Button>
        </div>
      )}
    </form>
  );
}
