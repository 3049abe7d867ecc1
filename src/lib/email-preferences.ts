// The kinds of email a member may turn off (docs/product.md §11). Everything else Family Book
// sends — a password reset, an invitation — is sent whenever it is asked for.

export const EMAIL_PREFERENCE_KINDS = ["weekly-questions", "answer-received", "weekly-digest", "relative-joined", "notifications"] as const;

export type EmailPreferenceKind = (typeof EMAIL_PREFERENCE_KINDS)[number];

export type EmailPreferenceText = {
  /** The switch's name on the Settings page. */
  label: string;
  /** What the email is, under the switch. */
  description: string;
  /** What the unsubscribe page says once this kind is turned off. */
  turnedOff: string;
};

export const emailPreferenceTexts: Record<EmailPreferenceKind, EmailPreferenceText> = {
  "weekly-questions": {
    label: "Weekly questions",
    description: "One question about your life each week, to answer when you have a moment.",
    turnedOff: "You will no longer get a weekly question by email.",
  },
  "answer-received": {
    label: "Answers received",
    description: "When you answer a weekly question by replying to its email, a short note that your answer arrived.",
    turnedOff: "You will no longer get a note when an answer you sent by email arrives.",
  },
  "weekly-digest": {
    label: "Weekly family digest",
    description: "On Sundays, the memories and answers your family shared that week; only when there is something new.",
    turnedOff: "You will no longer get the weekly family digest by email.",
  },
  "relative-joined": {
    label: "New relatives",
    description: "When someone joins your family on Family Book.",
    turnedOff: "You will no longer get an email when a relative joins your family.",
  },
  notifications: {
    label: "Notification digest",
    description: "At most once a day, the notifications you have not seen yet. Choose which kinds under Notifications.",
    turnedOff: "You will no longer get the daily notification digest by email.",
  },
};

export function isEmailPreferenceKind(value: unknown): value is EmailPreferenceKind {
  return typeof value === "string" && (EMAIL_PREFERENCE_KINDS as readonly string[]).includes(value);
}

/** Settings says this instead of offering to change the address of an account that signs in with Google. */
export const GOOGLE_ACCOUNT_EMAIL = "Your account signs in with Google, so its address is the one Google knows. Change it at Google.";
