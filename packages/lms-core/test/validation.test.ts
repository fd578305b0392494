import { describe, expect, it } from "vitest";
import { z } from "zod";
import { safeParse, type $ZodType } from "zod/v4/core";
import {
  CATALOGUES,
  changePasswordSchema,
  checkImageFiles,
  checkPaste,
  confirmationMatches,
  courseSchema,
  createIntl,
  currentPasswordField,
  createUserInputSchema,
  elementCreateSchema,
  emailAddress,
  encodeMessage,
  englishMessage,
  forgotPasswordSchema,
  loginSchema,
  materialSchema,
  newPasswordField,
  newPasswordPairSchema,
  quizSettingsSchema,
  requiredText,
  resetPasswordSchema,
  roleSchema,
  schoolSchema,
  sniffImageType,
  text,
  toFieldErrors,
  userName,
  userNameOrEmail,
} from "../src/index";

/** The English texts a parse produces for one field. */
function messagesFor(schema: $ZodType, input: unknown, field?: string): string[] {
  const result = safeParse(schema, input);
  if (result.success) return [];
  return result.error.issues
    .filter((i) => field === undefined || i.path.join(".") === field)
    .map((i) => englishMessage(i.message));
}

describe("text rules (SPEC.md §5)", () => {
  it("requires a value: 'This field is required.'", () => {
    expect(messagesFor(text({ required: true }), "")).toEqual(["This field is required."]);
    expect(messagesFor(text({ required: true }), "   ")).toEqual(["This field is required."]);
    expect(messagesFor(text({ required: true }), undefined)).toEqual(["This field is required."]);
  });

  it("checks a minimum with 'Must be at least N characters long.'", () => {
    expect(messagesFor(text({ required: true, min: 3 }), "ab")).toEqual([
      "Must be at least 3 characters long.",
    ]);
    expect(messagesFor(text({ required: true, min: 3 }), "abc")).toEqual([]);
  });

  it("has the other minimum text 'Minimum of N character/number'", () => {
    expect(messagesFor(text({ required: true, min: 5, minMessage: "minChars" }), "ab")).toEqual([
      "Minimum of 5 character/number",
    ]);
  });

  it("skips the minimum when the field is optional and empty", () => {
    expect(messagesFor(text({ min: 3 }), "")).toEqual([]);
    expect(messagesFor(text({ min: 3 }), undefined)).toEqual([]);
    expect(messagesFor(text({ min: 3 }), "a")).toEqual(["Must be at least 3 characters long."]);
  });

  it("checks a maximum with 'Maximum of N character/number only'", () => {
    expect(messagesFor(text({ max: 4 }), "abcde")).toEqual(["Maximum of 4 character/number only"]);
  });

  it("checks e-mails with 'Incorrect email.', optional when empty", () => {
    expect(messagesFor(text({ email: true }), "not-an-email")).toEqual(["Incorrect email."]);
    expect(messagesFor(text({ email: true }), "a@b")).toEqual(["Incorrect email."]);
    expect(messagesFor(text({ email: true }), "teacher@school.edu.ph")).toEqual([]);
    expect(messagesFor(text({ email: true }), "")).toEqual([]);
  });

  it("allows letters, comma, period, apostrophe, space and hyphen in names only", () => {
    const name = text({ required: true, name: true });
    for (const ok of [
      "Juan",
      "Dela Cruz",
      "O'Brien",
      "Ma. Clara",
      "Jean-Luc",
      "Santos, Jr",
      "张伟",
      "Niño",
    ]) {
      expect(messagesFor(name, ok)).toEqual([]);
    }
    for (const bad of ["R2D2", "a@b", "x_y", "<script>"]) {
      expect(messagesFor(name, bad)).toEqual(["Incorrect field format."]);
    }
  });

  it("checks URLs with 'Invalid URL form'", () => {
    expect(messagesFor(text({ url: true }), "school")).toEqual(["Invalid URL form"]);
    expect(messagesFor(text({ url: true }), "javascript:alert(1)")).toEqual(["Invalid URL form"]);
    expect(messagesFor(text({ url: true }), "https://school.edu.ph")).toEqual([]);
  });

  it("needs at least 4 for a username or e-mail: 'Minimum length of 4 character/number'", () => {
    expect(messagesFor(userNameOrEmail(), "abc")).toEqual(["Minimum length of 4 character/number"]);
    expect(messagesFor(userName(), "abc")).toEqual(["Minimum length of 4 character/number"]);
    expect(messagesFor(userName(), "abcd")).toEqual([]);
  });

  it("signs in with any existing user name, such as the demo account 'lsg'", () => {
    expect(messagesFor(loginSchema, { userName: "lsg", password: "x" })).toEqual([]);
    expect(messagesFor(loginSchema, { userName: "", password: "" })).toEqual([
      "This field is required.",
      "This field is required.",
    ]);
  });

  it("refuses a paste with invalid characters: 'Invalid character detected in paste event.'", () => {
    expect(englishMessage(checkPaste("Juan1", "name")!)).toBe(
      "Invalid character detected in paste event.",
    );
    expect(checkPaste("Juan", "name")).toBeNull();
    expect(checkPaste("12a", "number")).not.toBeNull();
    expect(checkPaste("bad\u0000text")).not.toBeNull();
    expect(checkPaste("a b@c.d", "email")).not.toBeNull();
  });
});

describe("passwords (SPEC.md §5)", () => {
  const pair = (newPassword: string, confirmPassword = newPassword) =>
    messagesFor(newPasswordPairSchema, { newPassword, confirmPassword });

  it("needs 8 characters: 'Must be at least 8 characters long.'", () => {
    expect(pair("Ab1!")).toEqual(["Must be at least 8 characters long."]);
  });

  it("allows at most 128 characters", () => {
    expect(pair("Ab1!".repeat(33))).toEqual(["Maximum of 128 character/number only"]);
    expect(pair("Ab1!".repeat(32))).toEqual([]);
  });

  it("needs at least 3 of the 5 criteria", () => {
    // only lowercase and no-repeat: 2 criteria
    expect(pair("abcdefgh")).toEqual(["Password must meet at least 3 of the 5 criteria."]);
    // lowercase, number, no-repeat: 3 criteria
    expect(pair("abcdefg1")).toEqual([]);
  });

  it("counts three identical characters in a row against the criteria", () => {
    // lowercase + number, but "aaa": 2 criteria
    expect(pair("aaabbb12")).toEqual(["Password must meet at least 3 of the 5 criteria."]);
  });

  it("needs the confirmation to match", () => {
    expect(pair("Abcdef1!", "Abcdef1?")).toEqual([
      "New Password and Confirm Password do not match.",
    ]);
  });

  it("needs the new password to differ from the current one", () => {
    expect(
      messagesFor(changePasswordSchema, {
        currentPassword: "Abcdef1!",
        newPassword: "Abcdef1!",
        confirmPassword: "Abcdef1!",
      }),
    ).toEqual(["New password must not be the same as your current password."]);
  });
});

describe("images (SPEC.md §5)", () => {
  const mb = 1024 * 1024;
  it("accepts one jpeg, jpg or png of at most 2 MB", () => {
    expect(checkImageFiles([{ name: "a.png", size: 2 * mb, type: "image/png" }])).toBeNull();
    expect(checkImageFiles([{ name: "a.JPG", size: 10, type: "" }])).toBeNull();
  });
  it("refuses larger files: 'File must be less than 2 MB.'", () => {
    expect(
      englishMessage(checkImageFiles([{ name: "a.png", size: 3 * mb, type: "image/png" }])!),
    ).toBe("File must be less than 2 MB.");
  });
  it("refuses other types: 'File must be in jpeg or png format.'", () => {
    expect(englishMessage(checkImageFiles([{ name: "a.gif", size: 10, type: "image/gif" }])!)).toBe(
      "File must be in jpeg or png format.",
    );
  });
  it("refuses several files with the maximum-one-file message", () => {
    const file = { name: "a.png", size: 10, type: "image/png" };
    expect(englishMessage(checkImageFiles([file, file])!)).toBe("Maximum of 1 file only.");
  });
  it("knows a jpeg or png by its first bytes, not its name", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      "image/png",
    );
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });
});

describe("form schemas", () => {
  it("validates login and forgot password", () => {
    expect(loginSchema.safeParse({ userName: "admin", password: "x" }).success).toBe(true);
    expect(messagesFor(forgotPasswordSchema, { email: "" })).toEqual(["This field is required."]);
  });

  it("validates a school", () => {
    const school = {
      schoolCode: "RHS-01",
      schoolName: "Rizal High School",
      country: "Philippines",
    };
    expect(schoolSchema.parse(school)).toMatchObject({
      enabled: true,
      requireParentAccount: false,
    });
    expect(messagesFor(schoolSchema, { ...school, websiteUrl: "nope" }, "websiteUrl")).toEqual([
      "Invalid URL form",
    ]);
    expect(messagesFor(schoolSchema, { ...school, schoolCode: "R" }, "schoolCode")).toEqual([
      "Minimum of 2 character/number",
    ]);
  });

  it("asks for role-dependent user fields", () => {
    const base = {
      firstName: "Juan",
      lastName: "Dela Cruz",
      userName: "jdelacruz",
      email: "juan@school.edu.ph",
    };
    expect(messagesFor(createUserInputSchema, { ...base, roleId: "5", schoolId: "1" })).toEqual([
      "Learning reference number is required for students.",
      "Grade is required for students.",
    ]);
    expect(messagesFor(createUserInputSchema, { ...base, roleId: "3" })).toEqual([
      "Choose a school for this role.",
      "Employee number is required for teachers.",
    ]);
    const teacher = createUserInputSchema.parse({
      ...base,
      roleId: "3",
      schoolId: "1",
      employeeNumber: "EMP-1",
      assignedLoad: JSON.stringify([{ grade: 7, subject: "Science", section: "Rizal" }]),
    });
    expect(teacher.assignedLoad).toEqual([{ grade: 7, subject: "Science", section: "Rizal" }]);
    expect(createUserInputSchema.safeParse({ ...base, roleId: "1" }).success).toBe(true);
  });

  it("reads a role's permission matrix from JSON text, filling missing rights with false", () => {
    const role = roleSchema.parse({
      roleName: "Registrar",
      permissions: JSON.stringify({ users: { access: true, view: true } }),
    });
    expect(role.permissions.users).toEqual({ access: true, add: false, view: true, modify: false });
    expect(role.permissions.courses).toEqual({
      access: false,
      add: false,
      view: false,
      modify: false,
    });
  });

  it("validates courses, elements, materials and quizzes", () => {
    expect(
      courseSchema.safeParse({
        courseName: "Science 7",
        courseCode: "SCI7",
        gradeLevel: "7",
        subject: "Science",
      }).success,
    ).toBe(true);
    expect(
      messagesFor(elementCreateSchema, {
        courseId: 1,
        name: "Intro",
        type: "basic",
        placement: "after",
      }),
    ).toEqual(["Choose the element to place it next to."]);
    expect(
      messagesFor(materialSchema, { courseId: 1, elementId: 1, name: "Site", type: "link" }),
    ).toEqual(["This field is required."]);
    const quiz = quizSettingsSchema.parse({
      questions: JSON.stringify([
        {
          type: "single",
          prompt: "2 + 2?",
          choices: [
            { text: "4", correct: true },
            { text: "5", correct: false },
          ],
        },
      ]),
    });
    expect(quiz).toMatchObject({ attemptsAllowed: 0, passingGrade: 75, shuffle: false });
    expect(
      messagesFor(quizSettingsSchema, {
        questions: [{ type: "multiple", prompt: "?", choices: [{ text: "a" }, { text: "b" }] }],
      }),
    ).toEqual(["Mark at least one correct answer."]);
  });
});

describe("messages in the user's language", () => {
  it("shows the same rule in zh and tg, with its values", () => {
    const encoded = encodeMessage("validation.minLength", { n: 8 });
    const zh = createIntl("zh", CATALOGUES.zh).message(encoded);
    const tg = createIntl("tg", CATALOGUES.tg).message(encoded);
    expect(zh).toContain("8");
    expect(tg).toContain("8");
    expect(zh).not.toBe(englishMessage(encoded));
    expect(tg).not.toBe(englishMessage(encoded));
  });

  it("turns a failed parse into API.md field errors with codes and English texts", () => {
    const result = text({ required: true, min: 3 }).safeParse("ab");
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error, 7)).toEqual([
      {
        field: "",
        row: 7,
        code: "validation.minLength",
        message: "Must be at least 3 characters long.",
        values: { n: 3 },
      },
    ]);
  });
});

describe("the visitor pages' schemas on zod/mini", () => {
  const texts = [
    "",
    "   ",
    "a",
    "lsg",
    "admin",
    "x".repeat(255),
    "bad\u0000text",
    "a@b.c",
    "no-at",
  ];
  const passwords = ["", "x", "Ab1!", "Abcdefg1!", "abcdefgh", "aaaBBB111!!!", "A".repeat(129)];
  const all = (schema: $ZodType, inputs: Record<string, unknown>[]) =>
    inputs.map((input) => messagesFor(schema, input).join(" | "));

  it("give the messages of the same rules built with zod", () => {
    const logins = texts.flatMap((userName) =>
      passwords.map((password) => ({ userName, password })),
    );
    expect(all(loginSchema, logins)).toEqual(
      all(
        z.object({ userName: requiredText({ max: 254 }), password: currentPasswordField() }),
        logins,
      ),
    );
    const emails = texts.map((email) => ({ email }));
    expect(all(forgotPasswordSchema, emails)).toEqual(
      all(z.object({ email: emailAddress(true) }), emails),
    );
    const pairs = passwords.flatMap((newPassword) =>
      ["", newPassword, "Other1!xx"].map((confirmPassword) => ({ newPassword, confirmPassword })),
    );
    const confirm = z.string().min(1, { error: encodeMessage("validation.required") });
    const classicPair = z
      .object({ newPassword: newPasswordField(), confirmPassword: confirm })
      .superRefine(confirmationMatches);
    expect(all(newPasswordPairSchema, pairs)).toEqual(all(classicPair, pairs));
    expect(all(newPasswordPairSchema, pairs)).toContain(
      "New Password and Confirm Password do not match.",
    );
  });

  it("trim the link token and the user name before the rules run", () => {
    const parsed = loginSchema.safeParse({ userName: "  admin  ", password: "x" });
    expect(parsed.success && parsed.data.userName).toBe("admin");
    expect(
      messagesFor(
        resetPasswordSchema,
        { token: "  ", newPassword: "", confirmPassword: "" },
        "token",
      ),
    ).toEqual(["This field is required."]);
  });
});
