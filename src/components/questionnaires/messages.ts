import { PRODUCT_NAME } from "@/lib/constants";

// The questionnaire screens' words (docs/product.md §2, §4, §8), kept together so tests and screens agree.

export const SIGN_IN_TO_QUESTIONNAIRES = "Please sign in or register to access family questionnaires.";
export const LOAD_QUESTIONNAIRES_FAILED = "Failed to load questionnaires. Please try again later.";
export const NO_QUESTIONNAIRES = "No questionnaires available at the moment.";
export const LOAD_DETAILS_FAILED = "Failed to load questionnaire details.";
export const SAVE_FAILED = "Failed to save your responses. Please try again.";
export const ANSWER_PLACEHOLDER = "Share your thoughts here...";
export const LOAD_COMPLETED_FAILED = "Failed to load completed questionnaires.";
export const NONE_COMPLETED = "You haven't completed any questionnaires yet.";
export const SHARING_FAILED = "Failed to update sharing settings. Please try again.";
export const SHARING_ALL_FAILED = "Failed to update sharing settings for all submissions. Please try again.";

/** Asked right after answers are saved (docs/product.md §4 Answers). */
export const SHARE_PROMPT = {
  question: "Share these answers with your family?",
  explanation: `Your answers are saved. Shared, your family can read them in the ${PRODUCT_NAME}; kept private, only you can see them. You can change this at any time under My Completed Questionnaires.`,
  share: "Share",
  keep: "Keep private",
  keptTitle: "Kept private",
  keptDescription: "Only you can see these answers.",
} as const;

export const sharingToasts = {
  response: (shared: boolean) =>
    shared
      ? { title: "Response shared", description: `Your response is now visible in the ${PRODUCT_NAME}` }
      : { title: "Response unshared", description: `Your response is no longer visible in the ${PRODUCT_NAME}` },
  submission: (shared: boolean) =>
    shared
      ? { title: "Submission shared", description: `Your submission is now visible in the ${PRODUCT_NAME}` }
      : { title: "Submission unshared", description: `Your submission is no longer visible in the ${PRODUCT_NAME}` },
  all: (shared: boolean) =>
    shared
      ? { title: "All submissions shared", description: `All your submissions are now visible in the ${PRODUCT_NAME}` }
      : { title: "All submissions unshared", description: `All your submissions are no longer visible in the ${PRODUCT_NAME}` },
};

export type SharingState = { kind: "private" | "shared" | "partly"; text: string; label: string };

/**
 * Who can read a person's answers, counted answer by answer (a submission is shared exactly when
 * every answer in it is: docs/decisions/015-one-switch-per-answer.md), so it is always the truth.
 */
export function sharingState(submissions: { responses: { is_shared: boolean }[] }[]): SharingState {
  const answers = submissions.flatMap((submission) => submission.responses);
  const shared = answers.filter((answer) => answer.is_shared).length;
  if (shared === 0) return { kind: "private", text: "Private: only you can see these answers.", label: "Private" };
  if (shared === answers.length) {
    return { kind: "shared", text: `Your family can read every one of these answers in the ${PRODUCT_NAME}.`, label: "Shared" };
  }
  return {
    kind: "partly",
    text: `Your family can read ${shared} of these ${answers.length} answers in the ${PRODUCT_NAME}; the others are private.`,
    label: `${shared} of ${answers.length} answers shared`,
  };
}

export function audienceLabel(questionnaire: { audience: string; family_id: string | null }) {
  if (questionnaire.audience === "GLOBAL") return null;
  const type = questionnaire.audience === "FAMILY_WIDE" ? "Type: Family-Wide" : "Type: Targeted Members";
  return questionnaire.family_id ? `${type} (Family specific)` : type;
}
