import { z } from "zod";
import {
  booleanField,
  oneOf,
  optionalText,
  requiredText,
  text,
  urlText,
} from "../validation/rules";

export const SCHOOL_SECTORS = ["public", "private"] as const;
export const SUBSCRIPTION_TYPES = ["free", "basic", "premium"] as const;

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.union([z.literal(""), oneOf(values)]),
  );

export const schoolSchema = z.object({
  schoolCode: requiredText({
    min: 2,
    minMessage: "minChars",
    max: 20,
    pattern: { regex: /^[A-Za-z0-9-]+$/, key: "validation.nameFormat" },
  }),
  schoolName: requiredText({ min: 2, max: 150 }),
  depedSchoolId: optionalText({
    min: 6,
    minMessage: "minChars",
    max: 6,
    pattern: { regex: /^\d+$/, key: "validation.number" },
  }),
  sector: optionalChoice(SCHOOL_SECTORS),
  address: optionalText({ max: 255 }),
  city: optionalText({ max: 100 }),
  cityMunicipality: optionalText({ max: 100 }),
  province: optionalText({ max: 100 }),
  barangay: optionalText({ max: 100 }),
  region: optionalText({ max: 100 }),
  country: text({ max: 100 }),
  zipCode: optionalText({ max: 10, pattern: { regex: /^\d+$/, key: "validation.number" } }),
  lmsUrl: urlText(false),
  websiteUrl: urlText(false),
  subscriptionType: optionalChoice(SUBSCRIPTION_TYPES),
  enabled: booleanField().default(true),
  requireParentAccount: booleanField().default(false),
});

export const schoolStatusSchema = z.object({
  id: z.coerce.number().int().positive(),
  status: oneOf(["enabled", "disabled"]),
});

export type SchoolInput = z.input<typeof schoolSchema>;
export type SchoolValues = z.output<typeof schoolSchema>;
