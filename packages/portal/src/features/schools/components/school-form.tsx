import { zodResolver } from "@hookform/resolvers/zod";
import {
  SCHOOL_SECTORS,
  SUBSCRIPTION_TYPES,
  checkImageFiles,
  schoolSchema,
  type SchoolInput,
  type SchoolRecord,
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
} from "@lms/ui";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { useSession } from "../../../lib/api-context";
import { applyFieldErrors } from "../../../lib/errors";
import { useConfirmedSave } from "../../../lib/form-actions";
import { useOpenedRecord } from "../../../lib/stale-record";
import { authorizedImageUrl } from "../../../lib/image-url";
import { useI18n } from "../../../lib/i18n";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useSchoolCommands } from "../api/use-schools";

const TEXT_FIELDS = [
  ["schoolCode", true],
  ["schoolName", true],
  ["depedSchoolId", false],
  ["address", false],
  ["barangay", false],
  ["city", false],
  ["cityMunicipality", false],
  ["province", false],
  ["region", false],
  ["country", false],
  ["zipCode", false],
  ["lmsUrl", false],
  ["websiteUrl", false],
] as const;

const FIELD_NAMES = [
  ...TEXT_FIELDS.map(([name]) => name),
  "sector",
  "subscriptionType",
  "enabled",
  "requireParentAccount",
  "logo",
];

function defaultsFrom(school?: SchoolRecord): SchoolInput {
  return {
    schoolCode: school?.schoolCode ?? "",
    schoolName: school?.schoolName ?? "",
    depedSchoolId: school?.depedSchoolId ?? "",
    sector: school?.sector ?? "",
    address: school?.address ?? "",
    city: school?.city ?? "",
    cityMunicipality: school?.cityMunicipality ?? "",
    province: school?.province ?? "",
    barangay: school?.barangay ?? "",
    region: school?.region ?? "",
    country: school?.country ?? "Philippines",
    zipCode: school?.zipCode ?? "",
    lmsUrl: school?.lmsUrl ?? "",
    websiteUrl: school?.websiteUrl ?? "",
    subscriptionType: school?.subscriptionType ?? "",
    enabled: school?.enabled ?? true,
    requireParentAccount: school?.requireParentAccount ?? false,
  };
}

/**
 * Create or edit a school. Saving asks first and cancelling a changed form asks too (SPEC.md §4);
 * a failed save keeps what was typed and shows each field's error.
 */
export function SchoolForm({
  school,
  onDone,
}: {
  school?: SchoolRecord;
  onDone: (saved: SchoolRecord | null) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirmedSave = useConfirmedSave();
  const { save } = useSchoolCommands();
  const { token } = useSession();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const form = useForm<SchoolInput>({
    resolver: zodResolver(schoolSchema),
    defaultValues: defaultsFrom(school),
  });
  const { opened, staleEdit } = useOpenedRecord(school, defaultsFrom, form.reset, "schools.field");
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty || Boolean(logo));

  const onSubmit = form.handleSubmit(async (values) => {
    const done = await confirmedSave({
      update: Boolean(school),
      entity: t("entity.school"),
      run: () => save(values, { id: opened?.id, version: opened?.version, logo }),
      onFailure: (failure) => applyFieldErrors(failure, form.setError, FIELD_NAMES),
      success: t(school ? "schools.updated" : "schools.created"),
      stale: staleEdit(values, (version) => save(values, { id: opened?.id, version, logo })),
    });
    if (done) guard.leave(() => onDone(done.saved));
  });

  async function cancel() {
    await guard.cancel(() => onDone(null));
  }

  const reportPaste = (name: keyof SchoolInput) => (message: string) =>
    form.setError(name, { type: "paste", message });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([name, required]) => (
          <Field
            key={name}
            label={t(`schools.field.${name}`)}
            error={errors[name]?.message}
            required={required}
          >
            <TextField
              {...form.register(name)}
              inputMode={name === "zipCode" || name === "depedSchoolId" ? "numeric" : undefined}
              type={name.endsWith("Url") ? "url" : "text"}
              onPaste={pasteGuard(
                name === "zipCode" || name === "depedSchoolId" ? "number" : "text",
                reportPaste(name),
              )}
            />
          </Field>
        ))}
        <Field label={t("schools.field.sector")} error={errors.sector?.message}>
          <Controller
            control={form.control}
            name="sector"
            render={({ field }) => (
              <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder={t("common.selectPlaceholder")} />
                </SelectTrigger>
                <SelectContent>
                  {SCHOOL_SECTORS.map((sector) => (
                    <SelectItem key={sector} value={sector}>
                      {t(`schools.sector.${sector}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field label={t("schools.field.subscriptionType")} error={errors.subscriptionType?.message}>
          <Controller
            control={form.control}
            name="subscriptionType"
            render={({ field }) => (
              <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder={t("common.selectPlaceholder")} />
                </SelectTrigger>
                <SelectContent>
                  {SUBSCRIPTION_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {t(`schools.subscription.${type}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        {(["enabled", "requireParentAccount"] as const).map((name) => (
          <Field key={name} label={t(`schools.field.${name}`)} orientation="horizontal">
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} />
              )}
            />
          </Field>
        ))}
      </div>
      <Field label={t("schools.field.logo")} error={logoError}>
        <Dropzone
          value={logo ? [logo] : []}
          previewUrl={authorizedImageUrl(school?.logo, token, school?.updatedAt)}
          label={t("common.dropImage")}
          hint={t("common.imageHint")}
          removeLabel={t("common.removeImage")}
          previewAlt={t("schools.field.logo")}
          errors={{
            "too-large": t("validation.imageSize"),
            "wrong-type": t("validation.imageType"),
            "too-many": t("validation.maxFiles"),
          }}
          onFilesChange={(files) => {
            const problem = checkImageFiles(files);
            setLogoError(problem ? i18n.message(problem) : undefined);
            setLogo(problem ? null : (files[0] ?? null));
          }}
          onReject={() => setLogo(null)}
        />
      </Field>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t(school ? "common.update" : "common.create")}
        </Button>
      </div>
    </form>
  );
}
