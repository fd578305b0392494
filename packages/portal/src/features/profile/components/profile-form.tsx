import { zodResolver } from "@hookform/resolvers/zod";
import {
  LANGUAGES,
  SALUTATIONS,
  SUFFIXES,
  checkImageFiles,
  createIntl,
  encodeMessage,
  updateProfileSchema,
  type UserRecord,
} from "@lms/core";
import {
  Button,
  Dropzone,
  PasswordField,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  TextField,
  toast,
  useConfirm,
} from "@lms/ui";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { useSession, useSessionStore } from "../../../lib/api-context";
import { applyFieldErrors, failureText, fieldErrorText } from "../../../lib/errors";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { preloadCatalogue, useI18n } from "../../../lib/i18n";
import { useUpdateProfile } from "../api/use-profile";
import { authorizedImageUrl } from "../../../lib/image-url";
import { isNewEmail, profileFormDefaults, type ProfileFormValues } from "../utils/profile";
import { NamePartField } from "./name-part-field";

const FIELD_NAMES = [
  "salutation",
  "firstName",
  "middleName",
  "lastName",
  "suffix",
  "email",
  "currentPassword",
  "lang",
] as const;

type NameField = "firstName" | "middleName" | "lastName";

/**
 * My profile's edit form: names, e-mail, language and photo. Saving asks first; cancelling a
 * changed form asks too (SPEC.md §4); the server's field errors stay on their fields. A new
 * e-mail address takes the current password (asked only then).
 */
export function ProfileForm({ user, onDone }: { user: UserRecord; onDone: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { lang: sessionLang, token } = useSession();
  const store = useSessionStore();
  const confirm = useConfirm();
  const updateProfile = useUpdateProfile();
  const photoLabelId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { ...profileFormDefaults(user, sessionLang), currentPassword: "" },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty || Boolean(photo));
  const emailChanged = isNewEmail(form.watch("email"), user.email);

  const onSubmit = form.handleSubmit(async (values) => {
    const { currentPassword, ...rest } = values;
    if (emailChanged && !currentPassword) {
      form.setError(
        "currentPassword",
        { type: "required", message: encodeMessage("validation.required") },
        { shouldFocus: true },
      );
      return;
    }
    let failed = false;
    const ok = await confirm({
      title: t("confirm.updateTitle"),
      message: t("profile.confirmSave"),
      confirmLabel: t("common.save"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const sent: ProfileFormValues = {
          ...rest,
          lang: rest.lang ? rest.lang : sessionLang,
          // The version the form opened at (issue 45): a save over a newer one is a 409.
          version: user.version,
          // The password goes only with a new e-mail address.
          ...(emailChanged ? { currentPassword } : {}),
        };
        const result = await updateProfile(sent, photo);
        if (result.ok) return;
        failed = true;
        const photoProblem = result.errors?.find((error) => error.field === "photo");
        if (photoProblem) setPhotoError(fieldErrorText(photoProblem, i18n));
        if (!applyFieldErrors(result, form.setError, FIELD_NAMES) && !photoProblem)
          toast.error(failureText(result, i18n));
      },
    });
    if (!ok || failed) return;
    // The language may have just changed: say it in the language now chosen.
    const lang = store.get().lang;
    const catalogue = await preloadCatalogue(lang).catch(() => undefined);
    toast.success(
      catalogue ? createIntl(lang, catalogue).t("profile.updated") : t("profile.updated"),
    );
    guard.leave(onDone);
  });

  async function cancel() {
    await guard.cancel(onDone);
  }

  const reportPaste = (name: (typeof FIELD_NAMES)[number]) => (message: string) =>
    form.setError(name, { type: "paste", message });

  const nameField = (name: NameField, required: boolean) => (
    <Field label={t(`users.field.${name}`)} error={errors[name]?.message} required={required}>
      <TextField
        {...form.register(name)}
        autoComplete={
          name === "firstName"
            ? "given-name"
            : name === "lastName"
              ? "family-name"
              : "additional-name"
        }
        maxLength={50}
        onPaste={pasteGuard("name", reportPaste(name))}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
      <div role="group" aria-labelledby={photoLabelId} className="flex flex-col gap-1.5">
        <span id={photoLabelId} className="text-sm leading-5 font-medium text-foreground">
          {t("users.field.photo")}
        </span>
        <Dropzone
          value={photo ? [photo] : []}
          previewUrl={authorizedImageUrl(user.photo, token, user.updatedAt)}
          label={t("common.dropImage")}
          hint={t("common.imageHint")}
          removeLabel={t("common.removeImage")}
          previewAlt={t("profile.photoAlt")}
          error={photoError}
          errors={{
            "too-large": t("validation.imageSize"),
            "wrong-type": t("validation.imageType"),
            "too-many": t("validation.maxFiles"),
          }}
          onFilesChange={(files) => {
            const problem = checkImageFiles(files);
            setPhotoError(problem ? i18n.message(problem) : undefined);
            setPhoto(problem ? null : (files[0] ?? null));
          }}
          onReject={() => {
            setPhotoError(undefined);
            setPhoto(null);
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="salutation"
          render={({ field }) => (
            <NamePartField
              label={t("users.field.salutation")}
              otherLabel={t("profile.otherSalutation")}
              options={SALUTATIONS}
              value={(field.value as string | null | undefined) ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.salutation?.message}
              onPasteRefused={reportPaste("salutation")}
            />
          )}
        />
        {nameField("firstName", true)}
        {nameField("middleName", false)}
        {nameField("lastName", true)}
        <Controller
          control={form.control}
          name="suffix"
          render={({ field }) => (
            <NamePartField
              label={t("users.field.suffix")}
              otherLabel={t("profile.otherSuffix")}
              options={SUFFIXES}
              value={(field.value as string | null | undefined) ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.suffix?.message}
              onPasteRefused={reportPaste("suffix")}
            />
          )}
        />
        <Field label={t("users.field.email")} error={errors.email?.message} required>
          <TextField
            {...form.register("email")}
            type="email"
            autoComplete="email"
            maxLength={254}
            onPaste={pasteGuard("email", reportPaste("email"))}
          />
        </Field>
        {emailChanged ? (
          <Field
            label={t("auth.currentPassword")}
            error={errors.currentPassword?.message}
            help={t("profile.currentPasswordHint")}
            required
          >
            <PasswordField
              autoComplete="current-password"
              showLabel={t("auth.showPassword")}
              hideLabel={t("auth.hidePassword")}
              {...form.register("currentPassword")}
            />
          </Field>
        ) : null}
        <Field label={t("users.field.language")} error={errors.lang?.message}>
          <Controller
            control={form.control}
            name="lang"
            render={({ field }) => (
              <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder={t("common.selectPlaceholder")} />
                </SelectTrigger>
                <SelectContent>
                  {LANGUAGES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {t(`language.${code}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
