"use client";

import { ChevronDownIcon, MicIcon, PauseIcon, PlayIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { formatPlayTime, PLAYBACK_RATES, speakPlayTime } from "@/lib/play-time";
import type { RecordingDto } from "@/server/recordings/recording-dto";

const PLAYBACK_FAILED = "This recording could not be played here. Please try again, or download it.";

/**
 * A story told out loud, as every screen plays it (docs/product.md §2 "Told out loud"): one large
 * play/pause, a position bar that arrow keys move, the time played and the whole length, and three
 * speeds. Nothing is fetched until the listener presses play or moves the bar; then the browser
 * asks for byte ranges, so a long recording starts at once and seeks.
 */
export function RecordingPlayer({
  recording,
  title,
  className,
}: {
  recording: Pick<RecordingDto, "url" | "duration_seconds" | "file_name"> & Partial<Pick<RecordingDto, "content_type" | "playable_url">>;
  title: string;
  className?: string;
}) {
  const id = useId();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [rate, setRate] = useState<number>(1);
  const [problem, setProblem] = useState<string | null>(null);
  const length = recording.duration_seconds;

  function failed() {
    setPlaying(false);
    setProblem(PLAYBACK_FAILED);
  }

  async function togglePlay() {
    const player = audio.current!;
    if (!player.paused) return player.pause();
    setProblem(null);
    player.playbackRate = rate;
    try {
      await player.play();
    } catch (error) {
      // A play() that a pause interrupted is not a failure.
      if ((error as Error).name !== "AbortError") setProblem(PLAYBACK_FAILED);
    }
  }

  function seek(seconds: number) {
    setPosition(seconds);
    audio.current!.currentTime = seconds;
  }

  function chooseRate(next: number) {
    setRate(next);
    audio.current!.playbackRate = next;
  }

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      className={cn("flex flex-col gap-3 rounded-xl border bg-secondary/40 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4 sm:p-4", className)}
      data-recording-player
    >
      <audio
        ref={audio}
        src={recording.playable_url ? undefined : recording.url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onError={failed}
      >
        {/* A recording some browsers cannot play as it was made comes with a copy they can: each browser takes the first it plays. */}
        {recording.playable_url && (
          <>
            <source src={recording.url} type={recording.content_type} />
            <source src={recording.playable_url} type="audio/mp4" onError={failed} />
          </>
        )}
      </audio>
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        <button
          type="button"
          onClick={togglePlay}
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary/90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label={`${playing ? "Pause" : "Play"} the recording of ${title}`}
        >
          {playing ? <PauseIcon aria-hidden="true" className="size-7" /> : <PlayIcon aria-hidden="true" className="ms-1 size-7" />}
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span id={`${id}-label`} className="font-medium">
            Told out loud<span className="sr-only">: {title}</span>
          </span>
          <input
            type="range"
            min={0}
            max={Math.max(length, 0.001)}
            step={1}
            value={Math.min(position, length)}
            onChange={(event) => seek(Number(event.currentTarget.value))}
            aria-label={`Position in the recording of ${title}`}
            aria-valuetext={`${speakPlayTime(position)} of ${speakPlayTime(length)}`}
            className="h-11 w-full cursor-pointer accent-primary"
          />
          <span className="text-base text-muted-foreground tabular-nums" aria-hidden="true">
            {formatPlayTime(position)} / {formatPlayTime(length)}
          </span>
        </div>
      </div>
      <div role="group" aria-label={`Playback speed of the recording of ${title}`} className="flex gap-2 sm:shrink-0">
        {PLAYBACK_RATES.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={rate === choice}
            onClick={() => chooseRate(choice)}
            className={cn(
              "min-h-11 min-w-14 rounded-md border px-2 text-base font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
              rate === choice ? "border-primary bg-primary font-bold text-primary-foreground" : "border-input bg-card hover:bg-accent",
            )}
          >
            {choice}×<span className="sr-only"> speed</span>
          </button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-base text-destructive sm:basis-full">
          {problem}{" "}
          <a href={recording.url} download={recording.file_name} className="underline underline-offset-4">
            Download {recording.file_name}
          </a>
        </p>
      )}
    </div>
  );
}

/** The mark of a story told out loud, where its title is listed: "Told out loud · 3:12". */
export function RecordingMark({ recording }: { recording: Pick<RecordingDto, "duration_seconds"> }) {
  return (
    <span className="inline-flex items-center gap-1 text-base text-muted-foreground">
      <MicIcon aria-hidden="true" className="size-4" />
      Told out loud
      <span aria-hidden="true"> · {formatPlayTime(recording.duration_seconds)}</span>
      <span className="sr-only">, {speakPlayTime(recording.duration_seconds)}</span>
    </span>
  );
}

/**
 * The words of a story told out loud, beside its player (docs/product.md §2 "Told out loud"):
 * folded under "Read what was said" so a long story does not push the next one away.
 */
export function RecordingTranscript({ recording, className }: { recording: Pick<RecordingDto, "transcript" | "transcript_status">; className?: string }) {
  if (recording.transcript_status !== "ready" || !recording.transcript) return null;
  return (
    <details className={cn("group rounded-xl border bg-card", className)} data-transcript>
      <summary className="flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-base font-medium underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <ChevronDownIcon aria-hidden="true" className="me-2 size-5 shrink-0 transition-transform group-open:rotate-180" />
        Read what was said
      </summary>
      <div className="space-y-3 px-3 pb-3 text-base leading-relaxed whitespace-pre-line">{recording.transcript}</div>
    </details>
  );
}
