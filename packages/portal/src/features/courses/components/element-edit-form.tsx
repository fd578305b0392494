import { zodResolver } from "@hookform/resolvers/zod";
import {
  ELEMENT_TYPES,
  elementUpdateSchema,
  type ApiFailure,
  type ElementRecord,
  type ElementType,
} from "@lms/core";
import {
  Button,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  TextField,
  toast,
  useConfirm,
} from "@lms/ui";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { applyFieldErrors, failureText } from "../../../lib/errors";
import { isStale, useStaleChoice } from "../../../lib/form-actions";
import { fieldLabels } from "../../../lib/stale-record";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useI18n } from "../../../lib/i18n";
import { useElementCommands } from "../api/use-elements";

interface ElementEditValues {
  id: number;
  name: string;
  type: ElementType;
}

/** What the form holds before the schema checks it (the id is coerced). */
type ElementEditInput = Omit<ElementEditValues, "id"> & { id: unknown };

/** Rename an element or change its type; asks before saving and before discarding changes. */
export function ElementEditForm({
  element,
  readOnly,
}: {
  element: ElementRecord;
  readOnly: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const { update } = useElementCommands();
  const defaults: ElementEditValues = { id: element.id, name: element.name, type: element.type };
  // The version this form last saw: the list's (refreshed after a save) or its own save's.
  const [savedVersion, setSavedVersion] = useState(element.version);
  const version = Math.max(savedVersion, element.version);
  const chooseStale = useStaleChoice();
  const form = useForm<ElementEditInput, unknown, ElementEditValues>({
    resolver: zodResolver(elementUpdateSchema),
    defaultValues: defaults,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    let failed = false;
    let theirs: (ElementRecord & { version: number }) | null = null;
    const sent = { id: element.id, name: values.name, type: values.type };
    const showFailure = (result: ApiFailure) =>
      applyFieldErrors(result, form.setError, ["name", "type"]);
    const ok = await confirm({
      title: t("confirm.updateTitle"),
      message: t("confirm.updateMessage", { entity: t("entity.element") }),
      confirmLabel: t("common.update"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const result = await update({ ...sent, version });
        if (result.ok) {
          setSavedVersion(result.data.version);
          return;
        }
        failed = true;
        if (chooseStale && isStale(result)) {
          theirs = result.data as ElementRecord & { version: number };
          return;
        }
        if (!showFailure(result)) toast.error(failureText(result, i18n));
      },
    });
    if (ok && theirs && chooseStale) {
      const chosen = await chooseStale(
        t("entity.element"),
        {
          read: defaults,
          values: sent,
          labelOf: fieldLabels(t, "elements.field"),
          saveAt: (at) => update({ ...sent, version: at }),
          reload: (record: ElementRecord) => {
            setSavedVersion(record.version);
            form.reset({ id: record.id, name: record.name, type: record.type });
          },
        },
        theirs,
        showFailure,
      );
      if (chosen) {
        setSavedVersion(chosen.saved.version);
        failed = false;
      }
    }
    if (!ok || failed) return;
    toast.success(t("elements.updated"));
    form.reset({ ...defaults, name: values.name, type: values.type });
  });

  async function cancel() {
    await guard.cancel(() => form.reset(defaults));
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
        <Field label={t("elements.field.name")} error={errors.name?.message} required>
          <TextField
            {...form.register("name")}
            onPaste={pasteGuard("text", (message) =>
              form.setError("name", { type: "paste", message }),
            )}
          />
        </Field>
        <Field label={t("elements.field.type")} error={errors.type?.message} required>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={readOnly}>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ELEMENT_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {t(`elements.type.${type}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" disabled={!isDirty} onClick={() => void cancel()}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" pending={isSubmitting}>
            {t("common.update")}
          </Button>
        </div>
      )}
    </form>
  );
}
