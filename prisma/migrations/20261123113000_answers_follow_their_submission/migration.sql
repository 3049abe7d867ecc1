-- A submission is shared exactly when every answer in it is (docs/decisions/015-one-switch-per-answer.md).
-- Nothing becomes visible that was not: an answer of a shared submission was already visible, and
-- a submission whose answers were all shared one by one showed all of them already.
UPDATE "responses" SET "is_shared" = true
FROM "submissions"
WHERE "responses"."submission_id" = "submissions"."id" AND "submissions"."is_shared" AND NOT "responses"."is_shared";

UPDATE "submissions" SET "is_shared" = true
WHERE NOT "is_shared"
  AND EXISTS (SELECT 1 FROM "responses" WHERE "responses"."submission_id" = "submissions"."id")
  AND NOT EXISTS (SELECT 1 FROM "responses" WHERE "responses"."submission_id" = "submissions"."id" AND NOT "responses"."is_shared");
