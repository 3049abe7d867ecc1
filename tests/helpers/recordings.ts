import { readFileSync } from "node:fs";
import path from "node:path";
import { PUT as putRecordingRoute } from "@/app/api/memories/[id]/recording/route";
import { call } from "./api";

/** A recording from tests/fixtures/recordings, as its bytes. */
export const recordingFixture = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/recordings", name)));

/** The author (or whoever holds the token) sends a memory's recording, as the Edit page and the recorder do. */
export const putRecordingAs = (token: string | undefined, memoryId: string, bytes: Uint8Array, name = "Grandpa's boat.m4a") =>
  call(putRecordingRoute, `/api/memories/${memoryId}/recording?name=${encodeURIComponent(name)}`, {
    method: "PUT",
    token,
    body: bytes,
    headers: { "content-type": "application/octet-stream" },
    params: { id: memoryId },
  });
