import { z } from "zod";
import { LANGUAGES } from "../../constants";
import { defineCommands } from "../define";

/** Where the class service is (the built-in /webservice or an external Moodle), the languages. */
export const configAnswer = z.object({
  classServiceUrl: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
});
export type ConfigAnswer = z.output<typeof configAnswer>;

export const configCommands = defineCommands("config", {
  get: {
    description: "The portal's public settings.",
    access: "public",
    output: configAnswer,
    effect: "read",
  },
});
