import type { FieldValues, Resolver } from "react-hook-form";
import type * as validation from "./validation";

type Validation = typeof validation;

/**
 * A form resolver whose schema and validator load on the form's first validation instead of with
 * the page, so the sign-in page's first load stays small (issue 5).
 */
export function lazyResolver<T extends FieldValues>(
  pick: (validation: Validation) => Resolver<T>,
): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    resolver ??= pick(await import("./validation"));
    return resolver(values, context, options);
  };
}
