"use client";

import { CircleStopIcon, MicIcon, PauseIcon, PlayIcon, RotateCcwIcon, UploadIcon } from "lucide-react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MAX_RECORDING_SECONDS } from "@/lib/constants";
import { formatPlayTime, speakPlayTime } from "@/lib/play-time";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import { dropTake, dropTakesAt, findTake, keepPart, startTake, type TakeInfo } from "./kept-takes";
import { RecordingPlayer } from "./recording-player";

// Recording a story in the browser (docs/product.md §2 "Told out loud"): one large Record button,
// a running time and a level meter while it listens, pause and resume, then listen back, record
// again or save. Every second of the take is kept on this device (kept-takes.ts) until the server
// has it, so a reload or a lost connection loses nothing.

/** The formats a browser records in, best first: Opus in WebM (Chrome, Firefox, Android) or Ogg, else AAC in MP4 (Safari). */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4;codecs=mp4a.40.2", "audio/mp4"];
/** How often the recording so far is handed over and kept, in milliseconds. */
const PART_MS = 1000;

export const MICROPHONE_REFUSED =
  "Family Book may not use your microphone. To record, allow the microphone for this site in your browser's settings, then press Record again. You can still type the story.";
export const NO_MICROPHONE = "No microphone was found. Connect one and press Record again, or type the story.";
export const CANNOT_RECORD = "This browser cannot record sound. You can choose a recording file instead, or type the story.";

const extensionOf = (mimeType: string) => (mimeType.includes("mp4") ? "m4a" : mimeType.includes("ogg") ? "ogg" : "webm");

/** A finished take, as a form holds it: its kept id (to forget or move it) and its sound. */
export type HeldTake = { id: string; blob: Blob; mimeType: string; kept: boolean };

/** A take as the file it is sent as, named after the story. */
export const asFile = (take: { blob: Blob; mimeType: string }, title: string) =>
  new File([take.blob], `${title.trim().slice(0, 80) || "Recording"}.${extensionOf(take.mimeType)}`, { type: take.mimeType });

type Take = TakeInfo & { blob: Blob; url: string; recovered: boolean; kept: boolean };
/** A take being recorded: `before` is the time recorded until `startedAt`, when it last started running. */
type Live = {
  recorder: MediaRecorder;
  stream: MediaStream;
  audio: AudioContext;
  take: TakeInfo;
  parts: Blob[];
  startedAt: number;
  before: number;
  running: boolean;
  /** Whether every part so far is kept on this device. */
  kept: boolean;
};

/** How long a take has been recorded so far. */
const recordedSeconds = (current: Live) => current.before + (current.running ? (performance.now() - current.startedAt) / 1000 : 0);

/** Stops running the clock of a take (pause, finish, or the microphone going away). */
function stopClock(current: Live) {
  current.before = recordedSeconds(current);
  current.running = false;
}

/** A take stops itself a little before the limit, so that the server never finds it longer. */
const STOP_AT_SECONDS = MAX_RECORDING_SECONDS - 2;

export function VoiceRecorder({
  owner,
  place,
  title,
  onSave,
  onTakeChange,
  onBusyChange,
  disabled = false,
}: {
  /** The member recording: a kept take is given back only to them. */
  owner: string;
  /** Where the take belongs, e.g. "memory:<id>". */
  place: string;
  title: string;
  /** Sends the finished take; answers the saved recording, or why it was not saved. */
  onSave?: (file: File, onProgress: (fraction: number) => void) => Promise<{ ok: true; recording: RecordingDto } | { ok: false; error: string }>;
  /**
   * Without onSave the take is held for a form that saves it with the rest (a memory not yet
   * saved): it hears of each finished take, and of none once it is recorded again.
   */
  onTakeChange?: (take: HeldTake | null) => void;
  /** Hears whether a take is being made (or sent), during which the form around it waits. */
  onBusyChange?: (busy: boolean) => void;
  /** The form around it is saving: nothing here may change the take meanwhile. */
  disabled?: boolean;
}) {
  const id = useId();
  const live = useRef<Live | null>(null);
  const mounted = useRef(true);
  const [state, setState] = useState<"idle" | "starting" | "recording" | "paused" | "review" | "saving">("idle");
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [keptHere, setKeptHere] = useState(true);
  /** The take stopped itself at the longest a recording can be. */
  const [reachedLimit, setReachedLimit] = useState(false);

  // A take left unsent here (a reload, a closed tab) comes back to be saved or recorded again.
  useEffect(() => {
    let cancelled = false;
    void findTake(owner, place).then((found) => {
      if (cancelled || !found) return;
      setTake({ ...found, url: URL.createObjectURL(found.blob), recovered: true, kept: true });
      setElapsed(found.durationSeconds);
      setState("review");
    });
    return () => {
      cancelled = true;
    };
  }, [owner, place]);

  useEffect(() => () => void (take && URL.revokeObjectURL(take.url)), [take]);
  // The form holding the take hears of each change to it (and only then, whatever it re-renders).
  const tellForm = useEffectEvent((held: HeldTake | null) => onTakeChange?.(held));
  useEffect(() => {
    tellForm(take && { id: take.id, blob: take.blob, mimeType: take.mimeType, kept: take.kept });
  }, [take]);
  const tellBusy = useEffectEvent((busy: boolean) => onBusyChange?.(busy));
  useEffect(() => {
    tellBusy(state === "starting" || state === "recording" || state === "paused" || state === "saving");
  }, [state]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the page mid-take: the microphone goes off; the parts kept so far wait here.
      stopLive();
    };
  }, []);

  // The running time and the level meter, while recording.
  useEffect(() => {
    if (state !== "recording") return;
    const current = live.current!;
    const analyser = current.audio.createAnalyser();
    analyser.fftSize = 1024;
    const source = current.audio.createMediaStreamSource(current.stream);
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      const seconds = recordedSeconds(current);
      setElapsed(seconds);
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
      setLevel(Math.min(1, rms * 4));
      if (seconds >= STOP_AT_SECONDS) {
        setReachedLimit(true);
        finish();
      }
    }, 100);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      analyser.disconnect();
      setLevel(0);
    };
  }, [state]);

  function stopLive() {
    const current = live.current;
    if (!current) return;
    current.stream.getTracks().forEach((track) => track.stop());
    void current.audio.close();
    live.current = null;
  }

  async function record() {
    setProblem(null);
    setReachedLimit(false);
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) return setProblem(CANNOT_RECORD);
    setState("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      setState("idle");
      const name = (error as Error).name;
      return setProblem(name === "NotAllowedError" || name === "SecurityError" ? MICROPHONE_REFUSED : name === "NotFoundError" ? NO_MICROPHONE : CANNOT_RECORD);
    }
    const release = () => stream.getTracks().forEach((track) => track.stop());
    if (!mounted.current) return release();
    let recorder: MediaRecorder;
    let audio: AudioContext;
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      audio = new AudioContext();
    } catch {
      release();
      setState("idle");
      return setProblem(CANNOT_RECORD);
    }
    const info: TakeInfo = {
      id: crypto.randomUUID(),
      owner,
      place,
      mimeType: (recorder.mimeType || mimeType || "audio/webm").split(";")[0]!,
      startedAt: Date.now(),
      durationSeconds: 0,
    };
    // A new take replaces what was kept here: the one on screen, which its maker chose to record again.
    await dropTakesAt(owner, place);
    const kept = await startTake(info);
    if (!mounted.current) {
      release();
      void audio.close();
      return void dropTake(info.id);
    }
    setKeptHere(kept);
    const current: Live = { recorder, stream, audio, take: info, parts: [], startedAt: performance.now(), before: 0, running: true, kept };
    live.current = current;
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      const index = current.parts.push(event.data) - 1;
      void keepPart(info.id, index, event.data, recordedSeconds(current)).then((stored) => {
        if (stored) return;
        current.kept = false;
        if (mounted.current) setKeptHere(false);
      });
    };
    // However it stops (Finish, the limit, the microphone unplugged or taken by a call), what was recorded is kept.
    recorder.onstop = () => {
      stopClock(current);
      const blob = new Blob(current.parts, { type: info.mimeType });
      if (live.current === current) stopLive();
      if (!mounted.current) return;
      setTake({ ...info, durationSeconds: current.before, blob, url: URL.createObjectURL(blob), recovered: false, kept: current.kept });
      setElapsed(current.before);
      setState("review");
    };
    stream.getAudioTracks().forEach((track) => (track.onended = () => recorder.state !== "inactive" && recorder.stop()));
    void audio.resume();
    recorder.start(PART_MS);
    setElapsed(0);
    setState("recording");
  }

  function pause() {
    const current = live.current!;
    stopClock(current);
    current.recorder.pause();
    current.recorder.requestData();
    setElapsed(current.before);
    setState("paused");
  }

  function resume() {
    const current = live.current!;
    current.startedAt = performance.now();
    current.running = true;
    current.recorder.resume();
    setState("recording");
  }

  function finish() {
    const current = live.current;
    if (!current || current.recorder.state === "inactive") return;
    stopClock(current);
    current.recorder.stop();
  }

  async function recordAgain() {
    if (take) await dropTake(take.id);
    setReachedLimit(false);
    setTake(null);
    setElapsed(0);
    setState("idle");
  }

  async function save() {
    if (!take || !onSave) return;
    setProblem(null);
    setProgress(0);
    setState("saving");
    const result = await onSave!(asFile(take, title), setProgress);
    if (!result.ok) {
      // The take stays here, on this device too, for another try.
      setProblem(result.error);
      setState("review");
      return;
    }
    await dropTake(take.id);
    setTake(null);
    setElapsed(0);
    setState("idle");
  }

  const listening = state === "recording" || state === "paused";

  return (
    <div className="flex flex-col gap-3" data-voice-recorder>
      {problem && (
        <Alert variant="destructive" role="alert">
          {problem}
        </Alert>
      )}
      {(state === "idle" || state === "starting") && (
        <Button type="button" size="lg" onClick={() => void record()} disabled={disabled || state === "starting"} className="min-h-14 self-start text-lg">
          <MicIcon aria-hidden="true" />
          {state === "starting" ? "Starting the microphone..." : "Record"}
        </Button>
      )}
      {listening && (
        <div className="flex flex-col gap-3 rounded-xl border p-4">
          <p className="flex flex-wrap items-center gap-3 text-lg font-medium">
            <span className="inline-flex items-center gap-2">
              <span
                aria-hidden="true"
                className={
                  state === "recording" ? "size-3 rounded-full bg-destructive motion-safe:animate-pulse" : "size-3 rounded-full border-2 border-current"
                }
              />
              {state === "recording" ? "Recording" : "Paused"}
            </span>
            <span className="tabular-nums" aria-hidden="true">
              {formatPlayTime(elapsed)}
            </span>
            <span className="sr-only">{speakPlayTime(elapsed)} recorded</span>
          </p>
          <div
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
            aria-describedby={`${id}-level`}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
            data-level={level.toFixed(2)}
          >
            <div className="h-full bg-primary transition-[width] duration-100" style={{ width: `${Math.round(level * 100)}%` }} />
          </div>
          <p id={`${id}-level`} className="text-base text-muted-foreground">
            {state === "paused" ? "Press Resume to go on." : "The bar moves when the microphone hears you."} Up to {MAX_RECORDING_SECONDS / 60} minutes.
          </p>
          <div className="flex flex-wrap gap-3">
            {state === "recording" ? (
              <Button type="button" variant="outline" size="lg" onClick={pause}>
                <PauseIcon aria-hidden="true" />
                Pause
              </Button>
            ) : (
              <Button type="button" variant="outline" size="lg" onClick={resume}>
                <PlayIcon aria-hidden="true" />
                Resume
              </Button>
            )}
            <Button type="button" size="lg" onClick={finish}>
              <CircleStopIcon aria-hidden="true" />
              Finish
            </Button>
          </div>
        </div>
      )}
      {(state === "review" || state === "saving") && take && (
        <div className="flex flex-col gap-3 rounded-xl border p-4">
          <p className="text-base font-medium">
            {take.recovered
              ? `A recording you made here on ${new Date(take.startedAt).toLocaleString()} has not been saved yet. Listen to it, then save it or record again.`
              : onSave
                ? "Listen to your recording, then save it or record again."
                : "Listen to your recording. It is saved with the memory when you save it, or record again."}
          </p>
          {reachedLimit && (
            <p role="status" className="text-base">
              Your recording reached {MAX_RECORDING_SECONDS / 60} minutes, the longest a recording can be, and stopped there. Save it, and tell the rest as
              another story.
            </p>
          )}
          <RecordingPlayer title={`${title} (not saved yet)`} recording={{ url: take.url, duration_seconds: elapsed, file_name: "" }} />
          {state === "saving" && (
            <div role="status" className="flex flex-col gap-1">
              <p className="text-base font-medium">{progress < 1 ? "Saving your recording..." : "Checking your recording..."}</p>
              <progress className="h-2 w-full accent-primary" max={1} value={progress} aria-label="Saving your recording" />
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            {onSave && (
              <Button type="button" size="lg" onClick={() => void save()} disabled={disabled || state === "saving"}>
                <UploadIcon aria-hidden="true" />
                {state === "saving" ? "Saving..." : "Save recording"}
              </Button>
            )}
            <Button type="button" variant="outline" size="lg" onClick={() => void recordAgain()} disabled={disabled || state === "saving"}>
              <RotateCcwIcon aria-hidden="true" />
              Record again
            </Button>
          </div>
        </div>
      )}
      {!keptHere && listening && (
        <p className="text-base text-muted-foreground">This browser does not keep recordings on this device: stay on this page until it is saved.</p>
      )}
    </div>
  );
}
