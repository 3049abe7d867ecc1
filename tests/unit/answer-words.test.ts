import { describe, expect, it } from "vitest";
import { answerWords } from "@/lib/answer-words";

// Where only words fit (the dashboard's news, the weekly digest), an answer told out loud with
// nothing written is read by what was said, never shown blank.

describe("an answer's words", () => {
  it("are what was written, whether or not it was told out loud too", () => {
    expect(answerWords("  By the mill.  ", null)).toBe("By the mill.");
    expect(answerWords("By the mill.", { transcript: "In the house by the mill." })).toBe("By the mill.");
  });

  it("are what was said when nothing was written, or that it was told out loud until the words are written down", () => {
    expect(answerWords("", { transcript: " In the house by the mill. " })).toBe("Told out loud: In the house by the mill.");
    expect(answerWords(" ", { transcript: null })).toBe("Told out loud");
    expect(answerWords("", { transcript: "" })).toBe("Told out loud");
  });

  it("stay empty for an answer with neither words nor a recording", () => {
    expect(answerWords("", null)).toBe("");
  });
});
