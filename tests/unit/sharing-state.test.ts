import { describe, expect, it } from "vitest";
import { sharingState } from "@/components/questionnaires/messages";

// docs/decisions/015-one-switch-per-answer.md: what My Completed Questionnaires says about who can
// read the answers is counted answer by answer, so it is never more private than the truth.

const submission = (...shared: boolean[]) => ({ responses: shared.map((is_shared) => ({ is_shared })) });

describe("who can read a person's answers, in words", () => {
  it("says private only when no answer at all is shared", () => {
    expect(sharingState([submission(false, false), submission(false)])).toEqual({
      kind: "private",
      text: "Private: only you can see these answers.",
      label: "Private",
    });
  });

  it("says shared when every answer is", () => {
    expect(sharingState([submission(true, true), submission(true)])).toMatchObject({
      kind: "shared",
      text: "Your family can read every one of these answers in the Family Book.",
      label: "Shared",
    });
  });

  it("counts the answers shared one by one, across submissions", () => {
    expect(sharingState([submission(true, false), submission(false, false, true)])).toEqual({
      kind: "partly",
      text: "Your family can read 2 of these 5 answers in the Family Book; the others are private.",
      label: "2 of 5 answers shared",
    });
  });
});
