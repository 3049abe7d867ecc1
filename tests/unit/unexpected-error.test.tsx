import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnexpectedError } from "@/components/errors/unexpected-error";

describe("the router error page", () => {
  it('reads "Unexpected Application Error!" with the message beneath it', () => {
    const html = renderToStaticMarkup(<UnexpectedError error={new Error("Memory could not be loaded")} />);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Memory could not be loaded");
    expect(html).toContain('role="alert"');
  });

  it("shows the status when the error carries one", () => {
    const error = Object.assign(new Error("ignored"), { status: 503 });
    expect(renderToStaticMarkup(<UnexpectedError error={error} />)).toContain(">503<");
  });

  it("offers Try again when the page can be retried", () => {
    const html = renderToStaticMarkup(<UnexpectedError error={new Error("x")} reset={() => {}} />);
    expect(html).toContain("Try again</button>");
  });
});
