-- A family's first invite code used to be the family's own id, which every member can read and
-- keeps after being removed (docs/decisions/008-invites.md, 2026-11-27). Each link still open
-- under its family's id takes a random code instead, like every later one: 18 bytes, written as 24
-- base64url characters. The bytes come from gen_random_uuid(), which draws on the server's strong
-- random source on PostgreSQL and PGlite alike (pgcrypto is not assumed): two UUIDs, 244 random
-- bits, hashed and cut to 144. The link keeps its issuer and its expiry; links already sent with
-- the family's id stop working, and the admins' dashboard shows the new one. Revoked links are left
-- as they are: nothing opens them again.
UPDATE "family_invites"
SET "code" = translate(
    encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) FROM 1 FOR 18), 'base64'),
    '+/', '-_')
WHERE "revoked_at" IS NULL AND "code" = "family_id"::text;
