import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A form's zod resolver whose schema (and zod with it) loads at the form's first check instead of
 * with the page: the sign-in page and the dashboard show their forms at once and fetch the rules
 * while the person types. The same schema as the route's, so the messages are the same.
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<z.ZodType>): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<Values>,
    );
    return (await resolver)(values, context, options);
  };
}
