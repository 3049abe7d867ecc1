import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * The extensions the migrations create, for every embedded database that runs them: unaccent and
 * pg_trgm, for search and its suggestions (docs/decisions/020-search.md). PostgreSQL ships them with
 * its contrib modules.
 */
export const pgliteExtensions = { unaccent, pg_trgm };
