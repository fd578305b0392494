/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_CLASS_SERVICE_URL?: string;
}

declare module "virtual:visitor-texts" {
  import type { MessageKey } from "@lms/core";
  /** The visitor pages' English texts (build/visitor-texts.ts). */
  const texts: Partial<Record<MessageKey, string>>;
  export default texts;
}
