/** The red asterisk of a required question, read out as "required" (not colour or a symbol alone). */
export function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-1 font-bold text-destructive">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}
