// The words an answer is read by where only words fit (a news list, an email): what was written;
// for an answer told out loud with nothing written (docs/product.md §13, §15), what was said, or
// that it was told out loud until its words are written down.

export const TOLD_OUT_LOUD = "Told out loud";

export function answerWords(answerText: string, recording: { transcript: string | null } | null): string {
  const written = answerText.trim();
  if (written !== "" || !recording) return written;
  const said = recording.transcript?.trim();
  return said ? `${TOLD_OUT_LOUD}: ${said}` : TOLD_OUT_LOUD;
}
