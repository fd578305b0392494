import {
  BULK_UPLOAD_MODES,
  MAX_BULK_UPLOAD_BYTES,
  decodeMessage,
  parseBulkUploadCsv,
  type BulkRowResult,
  type BulkUploadAnswer,
  type BulkUploadMode,
  type BulkUploadProgress,
} from "@lms/core";
import {
  Button,
  Dropzone,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  StatusChip,
  useConfirm,
  toast,
} from "@lms/ui";
import { useState } from "react";
import { Field } from "../../../components/field";
import { failureText, fieldErrorText } from "../../../lib/errors";
import { saveBlob } from "../../../lib/export";
import { useI18n } from "../../../lib/i18n";
import { rowHasErrors, useBulkUpload, useBulkUploadTemplate } from "../api/use-users";

const CSV_ACCEPT = { "text/csv": [".csv"], "application/vnd.ms-excel": [".csv"] };

/**
 * Rows as the browser reads the file, before the server has checked it against the database.
 * Role names and school codes are left to the server's dry run, which runs once the rows have
 * no error the browser can see: it knows every role and school in the user's reach, where the
 * portal's lists hold a page of them.
 */
function localPreview(text: string, schoolId?: number): BulkRowResult[] | string {
  const parsed = parseBulkUploadCsv(text, { schoolId });
  if (!parsed.ok) return parsed.message;
  return parsed.rows.map((row) => ({
    line: row.line,
    userName: row.raw.userName ?? "",
    email: row.raw.email ?? "",
    role: row.raw.role || row.raw.roleId || "",
    school: row.raw.school || row.raw.schoolId || "",
    action: row.rowMessage ? null : "create",
    code: row.rowMessage ? decodeMessage(row.rowMessage).key : null,
    message: null,
    errors: row.errors.map((e) => {
      const { key, values } = decodeMessage(e.message);
      return { field: e.field, code: key, message: e.message, values };
    }),
  }));
}

/**
 * Bulk user upload (SPEC.md §5, issue 5): a template, a preview of every row with its line number
 * and errors before anything is written, add-only or add-and-update, and a summary.
 */
export function BulkUploadPanel({
  schoolId,
  onClose,
}: {
  /** Rows that name no school go to this one (a school's Users tab, issue 13). */
  schoolId?: number;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const upload = useBulkUpload();
  const downloadTemplate = useBulkUploadTemplate();
  const [mode, setMode] = useState<BulkUploadMode>("add");
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<BulkRowResult[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<BulkUploadAnswer | null>(null);
  const [summary, setSummary] = useState<BulkUploadAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server's progress while a check or an upload runs (issue 14); null when none runs. */
  const [progress, setProgress] = useState<BulkUploadProgress | null>(null);

  const errorRows = rows.filter((row) => rowHasErrors(row));
  const ready = checked !== null && errorRows.length === 0 && rows.length > 0;

  async function choose(files: File[]) {
    const chosen = files[0] ?? null;
    setFile(chosen);
    setChecked(null);
    setSummary(null);
    setRows([]);
    setFileError(null);
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith(".csv")) return setFileError(t("csv.invalid"));
    const preview = localPreview(await chosen.text(), schoolId);
    if (typeof preview === "string") return setFileError(i18n.message(preview));
    setRows(preview);
    if (preview.every((row) => !rowHasErrors(row))) await check(chosen, mode);
  }

  async function check(chosen: File, chosenMode: BulkUploadMode) {
    setBusy(true);
    try {
      const result = await upload(chosen, chosenMode, true, schoolId, setProgress);
      if (result.ok) {
        setChecked(result.data);
        setRows(result.data.rows);
      } else if (result.errors?.some((e) => e.row !== undefined)) {
        setRows(
          Object.values(
            result.errors.reduce<Record<number, BulkRowResult>>((byLine, error) => {
              const line = error.row ?? 0;
              byLine[line] ??= {
                line,
                userName: "",
                email: "",
                role: "",
                school: "",
                action: null,
                code: "csv.invalidRow",
                message: null,
                errors: [],
              };
              byLine[line].errors.push(error);
              return byLine;
            }, {}),
          ),
        );
      } else setFileError(failureText(result, i18n));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function commit() {
    if (!file || !ready) return;
    const count = rows.length;
    const ok = await confirm({
      title: t("bulk.title"),
      message: t("bulk.commit", { count }),
      confirmLabel: t("common.upload"),
      cancelLabel: t("common.cancel"),
    });
    if (!ok) return;
    // The upload runs with the panel's progress bar in view (nothing is written on an error).
    setBusy(true);
    setProgress({ total: rows.length, checked: 0, written: 0 });
    try {
      const result = await upload(file, mode, false, schoolId, setProgress);
      if (result.ok) {
        setSummary(result.data);
        setRows(result.data.rows);
        toast.success(t("bulk.done"));
      } else {
        const failure = failureText(result, i18n);
        setFileError(failure);
        toast.error(failure);
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  async function saveTemplate() {
    const result = await downloadTemplate(schoolId);
    if (result.ok) saveBlob(result.blob, result.filename);
    else toast.error(failureText(result, i18n));
  }

  /** "Row contains invalid values. · email: Incorrect email." in the user's language. */
  function rowErrors(row: BulkRowResult): string {
    const fields = row.errors.map((error) => {
      const text = fieldErrorText(error, i18n);
      return error.field ? `${error.field}: ${text}` : text;
    });
    const summary = row.code ? i18n.message(row.code) : (row.message ?? "");
    return [summary, ...fields].filter(Boolean).join(" · ");
  }

  /** What a row will do, and once the upload ran, what it did (issue 13). */
  const resultChip = (row: BulkRowResult) => {
    if (rowHasErrors(row)) return <StatusChip status="inactive">{t("bulk.rowError")}</StatusChip>;
    if (row.action === "update")
      return (
        <StatusChip status="unpublished">
          {summary ? t("bulk.rowUpdated") : t("bulk.rowUpdate")}
        </StatusChip>
      );
    return (
      <StatusChip status="active">
        {summary ? t("bulk.rowCreated") : checked ? t("bulk.rowCreate") : t("bulk.rowOk")}
      </StatusChip>
    );
  };

  return (
    <section
      aria-labelledby="bulk-upload-title"
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="bulk-upload-title" className="text-lg font-semibold">
            {t("bulk.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("bulk.instructions")}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void saveTemplate()}>
            {t("bulk.template")}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t("common.close")}
          </Button>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t("bulk.mode")}>
          <Select
            value={mode}
            onValueChange={(next) => {
              setMode(next as BulkUploadMode);
              setChecked(null);
              setSummary(null);
              if (file && rows.every((row) => !rowHasErrors(row)))
                void check(file, next as BulkUploadMode);
            }}
          >
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BULK_UPLOAD_MODES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`bulk.mode.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label={t("bulk.chooseFile")} error={fileError ?? undefined}>
          <Dropzone
            accept={CSV_ACCEPT}
            maxSize={MAX_BULK_UPLOAD_BYTES}
            preview={false}
            value={file ? [file] : []}
            label={t("bulk.chooseFile")}
            hint="CSV"
            removeLabel={t("common.remove")}
            errors={{
              "too-large": t("errors.tooLarge"),
              "wrong-type": t("csv.invalid"),
              "too-many": t("validation.maxFiles"),
            }}
            onFilesChange={(files) => void choose(files)}
            onReject={() => void choose([])}
          />
        </Field>
      </div>
      {progress ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t("bulk.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.checked}
            aria-valuetext={t("bulk.progress", { ...progress })}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{
                width: `${progress.total ? Math.round((progress.checked / progress.total) * 100) : 0}%`,
              }}
            />
          </div>
          <p aria-live="polite" className="text-sm tabular-nums text-muted-foreground">
            {t("bulk.progress", { ...progress })}
          </p>
        </div>
      ) : null}
      {errorRows.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t("bulk.errorsFound", { count: errorRows.length })}
        </p>
      ) : null}
      {summary ? (
        <p
          role="status"
          className="rounded-control bg-success-soft px-3 py-2 text-sm text-success-soft-foreground"
        >
          {t("bulk.summary", {
            created: summary.created,
            updated: summary.updated,
            skipped: summary.total - summary.created - summary.updated,
          })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="max-h-[28rem] overflow-auto rounded-control border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("bulk.preview")}</caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("bulk.line")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("users.field.userName")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("users.field.email")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("users.field.role")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("schools.field.schoolCode")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("bulk.result")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.line} className="border-t border-border align-top">
                  <td className="px-3 py-2 tabular-nums">{row.line}</td>
                  <td className="px-3 py-2">{row.userName}</td>
                  <td className="px-3 py-2">{row.email}</td>
                  <td className="px-3 py-2">{row.role}</td>
                  <td className="px-3 py-2">{row.school}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-col gap-1">
                      {resultChip(row)}
                      {rowHasErrors(row) ? (
                        <span className="text-destructive">{rowErrors(row)}</span>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button disabled={!ready || Boolean(summary)} pending={busy} onClick={() => void commit()}>
          {t("bulk.commit", { count: rows.length })}
        </Button>
      </div>
    </section>
  );
}
