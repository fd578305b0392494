import type { FieldValues, Resolver } from "react-hook-form";
import { loadFullI18n } from "../../../lib/i18n";
import type * as validation from "./validation";

type Validation = typeof validation;

/**
 * A form resolver whose schema and validator load on the form's first validation instead of with
 * the page, so the sign-in page's first load stays small (issue 5); the whole catalogue loads
 * with them, for the texts of the errors it finds.
 */
export function lazyResolver<T extends FieldValues>(
  pick: (validation: Validation) => Resolver<T>,
): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [module] = await Promise.all([
        import("./validation"),
        loadFullI18n().catch(() => undefined),
      ]);
      resolver ??= pick(module);
    }
    return resolver(values, context, options);
  };
}
