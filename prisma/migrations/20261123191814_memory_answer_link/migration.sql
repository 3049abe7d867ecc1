-- AlterTable
ALTER TABLE "memories" ADD COLUMN     "response_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "memories_response_id_key" ON "memories"("response_id");

-- AddForeignKey
ALTER TABLE "memories" ADD CONSTRAINT "memories_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE SET NULL ON UPDATE CASCADE;
