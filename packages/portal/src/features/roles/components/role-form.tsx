import { zodResolver } from "@hookform/resolvers/zod";
import { roleSchema, type RoleInput, type RoleRecord, type RoleValues } from "@lms/core";
import { Button, Switch, TextField, Textarea } from "@lms/ui";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { applyFieldErrors } from "../../../lib/errors";
import { useConfirmedSave } from "../../../lib/form-actions";
import { useOpenedRecord } from "../../../lib/stale-record";
import { useI18n } from "../../../lib/i18n";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useRoleCommands } from "../api/use-roles";
import { roleFormDefaults, toPermissions } from "../utils/permissions";
import { RolePermissions } from "./role-permissions";

const FIELD_NAMES = ["roleName", "description", "enabled", "permissions"] as const;

/**
 * Create or update a role with its permission matrix. Saving asks first and cancelling a changed
 * form asks too (SPEC.md §4); a failed save keeps what was chosen and shows each field's error.
 */
export function RoleForm({
  role,
  onDone,
}: {
  role?: RoleRecord;
  onDone: (saved: RoleRecord | null) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirmedSave = useConfirmedSave();
  const { save } = useRoleCommands();
  const legendId = useId();
  const form = useForm<RoleInput, unknown, RoleValues>({
    resolver: zodResolver(roleSchema),
    defaultValues: roleFormDefaults(role),
  });
  const { opened, staleEdit } = useOpenedRecord(role, roleFormDefaults, form.reset, "roles.field");
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    const done = await confirmedSave({
      update: Boolean(role),
      entity: t("entity.role"),
      run: () => save(values, opened?.id, opened?.version),
      onFailure: (failure) => applyFieldErrors(failure, form.setError, FIELD_NAMES),
      success: t(role ? "roles.updated" : "roles.created"),
      stale: staleEdit(values, (version) => save(values, opened?.id, version)),
    });
    if (done) guard.leave(() => onDone(done.saved));
  });

  async function cancel() {
    await guard.cancel(() => onDone(null));
  }

  const reportPaste = (name: "roleName" | "description") => (message: string) =>
    form.setError(name, { type: "paste", message });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("roles.field.roleName")} error={errors.roleName?.message} required>
          <TextField
            {...form.register("roleName")}
            maxLength={50}
            onPaste={pasteGuard("text", reportPaste("roleName"))}
          />
        </Field>
        <Field label={t("common.enabled")} orientation="horizontal">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
        <Field
          label={t("roles.field.description")}
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...form.register("description")}
            rows={3}
            maxLength={255}
            onPaste={pasteGuard("text", reportPaste("description"))}
          />
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend id={legendId} className="text-sm font-medium text-foreground">
          {t("roles.field.permissions")}
        </legend>
        <p className="text-sm text-muted-foreground">{t("roles.permissionsHint")}</p>
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => (
            <RolePermissions
              labelledBy={legendId}
              value={toPermissions(field.value)}
              onChange={field.onChange}
            />
          )}
        />
        {errors.permissions?.message ? (
          <p className="text-sm text-destructive">{i18n.message(errors.permissions.message)}</p>
        ) : null}
      </fieldset>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t(role ? "common.update" : "common.create")}
        </Button>
      </div>
    </form>
  );
}
