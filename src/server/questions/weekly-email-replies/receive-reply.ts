import "server-only";
import { randomUUID } from "node:crypto";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { normalizeEmail } from "@/lib/schemas/auth";
import { toldAnswerTextSchema, weeklyAnswerSchema } from "@/lib/schemas/weekly-questions";
import { hashToken } from "@/server/accounts/auth/sessions";
import { photoFolder, processPhoto, storePhoto, type ProcessedPhoto, type StoredPhoto } from "@/server/memories/photo-pipeline";
import { now } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { messageIdFor } from "@/server/platform/email/message-id";
import { queueEmail } from "@/server/platform/email/queue-email";
import { getEnv } from "@/server/platform/env";
import { AppError } from "@/server/platform/http/app-error";
import { enqueueJob } from "@/server/platform/jobs/queue";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { answerWeeklyQuestion, linkSelect, type ReplyFiles } from "@/server/questions/weekly-questions/answer-weekly-question";
import { weeklyQuestionEmailJob } from "@/server/questions/weekly-questions/weekly-question-email";
import { recordingFileName } from "@/server/recordings/memory-recording";
import { newRecordingColumns, RECORDINGS_PREFIX, sendOnward } from "@/server/recordings/recordings";
import { storeRecording } from "@/server/recordings/store-recording";
import { findReplyToken } from "./reply-address";
import { extractReplyText } from "./reply-text";

// A reply to a weekly question's email (docs/decisions/022-answers-by-reply.md). The SMTP listener
// and POST /api/inbound-email both hand the raw message here. The reply address's token is the
// permission, as the email's link is (one question, one person, 14 days, one answer), and the
// sender must be the recipient's confirmed address. Only the new text is kept; photos attached go
// through the uploads' checks and become the answer's own photos (docs/decisions/039-answer-photos.md),
// and a recording attached (a phone's voice memo) is checked by its bytes and becomes the answer's
// recording, written down where there is an engine (docs/decisions/041-voice-recordings.md). Anything else is
// refused: nothing is saved, the refusal is logged, and when the message names a question that is
// still open, its recipient (never the sender) gets one "we couldn't read your reply" email with a
// fresh link.

/** The largest message taken: a reply with five photos from a phone, or twenty minutes of a voice memo, fits within it. */
export const MAX_REPLY_BYTES = 25 * 1024 * 1024;

export type ReplyRefusal =
  | "not-a-reply-address"
  | "unknown-address"
  | "automatic-reply"
  | "too-large"
  | "malformed"
  | "expired"
  | "answered"
  | "other-sender"
  | "no-longer-in-family"
  | "unreadable-text"
  | "too-many-photos"
  | "unreadable-photo"
  | "too-many-recordings"
  | "unreadable-recording";

export type ReplyOutcome =
  { status: "answered"; responseId: string; photos: number; recording: boolean } | { status: "refused"; reason: ReplyRefusal; notified: boolean };

export type IncomingReply = {
  /** The whole message, or null when it was larger than MAX_REPLY_BYTES and was not kept. */
  raw: Buffer | null;
  /** The envelope's recipients (SMTP's RCPT TO); the message's own headers are read as well. */
  recipients?: readonly string[];
  via: "smtp" | "http";
};

/** Refusals after which the recipient is told, with a fresh link: their reply could not be used, but the question is still open. */
const TELL_THE_RECIPIENT = new Set<ReplyRefusal>([
  "too-large",
  "malformed",
  "expired",
  "other-sender",
  "unreadable-text",
  "too-many-photos",
  "unreadable-photo",
  "too-many-recordings",
  "unreadable-recording",
]);

export async function receiveReply({ raw, recipients = [], via }: IncomingReply): Promise<ReplyOutcome> {
  const domain = getEnv().INBOUND_DOMAIN;
  if (raw === null || raw.length > MAX_REPLY_BYTES) return refuse({ reason: "too-large", via, token: findReplyToken(recipients, domain) });

  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  } catch {
    return refuse({ reason: "malformed", via, token: findReplyToken(recipients, domain) });
  }
  const token = findReplyToken([...recipients, ...headerAddresses(parsed)], domain);
  if (!token) return refuse({ reason: "not-a-reply-address", via, token: null });

  // An out-of-office answer or a bounce: never answered, and never answered back (no mail loops).
  const autoSubmitted = parsed.headers.get("auto-submitted");
  if (
    (typeof autoSubmitted === "string" && autoSubmitted.trim().toLowerCase() !== "no") ||
    parsed.headers.has("x-autoreply") ||
    parsed.headers.has("x-autorespond")
  ) {
    return refuse({ reason: "automatic-reply", via, token });
  }

  const prisma = await getDb();
  const link = await prisma.weeklyQuestionToken.findUnique({ where: { token_hash: hashToken(token) }, select: linkSelect });
  if (!link) return refuse({ reason: "unknown-address", via, token: null });
  const { send } = link;
  const recipient = send.plan.recipient;
  if (link.used_at || send.answered_at) return refuse({ reason: "answered", via, token, tokenId: link.id });
  if (recipient.family_id !== send.plan.family_id) return refuse({ reason: "no-longer-in-family", via, token, tokenId: link.id });

  const sender = senderAddress(parsed);
  if (!recipient.email_verified_at || sender !== recipient.email_normalized)
    return refuse({ reason: "other-sender", via, token, tokenId: link.id, sendId: send.id });
  if (link.expires_at <= now()) return refuse({ reason: "expired", via, token, tokenId: link.id, sendId: send.id });

  // One recording per answer: a voice memo is kept as it was made, checked by its bytes. With one,
  // the recording is the answer and the written words may be few or none.
  const sounds = parsed.attachments.filter(isRecordingAttachment);
  if (sounds.length > 1) return refuse({ reason: "too-many-recordings", via, token, tokenId: link.id, sendId: send.id });
  const replyText = extractReplyText(parsed.text ?? "");
  const answer = (sounds.length === 1 ? toldAnswerTextSchema : weeklyAnswerSchema.shape.answer_text).safeParse(replyText);
  if (!answer.success) return refuse({ reason: "unreadable-text", via, token, tokenId: link.id, sendId: send.id });

  const images = parsed.attachments.filter((attachment) => attachment.contentType.toLowerCase().startsWith("image/"));
  if (images.length > MAX_PHOTOS_PER_MEMORY) return refuse({ reason: "too-many-photos", via, token, tokenId: link.id, sendId: send.id });
  const processed: ProcessedPhoto[] = [];
  try {
    for (const [index, image] of images.entries()) processed.push(await processPhoto({ fileName: photoName(image.filename, index), bytes: image.content }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse({ reason: "unreadable-photo", via, token, tokenId: link.id, sendId: send.id });
  }

  const storage = getStorage();
  // The photos and the recording are stored under the answer's id before the answer is saved with them.
  const responseId = randomUUID();
  const written: string[] = [];
  let recording: ReplyFiles["recording"];
  if (sounds[0]) {
    const key = `${RECORDINGS_PREFIX}${responseId}/${randomUUID()}`;
    const fileName = recordingFileName.parse(sounds[0].filename ?? "");
    try {
      const facts = await storeRecording({ storage, key, chunks: chunksOf(sounds[0].content), fileName });
      written.push(key);
      recording = { original_key: key, file_name: fileName, ...newRecordingColumns(facts) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuse({ reason: "unreadable-recording", via, token, tokenId: link.id, sendId: send.id });
    }
  }
  try {
    const stored: StoredPhoto[] = [];
    for (const photo of processed) stored.push(await storePhoto({ storage, folder: photoFolder.answer(responseId), photo, written }));
    const saved = await answerWeeklyQuestion({
      input: { token, answer_text: answer.data },
      signedInAs: null,
      photos: stored.length > 0 || recording ? { responseId, photos: stored, recording } : undefined,
    });
    if (recording) {
      const kept = await (
        await getDb()
      ).recording.findUnique({
        where: { response_id: saved.answer.response_id },
        select: { id: true, container: true, codec: true, transcript_status: true },
      });
      if (kept) await sendOnward(kept);
    }
    console.log(
      `A reply by email (${via}) answered a weekly question (link ${link.id}${stored.length > 0 ? `, ${stored.length} photo${stored.length === 1 ? "" : "s"}` : ""}${recording ? ", a recording" : ""}).`,
    );
    await tellTheStorytellerItArrived({
      token,
      recipient,
      questionText: send.question.question_text,
      answerText: answer.data,
      shared: saved.answer.is_shared,
      photos: stored.length,
      recording: recording !== undefined,
      responseId: saved.answer.response_id,
      origin: send.plan.origin,
    });
    return { status: "answered", responseId: saved.answer.response_id, photos: stored.length, recording: recording !== undefined };
  } catch (error) {
    await deleteObjects(storage, written);
    // Answered meanwhile, by the link or another reply: the first answer stands.
    if (error instanceof AppError && error.code === "CONFLICT") return refuse({ reason: "answered", via, token, tokenId: link.id });
    throw error;
  }
}

/** Every address the message says it was sent to: the reply address may be in any of them. */
function headerAddresses(parsed: ParsedMail): string[] {
  const lists = [parsed.to, parsed.cc, parsed.bcc].flatMap((value): AddressObject[] => (value ? (Array.isArray(value) ? value : [value]) : []));
  const addresses = lists.flatMap((list) => list.value.map((entry) => entry.address ?? ""));
  for (const name of ["delivered-to", "x-original-to", "envelope-to"]) {
    const value = parsed.headers.get(name);
    const values = Array.isArray(value) ? value : [value];
    for (const entry of values) {
      if (typeof entry === "string") addresses.push(entry);
      else if (entry && typeof entry === "object" && "value" in entry)
        addresses.push(...(entry as AddressObject).value.map((address) => address.address ?? ""));
    }
  }
  return addresses;
}

/** The From address, lower-cased as accounts' addresses are compared; null unless there is exactly one. */
function senderAddress(parsed: ParsedMail): string | null {
  const from = parsed.from?.value ?? [];
  if (from.length !== 1 || !from[0]!.address) return null;
  return normalizeEmail(from[0]!.address);
}

/**
 * Whether an attachment is a recording to keep: sent as sound, or as a file whose name says it is
 * one (some phones send a voice memo as application/octet-stream). Its bytes decide after that.
 */
function isRecordingAttachment(attachment: ParsedMail["attachments"][number]) {
  const type = attachment.contentType.toLowerCase();
  return type.startsWith("audio/") || (type === "application/octet-stream" && RECORDING_FILE_NAME.test(attachment.filename ?? ""));
}
const RECORDING_FILE_NAME = /\.(m4a|mp3|wav|ogg|oga|opus|webm|flac)$/i;

/** A buffer as the chunks storeRecording reads. */
async function* chunksOf(bytes: Buffer) {
  yield new Uint8Array(bytes);
}

/** An attachment's name as the photo checks repeat it: the name sent, kept to plain characters, or "photo N". */
function photoName(fileName: string | undefined, index: number) {
  const plain = (fileName ?? "")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "")
    .trim()
    .slice(0, 100);
  return plain || `photo ${index + 1}`;
}

async function refuse({
  reason,
  via,
  token,
  tokenId,
  sendId,
}: {
  reason: ReplyRefusal;
  via: IncomingReply["via"];
  /** The token the message named, if any; never logged. */
  token: string | null;
  tokenId?: string;
  sendId?: string;
}): Promise<ReplyOutcome> {
  let notified = false;
  let link = tokenId ? { id: tokenId, sendId } : null;
  if (!link && token && TELL_THE_RECIPIENT.has(reason)) {
    // Too large or malformed to read: the envelope's address still names the question.
    const prisma = await getDb();
    const found = await prisma.weeklyQuestionToken.findUnique({
      where: { token_hash: hashToken(token) },
      select: { id: true, send_id: true, used_at: true, send: { select: { answered_at: true } } },
    });
    if (found && !found.used_at && !found.send.answered_at) link = { id: found.id, sendId: found.send_id };
  }
  if (link?.sendId && TELL_THE_RECIPIENT.has(reason)) {
    // One such email per reply address however many replies fail: keyed by the address's link.
    await enqueueJob(
      weeklyQuestionEmailJob,
      { sendId: link.sendId, purpose: "unreadable-reply", replyLinkId: link.id },
      { singletonKey: `${link.id}.unreadable-reply` },
    );
    notified = true;
  }
  console.warn(
    `A reply by email (${via}) was refused: ${reason}${link ? ` (link ${link.id})` : ""}${notified ? "; its recipient is sent the link instead" : ""}.`,
  );
  return { status: "refused", reason, notified };
}

/**
 * "We received your answer": the storyteller hears that the reply arrived and what became of it,
 * with the question's own page to share it or keep it private (the reply address's token is that
 * page's link too). The answer stands whether or not this email can be queued.
 */
async function tellTheStorytellerItArrived({
  token,
  recipient,
  questionText,
  answerText,
  shared,
  photos,
  recording,
  responseId,
  origin,
}: {
  token: string;
  recipient: { id: string; first_name: string };
  questionText: string;
  answerText: string;
  shared: boolean;
  photos: number;
  recording: boolean;
  responseId: string;
  origin: string;
}) {
  try {
    const flat = answerText.replace(/\s+/g, " ").trim();
    await queueEmail({
      template: "answer-received",
      to: { userId: recipient.id },
      props: {
        firstName: recipient.first_name,
        questionText,
        excerpt: flat.length <= 300 ? flat : `${flat.slice(0, 299).trimEnd()}…`,
        shared,
        photos,
        recording,
        answerUrl: `${origin}/answer?token=${token}`,
      },
      origin,
      messageId: messageIdFor(`answer-received.${responseId}`),
    });
  } catch (error) {
    console.error("The note that an answer by email arrived could not be queued:", error);
  }
}
