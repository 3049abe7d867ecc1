import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KeptFilesAllowance } from "@/components/prepared-files/kept-files-allowance";
import { formatFileSize } from "@/lib/file-size";

const GB = 1024 ** 3;

// What a person keeps of books and exports, shown on Your books and Your data (docs/decisions/036-prepared-files.md).

describe("what a person keeps of books and exports", () => {
  it("is written as people read sizes", () => {
    expect([
      formatFileSize(300),
      formatFileSize(640 * 1024),
      formatFileSize(31.9 * 1024 ** 2),
      formatFileSize(32 * 1024 ** 2),
      formatFileSize(GB),
      formatFileSize(1.24 * GB),
    ]).toEqual(["1 kB", "640 kB", "31.9 MB", "32 MB", "1 GB", "1.2 GB"]);
  });

  it("says what they keep against what they may keep, and what to do once they keep it all", () => {
    expect(renderToStaticMarkup(<KeptFilesAllowance storage={{ used_bytes: 0, allowed_bytes: GB }} />)).toContain(
      "You keep no books or exports; you may keep 1 GB of them.",
    );
    const some = renderToStaticMarkup(<KeptFilesAllowance storage={{ used_bytes: 33 * 1024 ** 2, allowed_bytes: GB }} />);
    expect(some).toContain("Your books and exports take 33 MB of the 1 GB you may keep.");
    expect(some).not.toContain("Delete one");
    expect(some).toMatch(/<meter[^>]*aria-labelledby="kept-files-allowance"/);
    expect(renderToStaticMarkup(<KeptFilesAllowance storage={{ used_bytes: 1.1 * GB, allowed_bytes: GB }} />)).toContain(
      "Your books and exports take 1.1 GB of the 1 GB you may keep. Delete one you no longer need to make a new one.",
    );
  });
});
