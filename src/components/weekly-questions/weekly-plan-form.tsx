"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { registerChecked, registerShown } from "@/components/forms/register-shown";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/select";
import { apiRequest } from "@/lib/api-client";
import { WEEKDAYS } from "@/lib/dates";
import { showFieldErrors } from "@/lib/form-errors";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import type { NewWeeklyPlanInput } from "@/lib/schemas/weekly-questions";

// Setting up weekly questions (docs/product.md §13): for whom, which questions, which weekday and
// hour in the recipient's time zone (the browser's own, to start with), and whether answers are
// shared with the family by default (no: answers are private unless shared).

type Option = { id: string; label: string };

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

export function WeeklyPlanForm({
  recipients,
  questionnaires,
  timeZones,
  initialQuestionnaireId,
}: {
  recipients: Option[];
  questionnaires: Option[];
  timeZones: string[];
  initialQuestionnaireId?: string;
}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewWeeklyPlanInput>({
    resolver: lazyZodResolver<NewWeeklyPlanInput>(() => import("@/lib/schemas/weekly-questions").then((rules) => rules.newWeeklyPlanSchema)),
    defaultValues: {
      recipient_id: recipients[0]?.id ?? "",
      source: initialQuestionnaireId ? "questionnaire" : "surprise",
      questionnaire_id: initialQuestionnaireId ?? questionnaires[0]?.id ?? null,
      weekday: 7,
      hour: 10,
      time_zone: "UTC",
      // The family set them up to hear the stories: shared, with the storyteller told so and choosing for each answer.
      share_by_default: true,
      first_question_now: true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const source = useWatch({ control: form.control, name: "source" });

  // The browser knows the person's time zone; the server rendered the form without it.
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && timeZones.includes(browserZone)) form.setValue("time_zone", browserZone);
  }, [form, timeZones]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const json = { ...values, questionnaire_id: values.source === "questionnaire" ? values.questionnaire_id : null };
    const result = await apiRequest<{ plan: { recipient: { first_name: string } } }>("/weekly-questions", { json });
    if (!result.ok) {
      if (!showFieldErrors(form.setError, result.fieldErrors, ["recipient_id", "questionnaire_id", "weekday", "hour", "time_zone"])) setFormError(result.error);
      return;
    }
    toast.success("Weekly questions set up", {
      description: values.first_question_now ? "The first question is on its way now." : "The first question goes out at the time you chose.",
    });
    router.refresh();
  });

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate aria-label="Set up weekly questions" className="flex flex-col gap-6">
      {formError && (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      )}
      <FormField
        id="weekly-recipient"
        label="Who gets the questions"
        hint="You, or a relative in your family. They are told who set it up and can pause or stop at any time."
        error={errors.recipient_id?.message}
        required
      >
        {(control) => (
          <NativeSelect {...control} {...registerShown(form, "recipient_id")}>
            {recipients.map((recipient) => (
              <option key={recipient.id} value={recipient.id}>
                {recipient.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-medium">Which questions</legend>
        <label className="flex min-h-11 items-center gap-3 text-base">
          <input type="radio" className="size-5 accent-primary" {...registerChecked(form, "source", "surprise")} />
          Surprise me: a question from the library each week, never one already answered
        </label>
        <label className="flex min-h-11 items-center gap-3 text-base">
          <input type="radio" className="size-5 accent-primary" {...registerChecked(form, "source", "questionnaire")} />
          The questions of one questionnaire, in order
        </label>
      </fieldset>
      {source === "questionnaire" && (
        <FormField id="weekly-questionnaire" label="Questionnaire" error={errors.questionnaire_id?.message} required>
          {(control) => (
            <NativeSelect {...control} {...registerShown(form, "questionnaire_id")}>
              {questionnaires.map((questionnaire) => (
                <option key={questionnaire.id} value={questionnaire.id}>
                  {questionnaire.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="weekly-weekday" label="Day of the week" error={errors.weekday?.message} required>
          {(control) => (
            <NativeSelect {...control} {...registerShown(form, "weekday", { valueAsNumber: true })}>
              {WEEKDAYS.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="weekly-hour" label="Time" error={errors.hour?.message} required>
          {(control) => (
            <NativeSelect {...control} {...registerShown(form, "hour", { valueAsNumber: true })}>
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField
        id="weekly-time-zone"
        label="Time zone of the person who gets the questions"
        hint="The day and time above are theirs."
        error={errors.time_zone?.message}
        required
      >
        {(control) => (
          <NativeSelect {...control} {...registerShown(form, "time_zone")}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Who reads the answers?</legend>
        <label className="flex min-h-11 items-start gap-3 text-base">
          <input type="checkbox" className="mt-0.5 size-6 shrink-0 accent-primary" {...registerChecked(form, "share_by_default")} />
          <span>
            Share answers with the family when they are saved
            <span className="block text-muted-foreground">
              The person answering is told so in the first email, and chooses for each answer: any answer can be kept private, then or later. Unticked: answers
              stay private until they share them.
            </span>
          </span>
        </label>
      </fieldset>

      <label className="flex min-h-11 items-start gap-3 text-base">
        <input type="checkbox" className="mt-0.5 size-6 shrink-0 accent-primary" {...registerChecked(form, "first_question_now")} />
        <span>
          Send the first question now
          <span className="block text-muted-foreground">Off: the first one goes on the chosen day and time.</span>
        </span>
      </label>

      <Button type="submit" size="lg" disabled={isSubmitting} className="self-start">
        {isSubmitting ? "Setting up..." : "Start weekly questions"}
      </Button>
    </form>
  );
}
