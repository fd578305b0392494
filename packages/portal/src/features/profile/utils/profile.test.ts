import { SALUTATIONS, SUFFIXES, emptySession, type UserRecord } from "@lms/core";
import { describe, expect, it } from "vitest";
import {
  NONE,
  OTHER,
  builtInRoleKey,
  choiceOf,
  isNewEmail,
  passwordFieldOfCode,
  profileFormDefaults,
  sessionPatchAfterSave,
} from "./profile";
import { fullName, initialsOf } from "../../../lib/names";

describe("salutation and suffix choices (SPEC.md §3: Mr., Ms., Mrs., or other)", () => {
  it("maps a stored value to its select entry", () => {
    expect(choiceOf("Ms.", SALUTATIONS)).toBe("Ms.");
    expect(choiceOf(" Jr. ", SUFFIXES)).toBe("Jr.");
    expect(choiceOf("Dr.", SALUTATIONS)).toBe(OTHER);
    expect(choiceOf("III", SUFFIXES)).toBe(OTHER);
  });

  it("treats an empty or missing value as none", () => {
    expect(choiceOf("", SALUTATIONS)).toBe(NONE);
    expect(choiceOf("  ", SALUTATIONS)).toBe(NONE);
    expect(choiceOf(null, SUFFIXES)).toBe(NONE);
  });
});

describe("a user's name", () => {
  it("joins the parts that are set", () => {
    expect(
      fullName({
        salutation: "Ms.",
        firstName: "Maria",
        middleName: "",
        lastName: "Santos",
        suffix: " Jr.",
      }),
    ).toBe("Ms. Maria Santos Jr.");
    expect(fullName({ firstName: "Ana" })).toBe("Ana");
  });

  it("gives up to two initials", () => {
    expect(initialsOf({ firstName: "maria", lastName: "santos" })).toBe("MS");
    expect(initialsOf({ firstName: "Ana", lastName: "" })).toBe("A");
  });

  it("names built-in roles from the catalogue only", () => {
    expect(builtInRoleKey(10)).toBe("roles.name.10");
    expect(builtInRoleKey(42)).toBeNull();
    expect(builtInRoleKey(null)).toBeNull();
  });
});

const user = {
  id: 4,
  salutation: "Mr.",
  firstName: "Jose",
  middleName: "P",
  lastName: "Rizal",
  suffix: "",
  email: "jose@example.ph",
  lang: "tg",
  photo: "/files/photo-4.png",
} as UserRecord;

describe("the profile form", () => {
  it("starts from the profile", () => {
    expect(profileFormDefaults(user, "es")).toEqual({
      salutation: "Mr.",
      firstName: "Jose",
      middleName: "P",
      lastName: "Rizal",
      suffix: "",
      email: "jose@example.ph",
      lang: "tg",
    });
  });

  it("falls back to the session's language when the profile has none", () => {
    expect(profileFormDefaults({ ...user, lang: "" as never }, "zh").lang).toBe("zh");
  });
});

describe("the session after saving the profile", () => {
  const session = {
    ...emptySession("es"),
    profile: {
      userId: 4,
      userName: "jose",
      firstName: "Jose",
      roleId: 3,
      schoolId: 1,
      children: [],
    },
    photo: null,
  };

  it("takes the first name, photo and language from the answer", () => {
    const patch = sessionPatchAfterSave(
      session,
      { firstName: "Pepe", lang: "es" },
      { firstName: "Pepe", photo: "/files/new.png", lang: "zh" },
    );
    expect(patch.profile?.firstName).toBe("Pepe");
    expect(patch.profile?.userName).toBe("jose");
    expect(patch.photo).toBe("/files/new.png");
    expect(patch.lang).toBe("zh");
  });

  it("uses what was sent when the answer does not say, and keeps the photo", () => {
    const patch = sessionPatchAfterSave(session, { firstName: "Pepe", lang: "tg" }, null);
    expect(patch).toEqual({ profile: { ...session.profile, firstName: "Pepe" }, lang: "tg" });
  });

  it("changes nothing when nothing changed", () => {
    expect(sessionPatchAfterSave(session, { firstName: "Jose", lang: "es" }, {})).toEqual({});
  });
});

describe("change-password answers without a field", () => {
  it("puts each password code on its field", () => {
    expect(passwordFieldOfCode("validation.passwordIncorrect")).toBe("currentPassword");
    expect(passwordFieldOfCode("validation.passwordCommon")).toBe("newPassword");
    expect(passwordFieldOfCode("validation.passwordSameAsCurrent")).toBe("newPassword");
    expect(passwordFieldOfCode("validation.passwordMismatch")).toBe("confirmPassword");
  });

  it("leaves other codes to a toast", () => {
    expect(passwordFieldOfCode("errors.tooManyRequests")).toBeNull();
    expect(passwordFieldOfCode(undefined)).toBeNull();
  });
});

describe("a new e-mail address (it takes the current password)", () => {
  it("is told apart from the stored one, whatever the case or spaces", () => {
    expect(isNewEmail("jose@example.ph", "jose@example.ph")).toBe(false);
    expect(isNewEmail(" Jose@Example.PH ", "jose@example.ph")).toBe(false);
    expect(isNewEmail("jose.rizal@example.ph", "jose@example.ph")).toBe(true);
    expect(isNewEmail("jose@example.ph", null)).toBe(true);
  });
});
