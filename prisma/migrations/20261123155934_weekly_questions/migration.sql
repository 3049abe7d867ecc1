-- CreateTable
CREATE TABLE "weekly_question_plans" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "recipient_id" UUID NOT NULL,
    "created_by_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'active',
    "mode" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL,
    "weekday" INTEGER NOT NULL,
    "hour" INTEGER NOT NULL,
    "share_by_default" BOOLEAN NOT NULL DEFAULT false,
    "origin" TEXT NOT NULL,
    "next_send_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "weekly_question_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "weekly_question_plan_items" (
    "plan_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "question_id" UUID NOT NULL,

    CONSTRAINT "weekly_question_plan_items_pkey" PRIMARY KEY ("plan_id","position")
);

-- CreateTable
CREATE TABLE "weekly_question_sends" (
    "id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "question_id" UUID NOT NULL,
    "scheduled_for" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "emailed_at" TIMESTAMPTZ(3),
    "email_status" TEXT,
    "remind_at" TIMESTAMPTZ(3),
    "reminded_at" TIMESTAMPTZ(3),
    "answered_at" TIMESTAMPTZ(3),
    "response_id" UUID,

    CONSTRAINT "weekly_question_sends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "weekly_question_tokens" (
    "id" UUID NOT NULL,
    "send_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "weekly_question_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "weekly_question_plans_status_next_send_at_idx" ON "weekly_question_plans"("status", "next_send_at");

-- CreateIndex
CREATE INDEX "weekly_question_plans_family_id_idx" ON "weekly_question_plans"("family_id");

-- CreateIndex
CREATE INDEX "weekly_question_plans_created_by_id_idx" ON "weekly_question_plans"("created_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "weekly_question_plans_one_running_per_recipient" ON "weekly_question_plans"("recipient_id") WHERE ("status" != 'stopped');

-- CreateIndex
CREATE INDEX "weekly_question_plan_items_question_id_idx" ON "weekly_question_plan_items"("question_id");

-- CreateIndex
CREATE INDEX "weekly_question_sends_plan_id_created_at_idx" ON "weekly_question_sends"("plan_id", "created_at");

-- CreateIndex
CREATE INDEX "weekly_question_sends_question_id_idx" ON "weekly_question_sends"("question_id");

-- CreateIndex
CREATE INDEX "weekly_question_sends_remind_at_idx" ON "weekly_question_sends"("remind_at");

-- CreateIndex
CREATE UNIQUE INDEX "weekly_question_sends_plan_id_scheduled_for_key" ON "weekly_question_sends"("plan_id", "scheduled_for");

-- CreateIndex
CREATE UNIQUE INDEX "weekly_question_tokens_token_hash_key" ON "weekly_question_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "weekly_question_tokens_send_id_idx" ON "weekly_question_tokens"("send_id");

-- CreateIndex
CREATE INDEX "weekly_question_tokens_expires_at_idx" ON "weekly_question_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "weekly_question_plans" ADD CONSTRAINT "weekly_question_plans_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_plans" ADD CONSTRAINT "weekly_question_plans_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_plans" ADD CONSTRAINT "weekly_question_plans_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_plan_items" ADD CONSTRAINT "weekly_question_plan_items_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "weekly_question_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_plan_items" ADD CONSTRAINT "weekly_question_plan_items_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_sends" ADD CONSTRAINT "weekly_question_sends_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "weekly_question_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_sends" ADD CONSTRAINT "weekly_question_sends_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "weekly_question_tokens" ADD CONSTRAINT "weekly_question_tokens_send_id_fkey" FOREIGN KEY ("send_id") REFERENCES "weekly_question_sends"("id") ON DELETE CASCADE ON UPDATE CASCADE;
