import "server-only";
import { z } from "zod";
import { FORMER_MEMBER } from "@/server/family/members/former-member";

// One follow-up question (docs/product.md §22), as the author's list, the answer page and the API
// show it: who asked, about which story, and the answer once given.

const person = z.strictObject({
  id: z.guid().nullable().meta({ description: "Null once the person deleted their account: then named “A former member”." }),
  first_name: z.string(),
  last_name: z.string(),
});

export const followUpDtoSchema = z.strictObject({
  id: z.guid(),
  question: z.string().meta({ description: "Plain text as written (line breaks kept); never HTML." }),
  created_at: z.iso.datetime(),
  asked_by: person,
  author: person,
  item: z.strictObject({
    type: z.enum(["memory", "answer"]),
    id: z.guid(),
    title: z.string().meta({ description: "The memory's title, or the question the answer answers." }),
  }),
  answer: z.string().nullable().meta({ description: "The author's answer; null until answered." }),
  answered_at: z.iso.datetime().nullable(),
});
export type FollowUpDto = z.output<typeof followUpDtoSchema>;

export const followUpSelect = {
  id: true,
  question: true,
  created_at: true,
  answer: true,
  answered_at: true,
  memory_id: true,
  response_id: true,
  asker: { select: { id: true, first_name: true, last_name: true } },
  author: { select: { id: true, first_name: true, last_name: true } },
  memory: { select: { title: true } },
  response: { select: { question: { select: { question_text: true } } } },
} as const;

type FollowUpRow = {
  id: string;
  question: string;
  created_at: Date;
  answer: string | null;
  answered_at: Date | null;
  memory_id: string | null;
  response_id: string | null;
  asker: { id: string; first_name: string; last_name: string } | null;
  author: { id: string; first_name: string; last_name: string } | null;
  memory: { title: string } | null;
  response: { question: { question_text: string } } | null;
};

export function toFollowUpDto(row: FollowUpRow): FollowUpDto {
  return {
    id: row.id,
    question: row.question,
    created_at: row.created_at.toISOString(),
    asked_by: personOrFormer(row.asker),
    author: personOrFormer(row.author),
    item: row.memory_id
      ? { type: "memory", id: row.memory_id, title: row.memory?.title ?? "" }
      : { type: "answer", id: row.response_id!, title: row.response?.question.question_text ?? "" },
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
  };
}

/** Someone who deleted their account stays "A former member": what they asked, and what was answered them, stays too. */
export function personOrFormer(person: { id: string; first_name: string; last_name: string } | null) {
  return person ?? { id: null, first_name: FORMER_MEMBER, last_name: "" };
}
