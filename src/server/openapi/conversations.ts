import { z } from "zod";
import {
  ANSWER_NOT_FOUND,
  CANNOT_REMOVE_COMMENT,
  COMMENT_NOT_FOUND,
  COMMENT_REQUIRED,
  COMMENT_TOO_LONG,
  commentInputSchema,
  conversationSummaryQuerySchema,
  NOT_YOUR_COMMENT,
  REACTION_KINDS,
  SUMMARY_IDS_RULE,
  SUMMARY_TOO_MANY,
} from "@/lib/schemas/conversations";
import { pageSchema } from "@/lib/schemas/paging";
import { commentDtoSchema } from "@/server/conversations/comments";
import { UNKNOWN_REACTION } from "@/server/conversations/conversation-routes";
import { conversationSummarySchema } from "@/server/conversations/conversation-summaries";
import { MEMORY_NOT_FOUND } from "@/server/memories/memory-visibility";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { idParameter, type Operation } from "./operation";

// Comments and reactions on shared memories and answers (docs/product.md §17,
// docs/decisions/026-comments-and-reactions.md).

const commentPage = z.strictObject({
  comments: z.array(commentDtoSchema),
  next_cursor: z.guid().nullable().meta({ description: "The `cursor` of the next page; null on the last." }),
});

const items = [
  { base: "/memories/{id}", what: "memory", tag: "Memories", notFound: `"${MEMORY_NOT_FOUND}": missing, private, or not shared with the caller's family.` },
  {
    base: "/questionnaires/responses/{id}",
    what: "answer",
    tag: "Questionnaires",
    notFound: `"${ANSWER_NOT_FOUND}": missing, private, or not shared with the caller's family.`,
  },
] as const;

const kindParameters = (what: string) =>
  idParameter("id", what).extend({ kind: z.enum(REACTION_KINDS).meta({ description: "love ❤️, laugh 😂, wow 😮, thanks 🙏 or applause 👏." }) });

const commentRefusal = `"${COMMENT_REQUIRED}", "${COMMENT_TOO_LONG}", or a hidden control character (on body).`;

export const conversationOperations: Operation[] = [
  ...items.flatMap(({ base, what, tag, notFound }): Operation[] => [
    {
      method: "get",
      path: `${base}/comments` as `/${string}`,
      tag,
      summary: `The comments on a shared ${what}, oldest first, a page at a time`,
      description: `Anyone who may see the ${what} in the Family Book may read them; when it is made private they are hidden, for its author too, and come back when it is shared again.`,
      access: "member",
      params: idParameter("id", what),
      query: pageSchema,
      answer: { status: 200, description: "One page.", data: commentPage },
      refusals: { 400: "A limit or cursor that cannot be used (on that field).", 404: notFound },
    },
    {
      method: "post",
      path: `${base}/comments` as `/${string}`,
      tag,
      summary: `Comment on a shared ${what}`,
      description: "Plain text, kept as written and never read as HTML.",
      access: "member",
      params: idParameter("id", what),
      body: { media: "application/json", schema: commentInputSchema, maxBytes: BODY_CAPS.json },
      answer: { status: 201, description: "The comment.", data: z.strictObject({ comment: commentDtoSchema }) },
      refusals: { 400: commentRefusal, 404: notFound },
    },
    {
      method: "put",
      path: `${base}/reactions/{kind}` as `/${string}`,
      tag,
      summary: `React to a shared ${what}`,
      description: "One of each kind per person per item: sending it again changes nothing.",
      access: "member",
      params: kindParameters(what),
      answer: { status: 200, description: "The item's comment count and reactions now.", data: z.strictObject({ summary: conversationSummarySchema }) },
      refusals: { 404: `${notFound} Or "${UNKNOWN_REACTION}"` },
    },
    {
      method: "delete",
      path: `${base}/reactions/{kind}` as `/${string}`,
      tag,
      summary: `Take back a reaction to a shared ${what}`,
      description: "Taking back one that is not there changes nothing.",
      access: "member",
      params: kindParameters(what),
      answer: { status: 200, description: "The item's comment count and reactions now.", data: z.strictObject({ summary: conversationSummarySchema }) },
      refusals: { 404: `${notFound} Or "${UNKNOWN_REACTION}"` },
    },
  ]),
  {
    method: "patch",
    path: "/comments/{id}",
    tag: "Comments",
    summary: "The writer changes their comment",
    access: "member",
    params: idParameter("id", "comment"),
    body: { media: "application/json", schema: commentInputSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The comment.", data: z.strictObject({ comment: commentDtoSchema }) },
    refusals: {
      400: commentRefusal,
      403: `"${NOT_YOUR_COMMENT}"`,
      404: `"${COMMENT_NOT_FOUND}": missing, or someone else's that the caller may not read. The writer's own is found wherever it lies (a private item, or a family one of them left).`,
    },
  },
  {
    method: "delete",
    path: "/comments/{id}",
    tag: "Comments",
    summary: "The writer deletes their comment, or the author of the memory or answer removes it",
    access: "member",
    params: idParameter("id", "comment"),
    answer: { status: 200, description: "Removed.", data: z.strictObject({ id: z.guid() }) },
    refusals: {
      403: `"${CANNOT_REMOVE_COMMENT}"`,
      404: `"${COMMENT_NOT_FOUND}": missing, or someone else's that the caller may not read (a private item's, or one said in another family). The writer's own is found wherever it lies.`,
    },
  },
  {
    method: "get",
    path: "/conversations",
    tag: "Comments",
    summary: "The comment counts and reactions of a page of shared memories and answers",
    description: "Read in one statement however many items are asked for. Items the caller may not see, and private ones, are left out of the answer.",
    access: "member",
    query: conversationSummaryQuerySchema,
    answer: {
      status: 200,
      description: "One summary per item the caller may see, in the order asked.",
      data: z.strictObject({ summaries: z.array(conversationSummarySchema) }),
    },
    refusals: { 400: `"${SUMMARY_IDS_RULE}" or "${SUMMARY_TOO_MANY}"` },
  },
];
