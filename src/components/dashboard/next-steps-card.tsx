import { CheckIcon, ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { NextStepId, NextStepsDto } from "@/server/family/dashboard/get-next-steps";

// The dashboard's first steps (docs/product.md §2 Family Dashboard). A step taken is ticked with a
// mark and the word "Done", never by colour alone; the card leaves once all three are taken.

const STEP_TEXT: Record<NextStepId, { label: string; hint: string }> = {
  memory: { label: "Write your first memory", hint: "A title, a date and the story. Photos if you have them." },
  answer: { label: "Answer a question", hint: "One question about your life, in your own words." },
  invite: { label: "Invite someone", hint: "Send a relative a personal link by email, or share your family's link." },
};

function stepHref(id: NextStepId, hasFamily: boolean) {
  if (id === "memory") return "/memories/add";
  if (id === "answer") return "/ask";
  return hasFamily ? "#invite-by-email" : "/family-dashboard";
}

export function NextStepsCard({ nextSteps, hasFamily }: { nextSteps: NextStepsDto; hasFamily: boolean }) {
  if (nextSteps.done === nextSteps.total) return null;
  return (
    <Card role="region" aria-labelledby="next-steps-title">
      <CardHeader>
        <CardTitle as="h2" id="next-steps-title" className="text-2xl">
          Your first steps
        </CardTitle>
        <CardDescription className="text-base">
          <span className="font-semibold text-foreground">
            {nextSteps.done} of {nextSteps.total} done
          </span>
          {" — "}three small things that start your Family Book.
        </CardDescription>
      </CardHeader>
      {/* The words above say the same: the bar only shows it at a glance. */}
      <div aria-hidden="true" className="h-3 w-full overflow-hidden rounded-full border border-primary/40 bg-secondary">
        <div className="h-full rounded-full bg-primary" style={{ width: `${(nextSteps.done / nextSteps.total) * 100}%` }} />
      </div>
      <ol className="flex flex-col gap-3">
        {nextSteps.steps.map((step, index) => {
          const text = STEP_TEXT[step.id];
          return (
            <li key={step.id} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={
                  step.done
                    ? "mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
                    : "mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground font-semibold"
                }
              >
                {step.done ? <CheckIcon className="size-5" strokeWidth={3} /> : index + 1}
              </span>
              {step.done ? (
                <p className="flex min-h-11 flex-wrap items-center gap-x-3">
                  <span className="font-semibold">{text.label}</span>
                  <span className="font-semibold text-primary">Done</span>
                </p>
              ) : (
                <div className="flex min-w-0 flex-col">
                  <Link
                    href={stepHref(step.id, hasFamily)}
                    className="inline-flex min-h-11 items-center gap-1 self-start rounded-md font-semibold text-primary underline underline-offset-4"
                  >
                    {text.label}
                    <ChevronRightIcon aria-hidden="true" className="size-5" />
                  </Link>
                  <span className="text-muted-foreground">{text.hint}</span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
