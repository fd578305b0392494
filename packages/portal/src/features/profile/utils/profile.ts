import {
  isLang,
  isRoleId,
  type Lang,
  type MessageKey,
  type Session,
  type UserRecord,
} from "@lms/core";

/** The select value for an empty salutation or suffix (Radix Select has no empty value). */
export const NONE = "none";
/** The select value that reveals a free-text field (SPEC.md §3: 'or other'). */
export const OTHER = "other";

/** Which select entry a stored salutation or suffix is: a fixed one, none, or other. */
export function choiceOf(value: string | null | undefined, options: readonly string[]): string {
  const text = (value ?? "").trim();
  if (text === "") return NONE;
  return options.includes(text) ? text : OTHER;
}

/** The catalogue key of a built-in role's name, when the profile names no role. */
export function builtInRoleKey(roleId: number | null | undefined): MessageKey | null {
  const id = Number(roleId);
  return isRoleId(id) ? (`roles.name.${id}` as MessageKey) : null;
}

export type ProfileFormValues = {
  salutation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  email: string;
  lang: Lang;
  /** Sent only with a new e-mail address (the server asks for it then). */
  currentPassword?: string;
  /** The profile's version when the form opened (issue 45). */
  version?: number;
};

/** Whether the edited e-mail address differs from the stored one (case does not count). */
export function isNewEmail(edited: string | null | undefined, stored: string | null | undefined) {
  return (edited ?? "").trim().toLowerCase() !== (stored ?? "").trim().toLowerCase();
}

/** The edit form's starting values: the profile as it is, in the session's language if unset. */
export function profileFormDefaults(user: UserRecord | undefined, fallbackLang: Lang) {
  return {
    salutation: user?.salutation ?? "",
    firstName: user?.firstName ?? "",
    middleName: user?.middleName ?? "",
    lastName: user?.lastName ?? "",
    suffix: user?.suffix ?? "",
    email: user?.email ?? "",
    lang: isLang(user?.lang) ? user.lang : fallbackLang,
  } satisfies ProfileFormValues;
}

/**
 * What the session takes from a saved profile: the first name and photo shown in the top bar
 * and the language of the texts. The answer wins over what was sent; what neither holds stays.
 */
export function sessionPatchAfterSave(
  session: Pick<Session, "profile" | "photo" | "lang">,
  sent: { firstName?: string; lang?: string | undefined },
  answer: Partial<UserRecord> | null | undefined,
): Partial<Session> {
  const patch: Partial<Session> = {};
  const firstName = answer?.firstName ?? sent.firstName;
  if (session.profile && firstName && firstName !== session.profile.firstName)
    patch.profile = { ...session.profile, firstName };
  if (answer && answer.photo !== undefined && answer.photo !== session.photo)
    patch.photo = answer.photo;
  const lang = [answer?.lang, sent.lang].find(isLang);
  if (lang && lang !== session.lang) patch.lang = lang;
  return patch;
}

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

const PASSWORD_CODE_FIELDS: Record<string, PasswordField> = {
  "validation.passwordIncorrect": "currentPassword",
  "validation.passwordCommon": "newPassword",
  "validation.passwordCriteria": "newPassword",
  "validation.passwordSameAsCurrent": "newPassword",
  "validation.passwordMismatch": "confirmPassword",
};

/**
 * The field a change-password answer's code belongs to, for an answer that names the code but
 * no field (the wrong current password belongs on the current password, and so on).
 */
export function passwordFieldOfCode(code: string | undefined): PasswordField | null {
  return (code && PASSWORD_CODE_FIELDS[code]) || null;
}
