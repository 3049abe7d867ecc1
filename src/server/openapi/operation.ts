import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";

// One documented operation of /api, written beside the schemas its route parses with, and turned
// into OpenAPI by document.ts. The shape keeps what every route shares (the envelope, the
// standard refusals) in one place, and lets tests find the schema of an operation's answer.

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

export type Operation = {
  method: Method;
  /** Under /api, with {name} for each dynamic segment, named as the route's folder names it. */
  path: `/${string}`;
  tag: string;
  summary: string;
  description?: string;
  /** member: a session is needed (bearer token or cookie); public: anyone, a session optional. */
  access: "member" | "public";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: {
    media: "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded" | "image/*" | "audio/*" | "message/rfc822" | "application/zip";
    schema?: z.ZodType;
    /** Larger bodies are refused with 413 (docs/decisions/007-bounded-requests.md). */
    maxBytes: number;
    /** The toggles and the invite take no body at all as well. */
    optional?: true;
  };
  answer:
    | {
        status: 200 | 201 | 202;
        description: string;
        data: z.ZodType;
        headers?: Record<string, string>;
        /** Another success with the same data (a book already being made answers 200 where a new one answers 202). */
        alternate?: { status: 200 | 201; description: string };
      }
    | { status: 200 | 201 | 204 | 302 | 303; description: string; media?: string; schema?: z.ZodType; headers?: Record<string, string> };
  /** The refusals this operation gives, each with when; 401, 403 (cross-site), 413 and 503 are added where they apply. */
  refusals?: Partial<Record<RefusalStatus, string>>;
  /**
   * The answers are the operation's own: no refusal is added (Auth.js's addresses, and the Google
   * completion, which redirects whatever happens).
   */
  ownAnswers?: true;
  /** Its permission is a signed token in the address, not a cookie, so it is not refused from other sites (unsubscribe links). */
  crossSite?: true;
};

/** Every /api answer but files and redirects (docs/api.md). */
export const failureEnvelopeSchema = z
  .strictObject({
    success: z.literal(false),
    data: z.null(),
    error: z.string().meta({ description: "A sentence to show the person as it is." }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "For invalid input: the messages of each field, by the field's name (a nested field as `questions.0.question_text`)." }),
  })
  .meta({ description: "A refusal." });

export function successEnvelopeSchema<Data extends z.ZodType>(data: Data) {
  return z.strictObject({ success: z.literal(true), data, error: z.null() });
}

/** A path parameter: an id of something the caller may see; anything else answers 404, never 400. */
export function idParameter(name: string, what: string) {
  return z.object({
    [name]: z.string().meta({ description: `The ${what}'s id. An id that is not one, or names something the caller may not see, answers 404.` }),
  });
}

const SAFE_METHODS = new Set<Method>(["get"]);

const refusal = (description: string, headers?: Record<string, string>) => ({
  description,
  content: { "application/json": { schema: failureEnvelopeSchema } },
  ...(headers && {
    headers: Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: "string" as const } }])),
  }),
});

const RETRY_AFTER = { "Retry-After": "Seconds to wait before trying again." };

/** The operation as zod-openapi takes it: the envelope around the answer, and every refusal it can give. */
export function toOpenApiOperation(operation: Operation): ZodOpenApiOperationObject {
  const { answer } = operation;
  const responses: ZodOpenApiResponsesObject = {};
  const answerHeaders =
    answer.headers &&
    Object.fromEntries(Object.entries(answer.headers).map(([name, text]) => [name, { description: text, schema: { type: "string" as const } }]));
  if ("data" in answer) {
    responses[`${answer.status}`] = {
      description: answer.description,
      content: { "application/json": { schema: successEnvelopeSchema(answer.data) } },
      ...(answerHeaders && { headers: answerHeaders }),
    };
    if (answer.alternate) {
      responses[`${answer.alternate.status}`] = {
        description: answer.alternate.description,
        content: { "application/json": { schema: successEnvelopeSchema(answer.data) } },
      };
    }
  } else {
    responses[`${answer.status}`] = {
      description: answer.description,
      ...(answer.media && { content: { [answer.media]: answer.schema ? { schema: answer.schema } : {} } }),
      ...(answerHeaders && { headers: answerHeaders }),
    };
  }

  const refusals: Partial<Record<RefusalStatus, string>> = { ...operation.refusals };
  if (!operation.ownAnswers) {
    if (operation.access === "member") {
      refusals[401] ??= "Not signed in: no session, or it ended or expired.";
    }
    if (!SAFE_METHODS.has(operation.method) && !operation.path.startsWith("/storage/") && !operation.crossSite) {
      refusals[403] = [refusals[403], "A change sent with the session cookie from another site."].filter(Boolean).join(" Also: ");
    }
    if (operation.body) {
      refusals[413] = [refusals[413], `A body of more than ${readableBytes(operation.body.maxBytes)}.`].filter(Boolean).join(" Also: ");
    }
  }
  for (const [status, description] of Object.entries(refusals).sort(([a], [b]) => Number(a) - Number(b))) {
    responses[status as `${RefusalStatus}`] = refusal(description, status === "429" ? RETRY_AFTER : undefined);
  }
  if (!operation.ownAnswers) {
    responses["503"] = refusal("The database or photo storage cannot be reached right now.", RETRY_AFTER);
    responses.default = refusal("Anything unexpected: 500, with a reference to quote, never the details.");
  }

  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    ...(operation.access === "public" && { security: [{}] }),
    ...((operation.params || operation.query) && {
      requestParams: { ...(operation.params && { path: operation.params }), ...(operation.query && { query: operation.query }) },
    }),
    ...(operation.body && {
      requestBody: {
        required: !operation.body.optional,
        description: `At most ${readableBytes(operation.body.maxBytes)}.`,
        content: { [operation.body.media]: operation.body.schema ? { schema: operation.body.schema } : {} },
      },
    }),
    responses,
  };
}

function readableBytes(bytes: number) {
  if (bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes > 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  return `${bytes / 1024} kB`;
}
