// How long a recording plays, and where it is, as people read and hear it.

const parts = (seconds: number) => {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
};

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** A position or length as a player shows it: "0:05", "12:34", "1:02:03". */
export function formatPlayTime(seconds: number) {
  const time = parts(seconds);
  return time.hours > 0 ? `${time.hours}:${twoDigits(time.minutes)}:${twoDigits(time.seconds)}` : `${time.minutes}:${twoDigits(time.seconds)}`;
}

const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;

/** The same in words, for a screen reader: "1 hour 2 minutes 3 seconds", "0 seconds". */
export function speakPlayTime(seconds: number) {
  const time = parts(seconds);
  const said = [
    time.hours > 0 && unit(time.hours, "hour"),
    time.minutes > 0 && unit(time.minutes, "minute"),
    (time.seconds > 0 || (time.hours === 0 && time.minutes === 0)) && unit(time.seconds, "second"),
  ].filter(Boolean);
  return said.join(" ");
}

/** The speeds a listener may choose; 1 is as it was told. */
export const PLAYBACK_RATES = [0.75, 1, 1.25] as const;
