import { CONTRACT, LANGUAGES } from "@lms/core";
import { defineResource, implement } from "../../dispatch/commands";

/**
 * What the portal needs to know of this deployment: where the class service is (the built-in
 * /webservice, or CLASS_SERVICE_URL: an external Moodle with auth_userkey).
 */
export const configResource = defineResource("config", {
  get: implement(CONTRACT.config.get, {
    async handler({ app }) {
      return {
        data: {
          classServiceUrl: app.config.classServiceUrl ?? "/webservice",
          languages: LANGUAGES,
        },
      };
    },
  }),
});
