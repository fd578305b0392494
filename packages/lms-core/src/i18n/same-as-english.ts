/** Keys whose zh or tg text may equal the English text (names, codes, abbreviations). */
export const SAME_AS_ENGLISH: Record<"zh" | "tg", readonly string[]> = {
  zh: ["roles.name.11", "language.ownName.es", "language.ownName.zh", "language.ownName.tg"],
  tg: [
    "common.ok",
    "nav.email",
    "nav.menu",
    "language.tg",
    "language.ownName.es",
    "language.ownName.zh",
    "language.ownName.tg",
    "auth.password",
    "auth.email",
    "schools.field.barangay",
    "schools.field.zipCode",
    "schools.subscription.premium",
    "users.field.userName",
    "users.field.email",
    "roles.name.11",
    "materials.field.file",
    "materials.type.file",
    "materials.type.link",
  ],
};
