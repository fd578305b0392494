import { zodResolver } from "@hookform/resolvers/zod";
import {
  ELEMENT_TYPES,
  PLACEMENTS,
  elementCreateSchema,
  type ElementCreateInput,
  type ElementRecord,
  type ElementType,
  type Placement,
} from "@lms/core";
import {
  Button,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  TextField,
  toast,
  useConfirm,
} from "@lms/ui";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { applyFieldErrors, failureText } from "../../../lib/errors";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useI18n } from "../../../lib/i18n";
import { useElementCommands } from "../api/use-elements";
import { byPosition, positionForPlacement } from "../utils/positions";

const FIELD_NAMES = ["name", "type", "placement", "relativeTo", "published"];

/**
 * Add a course element (SPEC.md §3): name, type, placement at the top, before or after another
 * element, or at the bottom, and whether it is published. Shows where it will land.
 */
export function ElementCreateForm({
  courseId,
  elements,
  onDone,
}: {
  courseId: number;
  elements: readonly ElementRecord[];
  onDone: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const { create } = useElementCommands();
  const ordered = byPosition(elements);
  const form = useForm<ElementCreateInput>({
    resolver: zodResolver(elementCreateSchema),
    defaultValues: {
      courseId,
      name: "",
      type: "lesson",
      placement: "bottom",
      relativeTo: "",
      published: false,
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const placement = (useWatch({ control: form.control, name: "placement" }) ??
    "bottom") as Placement;
  const relativeTo = useWatch({ control: form.control, name: "relativeTo" });
  const needsRelative = placement === "before" || placement === "after";
  const position = positionForPlacement(ordered, placement, relativeTo ? Number(relativeTo) : null);

  const onSubmit = form.handleSubmit(async (values) => {
    let failed = false;
    const ok = await confirm({
      title: t("confirm.createTitle"),
      message: t("confirm.createMessage", { entity: t("entity.element") }),
      confirmLabel: t("common.create"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const chosen = (values.placement ?? "bottom") as Placement;
        const result = await create({
          courseId,
          name: String(values.name),
          type: values.type as ElementType,
          placement: chosen,
          relativeTo:
            (chosen === "before" || chosen === "after") && values.relativeTo
              ? Number(values.relativeTo)
              : undefined,
          published: Boolean(values.published),
        });
        if (result.ok) return;
        failed = true;
        if (!applyFieldErrors(result, form.setError, FIELD_NAMES))
          toast.error(failureText(result, i18n));
      },
    });
    if (!ok || failed) return;
    toast.success(t("elements.created"));
    form.reset();
    onDone();
  });

  async function cancel() {
    await guard.cancel(() => {
      form.reset();
      onDone();
    });
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
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
              <Select value={field.value as string} onValueChange={field.onChange}>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder={t("common.selectPlaceholder")} />
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
        <Field
          label={t("elements.field.placement")}
          error={errors.placement?.message}
          help={t("elements.positionHint", { position, total: ordered.length + 1 })}
        >
          <Controller
            control={form.control}
            name="placement"
            render={({ field }) => (
              <Select value={field.value as string} onValueChange={field.onChange}>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PLACEMENTS.filter(
                    (p) => ordered.length > 0 || p === "top" || p === "bottom",
                  ).map((p) => (
                    <SelectItem key={p} value={p}>
                      {t(`elements.placement.${p}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        {needsRelative ? (
          <Field label={t("elements.field.relativeTo")} error={errors.relativeTo?.message} required>
            <Controller
              control={form.control}
              name="relativeTo"
              render={({ field }) => (
                <Select
                  value={field.value ? String(field.value) : undefined}
                  onValueChange={field.onChange}
                >
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue placeholder={t("common.selectPlaceholder")} />
                  </SelectTrigger>
                  <SelectContent>
                    {ordered.map((element) => (
                      <SelectItem key={element.id} value={String(element.id)}>
                        {element.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        ) : null}
        <Field label={t("courses.field.published")} orientation="horizontal">
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} />
            )}
          />
        </Field>
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t("common.create")}
        </Button>
      </div>
    </form>
  );
}
