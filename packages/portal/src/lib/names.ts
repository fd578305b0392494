interface NameParts {
  salutation?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
}

/**
 * 'Ms. Maria C. Santos Jr.': the parts that are set, in order, once each space. Lists and page
 * headers name a user without the salutation.
 */
export function fullName(user: NameParts, { salutation = true } = {}): string {
  return [salutation ? user.salutation : null, user.firstName, user.middleName, user.lastName]
    .concat(user.suffix)
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
}

/** Up to two initials, for the avatar of a user without a photo. */
export function initialsOf(user: NameParts): string {
  return [user.firstName, user.lastName]
    .map((part) => (part ?? "").trim().charAt(0).toUpperCase())
    .join("");
}
