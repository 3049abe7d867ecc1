-- CreateTable
CREATE TABLE "family_invites" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "family_id" UUID NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "family_invites_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "family_invites_code_key" ON "family_invites"("code");

-- CreateIndex
CREATE INDEX "family_invites_family_id_idx" ON "family_invites"("family_id");

-- CreateIndex
CREATE INDEX "family_invites_created_by_id_idx" ON "family_invites"("created_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "family_invites_one_open_per_family" ON "family_invites"("family_id") WHERE ("revoked_at" IS NULL);

-- AddForeignKey
ALTER TABLE "family_invites" ADD CONSTRAINT "family_invites_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "family_invites" ADD CONSTRAINT "family_invites_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Families from before invites had codes (docs/decisions/008-invites.md): whoever started each
-- family, its earliest member, becomes its admin, and the link it has been handing out (its own
-- id) stays open for 30 days, issued by that admin. After that, or as soon as an admin replaces
-- or closes it, the family id no longer lets anyone in.
UPDATE "users" SET "family_role" = 'admin'
WHERE "id" IN (
    SELECT DISTINCT ON ("family_id") "id" FROM "users"
    WHERE "family_id" IS NOT NULL
    ORDER BY "family_id", "created_at", "id"
);

INSERT INTO "family_invites" ("id", "code", "family_id", "created_by_id", "created_at", "expires_at")
SELECT gen_random_uuid(), "families"."id"::text, "families"."id", "admins"."id", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP + INTERVAL '30 days'
FROM "families"
JOIN "users" AS "admins" ON "admins"."family_id" = "families"."id" AND "admins"."family_role" = 'admin';
