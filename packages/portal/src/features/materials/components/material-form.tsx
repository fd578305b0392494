import { zodResolver } from "@hookform/resolvers/zod";
import {
  materialSchema,
  type ApiFailure,
  scormSettingsSchema,
  type MaterialInput,
  type MaterialRecord,
  type MaterialType,
} from "@lms/core";
import { Button, Dropzone, Switch, TextField, Textarea, toast, useConfirm } from "@lms/ui";
import { ScormSettingsFields } from "./scorm-settings-fields";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { applyFieldErrors, failureText, fieldErrorText } from "../../../lib/errors";
import { isStale, useStaleChoice } from "../../../lib/form-actions";
import { useOpenedRecord } from "../../../lib/stale-record";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useI18n } from "../../../lib/i18n";
import { useMaterialEditing, type MaterialValues } from "../api/use-materials";

/** The server's default upload limit (LMS_MAX_UPLOAD_MB); a larger file would only be refused. */
const MAX_UPLOAD_MB = 100;

/** What a file material may be: documents, images, audio and video (the server checks the bytes). */
const FILE_ACCEPT: Record<string, readonly string[]> = {
  "application/pdf": [".pdf"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
  "audio/mpeg": [".mp3"],
  "audio/wav": [".wav"],
  "audio/x-wav": [".wav"],
  "audio/ogg": [".ogg"],
  "video/mp4": [".mp4", ".m4v"],
  "video/webm": [".webm"],
  "application/msword": [".doc"],
  "application/vnd.ms-excel": [".xls"],
  "application/vnd.ms-powerpoint": [".ppt"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": [".pptx"],
  "application/vnd.oasis.opendocument.text": [".odt"],
  "application/zip": [".zip"],
  "text/plain": [".txt"],
  "text/csv": [".csv"],
};

/** A SCORM package is a zip; browsers name its type in several ways. */
const PACKAGE_ACCEPT: Record<string, readonly string[]> = {
  "application/zip": [".zip"],
  "application/x-zip-compressed": [".zip"],
  "application/x-zip": [".zip"],
  "multipart/x-zip": [".zip"],
};

const FIELD_NAMES = [
  "name",
  "url",
  "content",
  "published",
  "attemptsAllowed",
  "grading",
  "newAttempt",
  "completion",
  "minScore",
];
const UPLOAD_FIELDS = ["file", "package"];

/**
 * Create or update a material of one type (SPEC.md §2): a file (`file` part), a link (url), a
 * page (content; the server sanitises it), a quiz (its questions come on the quiz-settings page)
 * or a SCORM package (a zip as the `package` part). Asks before saving and before discarding.
 */
export function MaterialForm({
  courseId,
  elementId,
  type,
  material,
  currentFile,
  readOnly = false,
  onDone,
}: {
  courseId: number;
  elementId: number;
  type: MaterialType;
  material?: MaterialRecord;
  /** The stored file or package of a material being changed, shown beside the upload. */
  currentFile?: { name: string; url: string } | undefined;
  readOnly?: boolean;
  onDone: (saved: MaterialRecord | null) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const { save } = useMaterialEditing();
  const [upload, setUpload] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const defaultsFrom = (record?: MaterialRecord): MaterialInput => ({
    courseId,
    elementId,
    type,
    name: record?.name ?? "",
    url: record?.url ?? "",
    content: record?.content ?? "",
    published: record?.published ?? false,
    ...(type === "scorm" ? (record?.scorm ?? scormSettingsSchema.parse({})) : {}),
  });
  const form = useForm<MaterialInput>({
    resolver: zodResolver(materialSchema),
    defaultValues: defaultsFrom(material),
  });
  const { opened, staleEdit } = useOpenedRecord(
    material,
    defaultsFrom,
    form.reset,
    "materials.field",
  );
  const chooseStale = useStaleChoice();
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty || Boolean(upload));
  const needsUpload = type === "file" || type === "scorm";
  const entity = t("entity.material");

  const onSubmit = form.handleSubmit(async (values) => {
    // A new file or package material needs its upload; an update keeps the stored one.
    if (needsUpload && !material && !upload) {
      setUploadError(t("validation.required"));
      return;
    }
    let saved: MaterialRecord | null = null;
    let failed = false;
    let theirs: (MaterialRecord & { version: number }) | null = null;
    let fields: MaterialValues | null = null;
    const showFailure = (result: ApiFailure) => {
      const uploadProblem = result.errors?.find((e) => UPLOAD_FIELDS.includes(e.field));
      if (uploadProblem) setUploadError(fieldErrorText(uploadProblem, i18n));
      else if (needsUpload && result.code === "materials.invalidPackage")
        setUploadError(t("materials.invalidPackage"));
      return applyFieldErrors(result, form.setError, FIELD_NAMES) || Boolean(uploadProblem);
    };
    const ok = await confirm({
      title: t(material ? "confirm.updateTitle" : "confirm.createTitle"),
      message: t(material ? "confirm.updateMessage" : "confirm.createMessage", { entity }),
      confirmLabel: t(material ? "common.update" : "common.create"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        fields = {
          courseId,
          elementId,
          type,
          name: String(values.name ?? ""),
          url: String(values.url ?? ""),
          content: String(values.content ?? ""),
          published: Boolean(values.published),
          ...(type === "scorm" ? { scorm: scormSettingsSchema.parse(values) } : {}),
        };
        const result = await save(fields, { id: opened?.id, version: opened?.version, upload });
        if (result.ok) {
          saved = result.data;
          return;
        }
        failed = true;
        if (chooseStale && opened && isStale(result)) {
          theirs = result.data as MaterialRecord & { version: number };
          return;
        }
        if (!showFailure(result)) toast.error(failureText(result, i18n));
      },
    });
    const typed = fields as MaterialValues | null;
    const stale =
      typed && staleEdit(typed, (version) => save(typed, { id: opened?.id, version, upload }));
    if (ok && theirs && chooseStale && stale) {
      const chosen = await chooseStale(entity, stale, theirs, showFailure);
      if (chosen) {
        saved = chosen.saved;
        failed = false;
      }
    }
    if (!ok || failed) return;
    toast.success(t(material ? "materials.updated" : "materials.created"));
    form.reset(form.getValues());
    setUpload(null);
    guard.leave(() => onDone(saved));
  });

  async function cancel() {
    await guard.cancel(() => onDone(null));
  }

  const maxSize = MAX_UPLOAD_MB * 1024 * 1024;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <Field label={t("materials.field.name")} error={errors.name?.message} required>
          <TextField
            {...form.register("name")}
            onPaste={pasteGuard("text", (message) =>
              form.setError("name", { type: "paste", message }),
            )}
          />
        </Field>
        {type === "link" ? (
          <Field label={t("materials.field.url")} error={errors.url?.message} required>
            <TextField
              type="url"
              inputMode="url"
              placeholder="https://"
              {...form.register("url")}
            />
          </Field>
        ) : null}
        {type === "page" ? (
          <Field
            label={t("materials.field.content")}
            error={errors.content?.message}
            help={t("materials.contentHint")}
            required
          >
            <Textarea rows={14} {...form.register("content")} />
          </Field>
        ) : null}
        {needsUpload ? (
          <Field
            label={t(type === "scorm" ? "materials.field.package" : "materials.field.file")}
            error={uploadError}
            required={!material}
            help={
              material ? (
                <>
                  {currentFile ? (
                    <a
                      href={currentFile.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="me-2 font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {currentFile.name}
                    </a>
                  ) : null}
                  {t("materials.keepFile")}
                </>
              ) : undefined
            }
          >
            <Dropzone
              value={upload ? [upload] : []}
              name={type === "scorm" ? "package" : "file"}
              accept={type === "scorm" ? PACKAGE_ACCEPT : FILE_ACCEPT}
              maxSize={maxSize}
              preview={false}
              disabled={readOnly}
              label={t(type === "scorm" ? "materials.dropPackage" : "materials.dropFile")}
              hint={t(type === "scorm" ? "materials.packageHint" : "materials.fileHint", {
                size: MAX_UPLOAD_MB,
              })}
              removeLabel={t("materials.removeFile")}
              errors={{
                "too-large": t("validation.fileSize", { size: MAX_UPLOAD_MB }),
                "wrong-type": t("validation.fileType"),
                "too-many": t("validation.maxFiles"),
              }}
              onFilesChange={(files) => {
                const chosen = files[0] ?? null;
                if (chosen && type === "scorm" && !chosen.name.toLowerCase().endsWith(".zip")) {
                  setUploadError(t("validation.fileType"));
                  setUpload(null);
                  return;
                }
                setUploadError(undefined);
                setUpload(chosen);
              }}
              onReject={() => setUpload(null)}
            />
            {upload ? (
              <div className="mt-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setUpload(null);
                    setUploadError(undefined);
                  }}
                >
                  {t("materials.removeFile")}
                </Button>
              </div>
            ) : null}
          </Field>
        ) : null}
        {type === "scorm" ? <ScormSettingsFields form={form} readOnly={readOnly} /> : null}
        {type === "quiz" && !material ? (
          <p className="text-sm text-muted-foreground">{t("materials.quizNextStep")}</p>
        ) : null}
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
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={() => void cancel()}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" pending={isSubmitting}>
            {t(material ? "common.update" : "common.create")}
          </Button>
        </div>
      )}
    </form>
  );
}
