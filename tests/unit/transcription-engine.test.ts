import { describe, expect, it } from "vitest";
import { transcriptionEndpoint } from "@/server/recordings/transcription/transcription-engine";

// Where a recording is sent to be written down (docs/decisions/042-transcripts.md): the
// OpenAI-compatible path under the server TRANSCRIBE_URL names, or the URL itself when it names it.

describe("the transcription endpoint", () => {
  it("adds /v1/audio/transcriptions to a server's address, under any path it has", () => {
    expect(transcriptionEndpoint("http://whisper.local:8000").href).toBe("http://whisper.local:8000/v1/audio/transcriptions");
    expect(transcriptionEndpoint("http://whisper.local:8000/").href).toBe("http://whisper.local:8000/v1/audio/transcriptions");
    expect(transcriptionEndpoint("https://proxy.example/speech/").href).toBe("https://proxy.example/speech/v1/audio/transcriptions");
  });

  it("keeps an address that already names the transcriptions path", () => {
    expect(transcriptionEndpoint("https://api.example/v1/audio/transcriptions").href).toBe("https://api.example/v1/audio/transcriptions");
    expect(transcriptionEndpoint("https://api.example/openai/audio/transcriptions/").href).toBe("https://api.example/openai/audio/transcriptions/");
  });
});
