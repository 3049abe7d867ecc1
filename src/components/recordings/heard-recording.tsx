"use client";

import { useState } from "react";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import { RecordingPlayer, RecordingTranscript } from "./recording-player";
import { StopPrintedCodes } from "./stop-printed-codes";

/**
 * A recording where the family hears it (docs/product.md §2 "The recording player"): the player,
 * "Read what was said", and — for its author and the family's admins, while a printed book carries
 * a code of it — "Stop printed codes". `stopPath` is the recording's listen-code address.
 */
export function HeardRecording({
  recording,
  title,
  stopPath,
  mayStopCodes,
}: {
  recording: RecordingDto;
  title: string;
  stopPath: string;
  mayStopCodes: boolean;
}) {
  const [printedCode, setPrintedCode] = useState(recording.printed_code);
  return (
    <>
      <RecordingPlayer recording={recording} title={title} />
      <RecordingTranscript recording={recording} />
      {printedCode && mayStopCodes && <StopPrintedCodes path={stopPath} title={title} onStopped={() => setPrintedCode(false)} />}
    </>
  );
}
