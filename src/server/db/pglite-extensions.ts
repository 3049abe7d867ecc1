import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * The extensions the migrations create, for every embedded database that runs them: unaccent, for
 * search (docs/decisions/020-search.md). PostgreSQL ships it with its contrib modules.
 */
export const pgliteExtensions = { unaccent };
