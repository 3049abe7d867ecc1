import { CalendarClockIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { fullName } from "@/lib/people";
import { describeDay, describeInstant, describeWeeklyTime } from "@/server/questions/weekly-questions/describe-times";
import type { WeeklyPlanDto, WeeklySendDto } from "@/server/questions/weekly-questions/weekly-plan-dto";
import { PlanActions } from "./plan-actions";

// The organiser's view (docs/product.md §13), on the dashboard and the Weekly questions page: who
// gets weekly questions, what was sent and answered, when the next one goes, and Pause, Resume
// and Stop. Times are the recipient's own, written on the server.

const sendState: Record<WeeklySendDto["state"], string> = {
  answered: "Answered",
  waiting: "Waiting for an answer",
  sending: "Being sent",
  "not-sent": "Not sent: weekly question emails are off or the address is not confirmed",
};

function PlanSummary({ plan, viewerId }: { plan: WeeklyPlanDto; viewerId: string }) {
  const forSelf = plan.recipient.id === viewerId;
  const who = forSelf ? "You" : fullName(plan.recipient);
  const setUpBy =
    plan.organiser && plan.organiser.id !== plan.recipient.id
      ? plan.organiser.id === viewerId
        ? "set up by you"
        : `set up by ${fullName(plan.organiser)}`
      : null;
  const headingId = `weekly-plan-${plan.id}`;
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-xl font-semibold">
          {who}
        </h3>
        <Badge variant={plan.status === "active" ? "secondary" : "outline"}>{plan.status === "active" ? "Active" : "Paused"}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-base sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">When</dt>
        <dd>
          {describeWeeklyTime(plan)} ({plan.time_zone.replaceAll("_", " ")}){setUpBy && `, ${setUpBy}`}
        </dd>
        <dt className="font-medium">Questions</dt>
        <dd>
          {plan.mode === "surprise" ? "A surprise from the question library each week" : `${plan.questions_total} chosen questions, in order`};{" "}
          {plan.share_by_default ? "answers shared with the family" : "answers private unless shared"}
        </dd>
        <dt className="font-medium">So far</dt>
        <dd>
          {plan.sent_count} sent, {plan.answered_count} answered
        </dd>
        <dt className="font-medium">Next question</dt>
        <dd>{plan.status === "active" && plan.next_send_at ? describeInstant(plan.next_send_at, plan.time_zone) : "Paused: none until resumed"}</dd>
      </dl>
      {plan.recent_sends.length > 0 && (
        <div className="flex flex-col gap-2">
          <h4 className="text-base font-semibold">Latest questions</h4>
          <ul className="flex flex-col gap-2">
            {plan.recent_sends.map((send) => (
              <li key={send.id} className="flex flex-col rounded-lg bg-secondary/60 px-3 py-2">
                <span className="font-medium">{send.question_text}</span>
                <span className="text-base text-muted-foreground">
                  {describeDay(send.scheduled_for, plan.time_zone)}: {sendState[send.state]}
                  {send.reminded && send.state !== "answered" ? ", reminded once" : ""}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <PlanActions
        planId={plan.id}
        status={plan.status === "paused" ? "paused" : "active"}
        recipientName={forSelf ? "yourself" : plan.recipient.first_name}
        shared={plan.share_by_default}
      />
    </li>
  );
}

export function WeeklyPlansCard({ plans, viewerId, showSetUpLink = true }: { plans: WeeklyPlanDto[]; viewerId: string; showSetUpLink?: boolean }) {
  return (
    <Card role="region" aria-labelledby="weekly-plans-title">
      <CardHeader>
        <CardTitle as="h2" id="weekly-plans-title" className="flex items-center gap-2 text-2xl">
          <CalendarClockIcon aria-hidden="true" className="size-6 text-primary" />
          Weekly questions
        </CardTitle>
        <CardDescription className="text-base">
          One question a week by email, with a button that opens it ready to answer. Set them up for yourself or for a relative.
        </CardDescription>
      </CardHeader>
      {plans.length === 0 ? (
        <p className="text-base">Nobody gets weekly questions yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {plans.map((plan) => (
            <PlanSummary key={plan.id} plan={plan} viewerId={viewerId} />
          ))}
        </ul>
      )}
      {showSetUpLink && (
        <div>
          <Button asChild>
            <Link href="/weekly-questions">Set up weekly questions</Link>
          </Button>
        </div>
      )}
    </Card>
  );
}
