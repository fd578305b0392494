// The whole English catalogue and the ICU formatter: loaded by lib/i18n.tsx on sign-in, or on
// the first text the visitor pages' own texts lack, never with the sign-in page.
export { createIntl, es } from "@lms/core";
