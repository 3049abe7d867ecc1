import "server-only";
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "@/lib/schemas/paging";
import { signedInSchema } from "@/server/accounts/auth/session-response";
import { userDtoSchema } from "@/server/accounts/users/user-dto";
import { searchResultDtoSchema } from "@/server/book/search/search-result-dto";
import { commentDtoSchema } from "@/server/conversations/comments";
import { conversationSummarySchema } from "@/server/conversations/conversation-summaries";
import { invitationDtoSchema } from "@/server/family/email-invitations/invitation-dto";
import { familyInviteDtoSchema } from "@/server/family/invite-links/family-invite-dto";
import { familyMemberDtoSchema, profileDtoSchema } from "@/server/family/members/family-member-dto";
import { photoUploadTicketSchema } from "@/server/memories/create-photo-upload";
import { memoryDtoSchema } from "@/server/memories/memory-dto";
import { followUpDtoSchema } from "@/server/questions/follow-ups/follow-up-dto";
import { sharedResponseDtoSchema } from "@/server/questions/questionnaires/list-shared-responses";
import { sharedSubmissionDtoSchema } from "@/server/questions/questionnaires/list-shared-submissions";
import { questionDtoSchema, questionnaireDtoSchema, responseDtoSchema, submissionDtoSchema } from "@/server/questions/questionnaires/questionnaire-dto";
import { accountOperations } from "./accounts";
import { conversationOperations } from "./conversations";
import { emailOperations } from "./email";
import { exportOperations } from "./exports";
import { familyBookOperations } from "./family-book";
import { familyCircleOperations } from "./family-circle";
import { followUpOperations } from "./follow-ups";
import { inviteOperations } from "./invites";
import { memoryOperations } from "./memories";
import { notificationOperations } from "./notifications";
import { failureEnvelopeSchema, toOpenApiOperation, type Operation } from "./operation";
import { questionnaireOperations } from "./questionnaires";
import { recordingUploadOperations } from "./recording-uploads";
import { searchOperations } from "./search";
import { storageOperations } from "./storage";
import { weeklyQuestionOperations } from "./weekly-questions";

// The API reference, generated from the zod schemas the routes parse with and the DTOs they
// answer with; served at GET /api/openapi.json. docs/api.md is the guide around it (auth,
// envelopes, errors, caps, examples). tests/api/openapi.test.ts holds it to the route files.

const referenceOperations: Operation[] = [
  {
    method: "get",
    path: "/openapi.json",
    tag: "Reference",
    summary: "This document: every operation of the API, generated from the schemas the routes parse with",
    access: "public",
    ownAnswers: true,
    answer: { status: 200, description: "OpenAPI 3.1.", media: "application/json", headers: { "Cache-Control": "public, for an hour" } },
  },
];

/** Every documented operation; one per route file and method, and no other. */
export const apiOperations: Operation[] = [
  ...accountOperations,
  ...emailOperations,
  ...inviteOperations,
  ...familyCircleOperations,
  ...memoryOperations,
  ...recordingUploadOperations,
  ...questionnaireOperations,
  ...familyBookOperations,
  ...conversationOperations,
  ...notificationOperations,
  ...followUpOperations,
  ...searchOperations,
  ...weeklyQuestionOperations,
  ...exportOperations,
  ...storageOperations,
  ...referenceOperations,
];

const DESCRIPTION = `Family Book's HTTP API. The guide (authentication, envelopes, errors, request caps, examples) is docs/api.md in the repository.

Every answer but files and redirects is an envelope: \`{ "success": true, "data": …, "error": null }\`, or \`{ "success": false, "data": null, "error": "…", "fieldErrors"?: { field: ["…"] } }\`.
Something that does not exist and something the caller may not see answer the same 404.
A method an address does not accept answers 405 with an \`Allow\` header; \`OPTIONS\` answers 204 with it; \`HEAD\` is \`GET\` without the body.
Lists take \`limit\` (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}) and \`cursor\` (the \`next_cursor\` of the previous page).`;

/** Named in components, so the document says "Memory" where a memory is answered. */
const namedSchemas = {
  Failure: failureEnvelopeSchema,
  User: userDtoSchema,
  Session: signedInSchema,
  FamilyMember: familyMemberDtoSchema,
  Profile: profileDtoSchema,
  FamilyInvite: familyInviteDtoSchema,
  Invitation: invitationDtoSchema,
  Memory: memoryDtoSchema,
  PhotoUpload: photoUploadTicketSchema,
  Questionnaire: questionnaireDtoSchema,
  Question: questionDtoSchema,
  Answer: responseDtoSchema,
  Submission: submissionDtoSchema,
  SharedAnswer: sharedResponseDtoSchema,
  SharedSubmission: sharedSubmissionDtoSchema,
  SearchResult: searchResultDtoSchema,
  Comment: commentDtoSchema,
  ConversationSummary: conversationSummarySchema,
  FollowUpQuestion: followUpDtoSchema,
};

function buildDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of apiOperations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is documented twice`);
    item[operation.method] = toOpenApiOperation(operation);
  }
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Family Book API", version: "1", description: DESCRIPTION },
    servers: [{ url: "/api" }],
    security: [{ bearer: [] }, { cookie: [] }],
    tags: [
      { name: "Accounts", description: "Registration, sign-in, sessions, password resets, and the family's members." },
      { name: "Email", description: "Which emails a member gets, and the unsubscribe links in them (docs/decisions/013-email.md)." },
      {
        name: "Invites",
        description: "The family's invite link (docs/decisions/008-invites.md) and invitations by email (docs/decisions/016-invitations-by-email.md).",
      },
      { name: "Family circle", description: "The admin removes members and hands admin on (docs/decisions/024-leaving-and-the-circle.md)." },
      { name: "Memories", description: "Memories, their photos, and what the family shared." },
      { name: "Questionnaires", description: "Questionnaires, answers, and what the family shared (docs/decisions/004-sharing-answers.md)." },
      { name: "Family Book", description: "The printable book." },
      { name: "Storage", description: "Signed photo links of the local storage driver (docs/decisions/002-photo-storage.md)." },
      { name: "Reference", description: "This document." },
    ],
    paths,
    components: {
      schemas: namedSchemas,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The token from sign-in, registration or refresh." },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: "fb_session",
          description: "The browser's httpOnly session cookie; changes sent with it must come from Family Book's own origin.",
        },
      },
    },
  });
}

let built: ReturnType<typeof createDocument> | undefined;

/** The document, built once per process: it only changes with the code. */
export function openApiDocument() {
  built ??= buildDocument();
  return built;
}
