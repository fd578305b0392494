import { zodResolver } from "@hookform/resolvers/zod";
import {
  GLOBAL_ROLE_IDS,
  GRADE_LEVELS,
  ROLE_IDS,
  SALUTATIONS,
  SUFFIXES,
  createUserInputSchema,
  type RoleId,
  type UserRecord,
} from "@lms/core";
import {
  Button,
  IconButton,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  TextField,
} from "@lms/ui";
import { Controller, useFieldArray, useForm, type Resolver } from "react-hook-form";
import { Field, pasteGuard } from "../../../components/field";
import { useSession } from "../../../lib/api-context";
import { applyFieldErrors } from "../../../lib/errors";
import { useConfirmedSave } from "../../../lib/form-actions";
import { useOpenedRecord } from "../../../lib/stale-record";
import { useI18n } from "../../../lib/i18n";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useRoleOptions, useSchoolOptions, useUserCommands } from "../api/use-users";
import { roleLabel } from "./role-label";
import {
  FIELD_NAMES,
  defaultsFrom,
  type ParentValues,
  type UserFormValues,
} from "./user-form-values";

// The schema coerces the form's texts (role, school, grade, years) to numbers on submit.
const resolver = zodResolver(createUserInputSchema) as unknown as Resolver<UserFormValues>;

/**
 * Create or edit a user with every field of SPEC.md §3; which fields show depends on the role:
 * teachers an employee number and assigned load rows, students a learning reference number,
 * grade, school year and parent information.
 */
export function UserForm({
  user,
  schoolId,
  onDone,
}: {
  user?: UserRecord;
  /** A new user's school, preset (created from a school's Users tab). */
  schoolId?: number;
  onDone: (saved: UserRecord | null) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirmedSave = useConfirmedSave();
  const { profile } = useSession();
  const { save } = useUserCommands();
  const globalEditor = GLOBAL_ROLE_IDS.includes(Number(profile?.roleId) as RoleId);
  const roles = useRoleOptions();
  const schools = useSchoolOptions("", globalEditor);
  const form = useForm<UserFormValues>({
    resolver,
    defaultValues: defaultsFrom(
      user,
      globalEditor ? (schoolId ?? null) : (profile?.schoolId ?? null),
    ),
  });
  const { opened, staleEdit } = useOpenedRecord(
    user,
    (record) => defaultsFrom(record, record.schoolId),
    form.reset,
    "users.field",
  );
  const load = useFieldArray({ control: form.control, name: "assignedLoad" });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const roleId = Number(form.watch("roleId"));
  const isTeacher = roleId === ROLE_IDS.teacher;
  const isStudent = roleId === ROLE_IDS.student;
  const needsSchool = roleId > 0 && !GLOBAL_ROLE_IDS.includes(roleId as RoleId);
  const roleOptions = (roles.page?.rows ?? []).filter(
    (role) => role.enabled && (globalEditor || !GLOBAL_ROLE_IDS.includes(role.id as RoleId)),
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const submitted = {
      ...values,
      schoolId: needsSchool ? values.schoolId : "",
      assignedLoad: isTeacher ? values.assignedLoad : [],
      parent: isStudent ? values.parent : undefined,
      employeeNumber: isTeacher ? values.employeeNumber : "",
      learningReferenceNumber: isStudent ? values.learningReferenceNumber : "",
    };
    const done = await confirmedSave({
      update: Boolean(user),
      entity: t("entity.user"),
      run: () => save(submitted as never, { id: opened?.id, version: opened?.version }),
      onFailure: (failure) => applyFieldErrors(failure, form.setError, FIELD_NAMES),
      success: t(user ? "users.updated" : "users.created"),
      stale: staleEdit(submitted, (version) =>
        save(submitted as never, { id: opened?.id, version }),
      ),
    });
    if (done) guard.leave(() => onDone(done.saved));
  });

  async function cancel() {
    await guard.cancel(() => onDone(null));
  }

  const reportPaste =
    (name: keyof UserFormValues | `parent.${keyof ParentValues}`) => (message: string) =>
      form.setError(name, { type: "paste", message });

  const textField = (
    name:
      | "firstName"
      | "middleName"
      | "lastName"
      | "userName"
      | "email"
      | "employeeNumber"
      | "learningReferenceNumber"
      | "section"
      | "subject"
      | "title",
    options: {
      required?: boolean;
      kind?: "name" | "email" | "number" | "text";
      autoComplete?: string;
    } = {},
  ) => (
    <Field
      label={t(`users.field.${name}`)}
      error={errors[name]?.message}
      required={options.required}
    >
      <TextField
        type={options.kind === "email" ? "email" : "text"}
        autoComplete={options.autoComplete ?? "off"}
        inputMode={options.kind === "number" ? "numeric" : undefined}
        {...form.register(name)}
        onPaste={pasteGuard(options.kind ?? "text", reportPaste(name))}
      />
    </Field>
  );

  const selectField = (
    name: "salutation" | "suffix" | "roleId" | "schoolId" | "grade",
    label: string,
    options: { value: string; label: string }[],
    required = false,
  ) => (
    <Field label={label} error={errors[name]?.message} required={required}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={field.value || undefined} onValueChange={field.onChange}>
            <SelectTrigger onBlur={field.onBlur}>
              <SelectValue placeholder={t("common.selectPlaceholder")} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );

  const gradeOptions = GRADE_LEVELS.map((g) => ({ value: String(g), label: String(g) }));

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">{t("users.section.account")}</legend>
        {selectField(
          "roleId",
          t("users.field.role"),
          roleOptions.map((role) => ({
            value: String(role.id),
            label: roleLabel(t, role.id, role.roleName),
          })),
          true,
        )}
        {needsSchool && globalEditor
          ? selectField(
              "schoolId",
              t("users.field.school"),
              (schools.page?.rows ?? []).map((school) => ({
                value: String(school.id),
                label: school.schoolName,
              })),
              true,
            )
          : null}
        {textField("userName", { required: true, autoComplete: "username" })}
        {textField("email", { required: true, kind: "email", autoComplete: "email" })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-3 text-base font-semibold">{t("users.section.personal")}</legend>
        {selectField("salutation", t("users.field.salutation"), [
          ...SALUTATIONS.map((s) => ({ value: s, label: s })),
          { value: "Dr.", label: "Dr." },
        ])}
        {textField("firstName", { required: true, kind: "name", autoComplete: "given-name" })}
        {textField("middleName", { kind: "name", autoComplete: "additional-name" })}
        {textField("lastName", { required: true, kind: "name", autoComplete: "family-name" })}
        {selectField("suffix", t("users.field.suffix"), [
          ...SUFFIXES.map((s) => ({ value: s, label: s })),
          { value: "II", label: "II" },
          { value: "III", label: "III" },
        ])}
        {textField("title")}
      </fieldset>

      {isTeacher ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-base font-semibold">{t("users.section.load")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {textField("employeeNumber", { required: true })}
            {textField("subject")}
          </div>
          {load.fields.map((row, index) => (
            <div key={row.id} className="grid items-end gap-3 sm:grid-cols-[8rem_1fr_1fr_auto]">
              <Field
                label={t("users.field.grade")}
                error={errors.assignedLoad?.[index]?.grade?.message}
                required
              >
                <Controller
                  control={form.control}
                  name={`assignedLoad.${index}.grade`}
                  render={({ field }) => (
                    <Select value={field.value || undefined} onValueChange={field.onChange}>
                      <SelectTrigger onBlur={field.onBlur}>
                        <SelectValue placeholder={t("common.selectPlaceholder")} />
                      </SelectTrigger>
                      <SelectContent>
                        {gradeOptions.map((option) => (
                          <SelectItem key={option.value} value={option.value}>
                            {option.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
              <Field
                label={t("users.field.subject")}
                error={errors.assignedLoad?.[index]?.subject?.message}
                required
              >
                <TextField {...form.register(`assignedLoad.${index}.subject`)} />
              </Field>
              <Field
                label={t("users.field.section")}
                error={errors.assignedLoad?.[index]?.section?.message}
                required
              >
                <TextField {...form.register(`assignedLoad.${index}.section`)} />
              </Field>
              <IconButton
                type="button"
                variant="ghost"
                label={t("users.removeLoad")}
                onClick={() => load.remove(index)}
              >
                <span aria-hidden="true">✕</span>
              </IconButton>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => load.append({ grade: "", subject: "", section: "" })}
            >
              {t("users.addLoad")}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {isStudent ? (
        <>
          <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <legend className="mb-3 text-base font-semibold">{t("users.section.school")}</legend>
            {textField("learningReferenceNumber", { required: true, kind: "number" })}
            {selectField("grade", t("users.field.grade"), gradeOptions, true)}
            {textField("section")}
            {(["schoolYearFrom", "schoolYearTo"] as const).map((name) => (
              <Field key={name} label={t(`users.field.${name}`)} error={errors[name]?.message}>
                <TextField
                  inputMode="numeric"
                  {...form.register(name)}
                  onPaste={pasteGuard("number", reportPaste(name))}
                />
              </Field>
            ))}
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold">{t("users.section.parent")}</legend>
            {(["firstName", "lastName", "email", "mobile"] as const).map((name) => (
              <Field
                key={name}
                label={t(
                  `users.field.parent${name[0]!.toUpperCase()}${name.slice(1)}` as "users.field.parentEmail",
                )}
                error={errors.parent?.[name]?.message}
              >
                <TextField
                  type={name === "email" ? "email" : name === "mobile" ? "tel" : "text"}
                  {...form.register(`parent.${name}`)}
                  onPaste={pasteGuard(
                    name === "email" ? "email" : name === "mobile" ? "text" : "name",
                    reportPaste(`parent.${name}`),
                  )}
                />
              </Field>
            ))}
          </fieldset>
        </>
      ) : null}

      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t(user ? "common.update" : "common.create")}
        </Button>
      </div>
    </form>
  );
}
