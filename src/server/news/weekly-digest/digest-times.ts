import { nextSendAt } from "@/server/questions/weekly-questions/send-times";

// When the weekly family digest is due (docs/decisions/021-weekly-digest.md): Sundays at 17:00 in
// the member's time zone — the one their weekly questions use, if they get any — else in UTC.
// The weekly questions' own arithmetic (date-fns on TZDate) keeps the local hour across
// daylight-saving changes.

export const DIGEST_WEEKDAY = 7;
export const DIGEST_HOUR = 17;
export const DIGEST_DEFAULT_TIME_ZONE = "UTC";

/** The latest digest moment at or before `now` in the time zone. */
export function latestDigestMoment(timeZone: string, now: Date): Date {
  const sendTime = { timeZone, weekday: DIGEST_WEEKDAY, hour: DIGEST_HOUR };
  let moment = nextSendAt(sendTime, new Date(now.getTime() - 8 * 86_400_000));
  for (;;) {
    const next = nextSendAt(sendTime, moment);
    if (next.getTime() > now.getTime()) return moment;
    moment = next;
  }
}
