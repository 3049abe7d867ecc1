-- Search suggests the nearest word the family wrote when a search finds nothing ("Did you mean
-- Málaga?", docs/decisions/020-search.md): pg_trgm compares words by their three-letter pieces.
-- Like unaccent, it is a trusted extension that the database's owner may create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
