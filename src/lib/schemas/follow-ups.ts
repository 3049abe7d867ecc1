import { z } from "zod";
import { FOLLOW_UP_ANSWER_REQUIRED, FOLLOW_UP_REQUIRED, followUpAnswerProblem, followUpProblem } from "@/lib/follow-ups";

// "Tell us more" (docs/product.md §22): the API's schemas, on the constants and messages of
// lib/follow-ups.ts, which the screens use without zod.

export const FOLLOW_UP_NOT_FOUND = "Question not found";
export const FOLLOW_UP_OWN_STORY = "This is your own story: you can tell more by editing it.";
export const FOLLOW_UP_ALREADY_ANSWERED = "This question has already been answered.";
export const FOLLOW_UP_NOT_ANSWERED = "Answer the question first: the recording goes with your written answer.";
export const FOLLOW_UP_ITEM_RULE = "Give either memory_id or answer_id: the story to ask about.";

// One rule for the screens and the API: the words of lib/follow-ups.ts decide, and say why.
const question = z
  .string({ error: FOLLOW_UP_REQUIRED })
  .superRefine((text, context) => {
    const problem = followUpProblem(text);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform((text) => text.trim());

export const askFollowUpSchema = z
  .strictObject({
    memory_id: z.guid().optional().meta({ description: "The shared memory asked about." }),
    answer_id: z.guid().optional().meta({ description: "The shared answer asked about." }),
    question,
  })
  .refine((input) => (input.memory_id === undefined) !== (input.answer_id === undefined), { error: FOLLOW_UP_ITEM_RULE, path: ["memory_id"] });
export type AskFollowUpInput = z.output<typeof askFollowUpSchema>;

export const answerFollowUpSchema = z.strictObject({
  answer: z
    .string({ error: FOLLOW_UP_ANSWER_REQUIRED })
    .superRefine((text, context) => {
      const problem = followUpAnswerProblem(text);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((text) => text.trim()),
});
