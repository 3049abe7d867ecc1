import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemoryDetails } from "@/components/family-book/memory-details";
import { authorName } from "@/components/family-book/people";
import type { MemoryDto } from "@/server/memories/memory-dto";

const memoryWithPhotos = (count: number): MemoryDto => ({
  id: "m1",
  user_id: "u1",
  title: "Summer at the lake",
  content: "We rowed at dawn.",
  memory_date: "1990-07-14",
  is_shared: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  profiles: { first_name: "Margaret", last_name: "Hughes" },
  memory_tags: [],
  recording: null,
  memory_photos: Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    photo_url: `/photo/${index}`,
    thumbnail_url: `/thumb/${index}`,
    order_number: count - 1 - index,
  })),
});

describe("a shared memory opened in the Family Book", () => {
  it('shows four thumbnails and "+2 more" over the fourth when there are six photos', () => {
    const html = renderToStaticMarkup(<MemoryDetails memory={memoryWithPhotos(6)} />);
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html).toContain("+2 more");
    expect(html).toContain('aria-label="Open photo 4 of 6 (2 more)"');
  });

  it("shows the thumbnails in the order the memory lists them: the server orders them by order_number", () => {
    const html = renderToStaticMarkup(<MemoryDetails memory={memoryWithPhotos(3)} />);
    const sources = [...html.matchAll(/src="\/thumb\/(\d)"/g)].map((match) => match[1]);
    expect(sources).toEqual(["0", "1", "2"]);
    expect(html).not.toContain("more");
  });

  it("shows every photo without an overlay when there are four or fewer", () => {
    const html = renderToStaticMarkup(<MemoryDetails memory={memoryWithPhotos(4)} />);
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html).not.toContain("more");
  });
});

describe("a shared memory told out loud", () => {
  it("plays its recording above the story, with the play button, the position bar, the length and three speeds named for the memory", () => {
    const memory: MemoryDto = {
      ...memoryWithPhotos(0),
      recording: {
        id: "r1",
        url: "/recording/r1",
        content_type: "audio/ogg",
        duration_seconds: 754.2,
        byte_size: 1000,
        file_name: "Lake.ogg",
        created_at: "2026-01-01T00:00:00.000Z",
        transcript: "We rowed out at dawn.",
        transcript_status: "ready",
        transcript_by: "engine",
        printed_code: false,
        playable_url: null,
      },
    };
    const html = renderToStaticMarkup(<MemoryDetails memory={memory} />);
    expect(html).toContain('src="/recording/r1"');
    expect(html).toContain('preload="none"');
    expect(html).toContain('aria-label="Play the recording of Summer at the lake"');
    expect(html).toContain('aria-label="Position in the recording of Summer at the lake"');
    expect(html).toContain('aria-valuetext="0 seconds of 12 minutes 34 seconds"');
    expect(html).toContain("0:00 / 12:34");
    expect([...html.matchAll(/aria-pressed="(true|false)"/g)].map((match) => match[1])).toEqual(["false", "true", "false"]);
    expect(html.indexOf("data-recording-player")).toBeLessThan(html.indexOf("We rowed at dawn."));
    // Its words, folded under the player until asked for.
    expect(html).toMatch(/<details[^>]*data-transcript[^>]*><summary[^>]*>.*Read what was said<\/summary><div[^>]*>We rowed out at dawn\.<\/div><\/details>/);
    expect(html.indexOf("data-recording-player")).toBeLessThan(html.indexOf("Read what was said"));
  });

  it("offers a recording not every browser plays with its playable copy, the original first; and shows a printed code's Stop only to whoever may stop it", () => {
    const recording = {
      id: "r2",
      url: "/recording/r2",
      content_type: "audio/ogg",
      duration_seconds: 3,
      byte_size: 1000,
      file_name: "Lake.ogg",
      created_at: "2026-01-01T00:00:00.000Z",
      transcript: null,
      transcript_status: "none" as const,
      transcript_by: null,
      printed_code: true,
      playable_url: "/recording/r2.m4a",
    };
    const html = renderToStaticMarkup(<MemoryDetails memory={{ ...memoryWithPhotos(0), recording }} />);
    expect(html).toMatch(
      /<audio(?![^>]*\ssrc=)[^>]*><source src="\/recording\/r2" type="audio\/ogg"\/><source src="\/recording\/r2\.m4a" type="audio\/mp4"\/><\/audio>/,
    );
    expect(html).not.toContain("Stop printed codes");
    expect(renderToStaticMarkup(<MemoryDetails memory={{ ...memoryWithPhotos(0), recording }} mayStopCodes />)).toContain("Stop printed codes");
    expect(
      renderToStaticMarkup(<MemoryDetails memory={{ ...memoryWithPhotos(0), recording: { ...recording, printed_code: false } }} mayStopCodes />),
    ).not.toContain("Stop printed codes");
  });

  it("shows no words while the engine is still writing them down, or when there are none", () => {
    const base = { ...memoryWithPhotos(0), title: "Still listening" };
    const recording = {
      id: "r2",
      url: "/recording/r2",
      content_type: "audio/ogg",
      duration_seconds: 5,
      byte_size: 10,
      file_name: "a.ogg",
      created_at: "2026-01-01T00:00:00.000Z",
      transcript_by: null,
      printed_code: false,
      playable_url: null,
    };
    for (const words of [
      { transcript: null, transcript_status: "waiting" as const },
      { transcript: null, transcript_status: "failed" as const },
      { transcript: null, transcript_status: "none" as const },
    ]) {
      const html = renderToStaticMarkup(<MemoryDetails memory={{ ...base, recording: { ...recording, ...words } }} />);
      expect(html).toContain("data-recording-player");
      expect(html).not.toContain("Read what was said");
    }
  });

  it("has no player when it has no recording", () => {
    expect(renderToStaticMarkup(<MemoryDetails memory={memoryWithPhotos(1)} />)).not.toContain("data-recording-player");
  });
});

describe("author names", () => {
  it('fall back to "Unknown User"', () => {
    expect(authorName({ first_name: "Tom", last_name: "Hughes" })).toBe("Tom Hughes");
    expect(authorName({ first_name: "", last_name: "" })).toBe("Unknown User");
    expect(authorName(null)).toBe("Unknown User");
  });
});
