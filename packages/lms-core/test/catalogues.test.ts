import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES, SAME_AS_ENGLISH, createIntl, es, loadCatalogue, tg, zh } from "../src/index";

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if ("value" in el && typeof el.value === "string") into.add(el.value);
    if ("options" in el) {
      for (const option of Object.values(el.options)) placeholders(option.value, into);
    }
    if (el.type === TYPE.tag) placeholders(el.children, into);
  }
  return into;
}

describe("catalogues", () => {
  const english = Object.keys(es).sort();

  it.each([
    ["zh", zh],
    ["tg", tg],
  ] as const)("%s has exactly the keys of English", (_lang, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(english);
  });

  it.each([
    ["zh", zh],
    ["tg", tg],
  ] as const)("%s translates every text, except the allowlisted names", (lang, catalogue) => {
    const untranslated = Object.entries(catalogue)
      .filter(([key, value]) => value === es[key as keyof typeof es])
      .map(([key]) => key)
      .filter((key) => !SAME_AS_ENGLISH[lang].includes(key));
    expect(untranslated).toEqual([]);
  });

  it("keeps every message valid ICU with the placeholders of English", () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, text] of Object.entries(catalogue)) {
        const expected = placeholders(parse(es[key as keyof typeof es]));
        let actual: Set<string>;
        try {
          actual = placeholders(parse(text));
        } catch (error) {
          throw new Error(`${lang} ${key} is not valid ICU: ${String(error)}`);
        }
        expect([...actual].sort(), `${lang} ${key}`).toEqual([...expected].sort());
      }
    }
  });

  it("shows the texts SPEC.md quotes, to the letter, in English", () => {
    const t = createIntl("es").t;
    expect(t("language.changed")).toBe("Success. Language successfully changed.");
    expect(t("auth.sessionExpired")).toBe("Your session has expired.");
    expect(t("errors.offlineBanner")).toBe("No internet connection.");
    expect(t("errors.noInternet")).toBe("No internet connection");
    expect(t("errors.generic")).toBe("Oops! Something wen't wrong.");
    expect(t("errors.tryAgain")).toBe("Something went wrong, please try again");
    expect(t("auth.linkUnavailableHeader")).toBe("Oops. . . . Link Is No Longer Available!");
    expect(t("auth.registrationLinkExpired")).toBe(
      "Your registration link seems expired or invalid.",
    );
    expect(t("auth.forgotLinkExpired")).toBe("Your forgot password link seems expired or invalid.");
    expect(t("auth.passwordSetFailed")).toBe("Password set was unsuccessful!");
    expect(t("errors.courseDeletionInProgress")).toBe(
      "Course deletion in progress. Kindly reload the page first before performing other tasks.",
    );
    expect(t("errors.finishPrevious")).toBe(
      "Sorry you need to finish previous course element/material.",
    );
    expect(t("errors.userCreateConflict")).toBe("Creation Unsuccessful. User already exists.");
    expect(t("errors.userUpdateConflict")).toBe("Update Unsuccessful. User already exists.");
    expect(t("errors.courseCreateConflict")).toBe("Creation Unsuccessful. Course already exists.");
    expect(t("errors.courseUpdateConflict")).toBe("Update Unsuccessful. Course already exists.");
    expect(t("errors.elementCreateConflict")).toBe(
      "Creation Unsuccessful. Course Element already exists.",
    );
    expect(t("errors.elementUpdateConflict")).toBe(
      "Update Unsuccessful. Course Element already exists.",
    );
    expect(t("csv.invalid")).toBe("Invalid csv file.");
    expect(t("csv.invalidRow")).toBe("Row contains invalid values.");
    expect(t("csv.duplicateRow")).toBe("Row contains duplicate email or username.");
    expect(t("nav.launchingSoon")).toBe("Launching Soon");
    expect(t("nav.schoolManagement")).toBe("School Management");
    expect(t("nav.createSchool")).toBe("Create New School");
    expect(t("nav.userManagement")).toBe("User Management");
    expect(t("nav.createUser")).toBe("Create New User");
    expect(t("nav.myProfile")).toBe("My Profile");
    expect(t("nav.logout")).toBe("Logout");
    expect(t("language.es")).toBe("English");
  });

  it("falls back to English for a key a language lacks, and for a language without catalogue", () => {
    const partial: Partial<typeof zh> = { ...zh };
    delete partial["common.save"];
    expect(createIntl("zh", partial).t("common.save")).toBe("Save");
    expect(createIntl("zh", partial).t("common.cancel")).toBe(zh["common.cancel"]);
    expect(createIntl("zh").t("common.save")).toBe("Save");
    expect(createIntl("xx").t("common.save")).toBe("Save");
  });

  it("loads one language's catalogue on demand", async () => {
    await expect(loadCatalogue("zh")).resolves.toBe(zh);
    await expect(loadCatalogue("tg")).resolves.toBe(tg);
    await expect(loadCatalogue("es")).resolves.toBe(es);
  });

  it("formats values and plurals in each language", () => {
    expect(createIntl("es").t("table.range", { from: 1, to: 10, total: 42 })).toBe("1–10 of 42");
    expect(createIntl("es").t("elements.materialsCount", { count: 1 })).toBe("1 material");
    expect(createIntl("es").t("elements.materialsCount", { count: 3 })).toBe("3 materials");
    expect(createIntl("zh", zh).t("table.range", { from: 1, to: 10, total: 42 })).toContain("42");
  });
});
