import { zodResolver } from "@hookform/resolvers/zod";
import {
  ELEMENT_TYPES,
  elementUpdateSchema,
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
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { applyFieldErrors, failureText } from "../../../lib/errors";
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
  const form = useForm<ElementEditInput, unknown, ElementEditValues>({
    resolver: zodResolver(elementUpdateSchema),
    defaultValues: defaults,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    let failed = false;
    const ok = await confirm({
      title: t("confirm.updateTitle"),
      message: t("confirm.updateMessage", { entity: t("entity.element") }),
      confirmLabel: t("common.update"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const result = await update({
          id: element.id,
          version: element.version,
          name: values.name,
          type: values.type,
        });
        if (result.ok) return;
        failed = true;
        if (!applyFieldErrors(result, form.setError, ["name", "type"]))
          toast.error(failureText(result, i18n));
      },
    });
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
