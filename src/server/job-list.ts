import "server-only";
import { deleteEndedSessionsJob } from "@/server/accounts/auth/delete-ended-sessions";
import { confirmationEmailJob } from "@/server/accounts/auth/email-verification";
import { passwordResetEmailJob } from "@/server/accounts/auth/send-password-reset-email";
import { prepareExportJob } from "@/server/book/exports/prepared-exports";
import { deleteExpiredPreparedFilesJob } from "@/server/book/prepared-files/delete-expired-prepared-files";
import { bookReadyEmailJob, buildBookJob } from "@/server/book/print/build-book-job";
import { relativeJoinedEmailsJob } from "@/server/family/members/relative-joined-emails";
import { backfillPrintVariantsJob } from "@/server/memories/backfill-print-variants";
import { sweepOrphanPhotosJob } from "@/server/memories/sweep-orphan-photos";
import { sweepStaleUploadsJob } from "@/server/memories/sweep-stale-uploads";
import { notificationDigestEmailJob, notificationDigestsSchedulerJob } from "@/server/news/notifications/notification-digests";
import { weeklyDigestsSchedulerJob } from "@/server/news/weekly-digest/run-weekly-digests";
import { weeklyDigestEmailJob } from "@/server/news/weekly-digest/weekly-digest-email";
import { deleteOldDeliveriesJob } from "@/server/platform/email/delete-old-deliveries";
import { sendEmailJob } from "@/server/platform/email/send-email-job";
import { deleteExpiredRateLimitsJob } from "@/server/platform/http/delete-expired-rate-limits";
import { weeklyQuestionsSchedulerJob } from "@/server/questions/weekly-questions/run-weekly-questions";
import { weeklyQuestionEmailJob } from "@/server/questions/weekly-questions/weekly-question-email";
import { playableCopyJob } from "@/server/recordings/playable-copy";
import { transcribeRecordingJob } from "@/server/recordings/transcription/transcribe-recording-job";

// Every job Family Book runs (docs/decisions/012-jobs.md). A domain declares its job with
// defineJob beside the use case it runs, sends it with enqueueJob, and adds it here: the start-up
// gives this list to the queue, and every instance with workers creates, schedules and works each.
export const jobDefinitions = [
  // Housekeeping (docs/product.md §12): each on a schedule, once per occurrence.
  deleteEndedSessionsJob,
  deleteExpiredRateLimitsJob,
  sweepStaleUploadsJob,
  sweepOrphanPhotosJob,
  deleteOldDeliveriesJob,
  deleteExpiredPreparedFilesJob,
  // Email (docs/product.md §11).
  sendEmailJob,
  passwordResetEmailJob,
  confirmationEmailJob,
  relativeJoinedEmailsJob,
  // Weekly questions (docs/product.md §13): the scheduler, every five minutes, and each email.
  weeklyQuestionsSchedulerJob,
  weeklyQuestionEmailJob,
  // The weekly family digest (docs/product.md §14): the scheduler, every hour, and each email.
  weeklyDigestsSchedulerJob,
  weeklyDigestEmailJob,
  // The printed book (docs/product.md §16): each book asked for, and, hourly, print-size
  // variants for photos saved before there were any.
  buildBookJob,
  bookReadyEmailJob,
  backfillPrintVariantsJob,
  // The daily notification digest (docs/product.md §21): the scheduler, every hour, and each email.
  notificationDigestsSchedulerJob,
  notificationDigestEmailJob,
  // Exports too large to download at once (docs/product.md §20).
  prepareExportJob,
  // Stories told out loud, written down (docs/decisions/042-transcripts.md), and made playable in
  // every browser (docs/decisions/041-voice-recordings.md).
  transcribeRecordingJob,
  playableCopyJob,
] as const;

export type JobDefinitions = typeof jobDefinitions;
export type JobName = JobDefinitions[number]["name"];
