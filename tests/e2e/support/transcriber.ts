import { startSphinxTranscriber } from "../../helpers/sphinx-transcriber";
import { NOT_SPOKEN, SPOKEN } from "./spoken";

// The transcription engine of the voice server (project desktop-voice): Debian's pocketsphinx behind
// the OpenAI-compatible HTTP contract, reading what the browser records, started before the tests
// and stopped after them (Playwright's globalSetup).

export default async function startTranscriber() {
  const port = Number(process.env.E2E_TRANSCRIBER_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error("E2E_TRANSCRIBER_PORT is not set.");
  const engine = await startSphinxTranscriber({ sentences: [SPOKEN, ...NOT_SPOKEN], readsAnyFormat: true, port });
  return () => engine.close();
}
