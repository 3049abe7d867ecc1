import "server-only";
import { enqueueJob } from "@/server/platform/jobs/queue";
import type { EmailJob } from "./deliver-email";
import type { EmailTemplateName, EmailTemplateProps } from "./email-templates";
import { newMessageId } from "./message-id";
import { sendEmailJob } from "./send-email-job";

export type QueuedEmail<Name extends EmailTemplateName> = {
  template: Name;
  to: EmailJob["to"];
  props: EmailTemplateProps<Name>;
  /** The address links in the email are built on: APP_URL, or the origin of the request that asked for it. */
  origin: string;
  /** Set it to make queuing the same email twice (a retried job that queues emails) send it once. */
  messageId?: string;
};

/** Queues one email; its props are checked against the template here, at the sender. */
export async function queueEmail<Name extends EmailTemplateName>(email: QueuedEmail<Name>): Promise<string> {
  const messageId = email.messageId ?? newMessageId();
  await enqueueJob(sendEmailJob, { ...email, messageId, props: email.props as Record<string, unknown> }, { singletonKey: messageId });
  return messageId;
}
