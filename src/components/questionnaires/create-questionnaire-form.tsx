"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { keepDraft, takeDraft, type Kept } from "@/components/forms/signed-out-draft";
import { DraftRestoredNotice, SignedOutNotice } from "@/components/forms/signed-out-notice";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { NativeSelect } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { createQuestionnaireSchema, type CreateQuestionnaireInput, type CreateQuestionnaireValues } from "@/lib/schemas/questionnaires";
import { RequiredMark } from "./required-mark";

type Member = { id: string; first_name: string; last_name: string };
type Members = { state: "idle" | "loading" | "failed" } | { state: "loaded"; members: Member[] };

const MEMBERS_FAILED = "Could not load family members.";
const DRAFT_KEY = "questionnaire:create";

/** The relatives who can be targeted: everyone in the family but the viewer. */
async function fetchMembers(viewerId: string): Promise<Members> {
  const result = await apiRequest<{ familyMembers: Member[] }>("/profiles/family-members");
  if (!result.ok) {
    toast.error("Error", { description: MEMBERS_FAILED });
    return { state: "failed" };
  }
  return { state: "loaded", members: result.data.familyMembers.filter((member) => member.id !== viewerId) };
}

function newQuestion() {
  return { question_text: "", description: "", input_type: "text" as const, is_required: false, tempId: crypto.randomUUID() };
}

/** Create Custom Family Questionnaire (docs/product.md §2, §4, §5). */
export function CreateQuestionnaireForm({ viewerId }: { viewerId: string }) {
  const router = useRouter();
  const [members, setMembers] = useState<Members>({ state: "idle" });
  const form = useForm<CreateQuestionnaireInput, unknown, CreateQuestionnaireValues>({
    resolver: zodResolver(createQuestionnaireSchema),
    defaultValues: { title: "", description: "", audience: "FAMILY_WIDE", questions: [newQuestion()], targetUserIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const questions = useFieldArray({ control: form.control, name: "questions", keyName: "key" });
  const audience = useWatch({ control: form.control, name: "audience" });
  const selectable = members.state === "loaded" ? members.members : [];
  // The question removed last: its Remove button is gone, so the focus moves to the question
  // that took its place (or the one before, if it was the last), and the removal is announced.
  const focusAfterRemoval = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const questionCount = questions.fields.length;
  const { setFocus } = form;
  const [signedOut, setSignedOut] = useState<Kept | null>(null);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (focusAfterRemoval.current === null) return;
    setFocus(`questions.${Math.min(focusAfterRemoval.current, questionCount - 1)}.question_text`);
    focusAfterRemoval.current = null;
  }, [questionCount, setFocus]);

  function removeQuestion(index: number) {
    focusAfterRemoval.current = index;
    questions.remove(index);
    setAnnouncement(`Question ${index + 1} removed.`);
  }

  // The member list is fetched only once someone chooses specific members (docs/product.md §4).
  async function loadMembers() {
    if (members.state === "loading" || members.state === "loaded") return;
    setMembers({ state: "loading" });
    setMembers(await fetchMembers(viewerId));
  }

  // A questionnaire kept when the session ended comes back once its author has signed in again.
  const { reset } = form;
  const restoreDraft = useRef(false);
  useEffect(() => {
    if (restoreDraft.current) return;
    restoreDraft.current = true;
    void takeDraft<CreateQuestionnaireInput>(DRAFT_KEY, viewerId).then((draft) => {
      if (!draft) return;
      reset(draft.values, { keepDefaultValues: true });
      setRestored(true);
      if (draft.values.audience === "SPECIFIC_FAMILY_MEMBERS") {
        setMembers({ state: "loading" });
        void fetchMembers(viewerId).then(setMembers);
      }
    });
  }, [viewerId, reset]);

  const submit = form.handleSubmit(async (values) => {
    setSignedOut(null);
    const payload = {
      ...values,
      targetUserIds: values.audience === "SPECIFIC_FAMILY_MEMBERS" ? values.targetUserIds : undefined,
    };
    const result = await apiRequest("/questionnaires", { json: payload });
    if (!result.ok && result.status === 401) {
      setSignedOut(await keepDraft(DRAFT_KEY, viewerId, form.getValues()));
      return;
    }
    if (!result.ok) {
      toast.error("Error", { description: result.error || "Failed to create questionnaire." });
      return;
    }
    toast.success("Success", { description: "Custom questionnaire created." });
    router.push("/questionnaires");
    router.refresh();
  });

  const questionsError = errors.questions?.message ?? errors.questions?.root?.message;

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate aria-label="Create Custom Family Questionnaire" className="flex flex-col gap-8">
      {signedOut && <SignedOutNotice action="create your questionnaire" kept={signedOut} />}
      {restored && !signedOut && <DraftRestoredNotice save="Create Questionnaire" />}
      <div className="flex flex-col gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <FormField
          id="questionnaire-title"
          label={
            <>
              Title
              <RequiredMark />
            </>
          }
          error={errors.title?.message}
          required
        >
          {(control) => <Input {...control} {...form.register("title")} />}
        </FormField>
        <FormField id="questionnaire-description" label="Description (optional)" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={3} {...form.register("description")} />}
        </FormField>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-base font-medium">Audience</legend>
          <Controller
            control={form.control}
            name="audience"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  if (value === "SPECIFIC_FAMILY_MEMBERS") void loadMembers();
                }}
                aria-label="Audience"
              >
                <div className="flex min-h-11 items-center gap-3">
                  <RadioGroupItem value="FAMILY_WIDE" id="audience-family" />
                  <Label htmlFor="audience-family">All Family Members</Label>
                </div>
                <div className="flex min-h-11 items-center gap-3">
                  <RadioGroupItem value="SPECIFIC_FAMILY_MEMBERS" id="audience-specific" />
                  <Label htmlFor="audience-specific">Specific Family Members</Label>
                </div>
              </RadioGroup>
            )}
          />
        </fieldset>

        {audience === "SPECIFIC_FAMILY_MEMBERS" && (
          <fieldset className="flex flex-col gap-3" aria-describedby={errors.targetUserIds ? "targets-error" : undefined}>
            <legend className="mb-2 text-base font-medium">Family members who should answer</legend>
            {members.state === "loading" || members.state === "idle" ? (
              <p role="status" className="text-muted-foreground">
                Loading family members...
              </p>
            ) : members.state === "failed" ? (
              <Alert variant="destructive" role="alert">
                {MEMBERS_FAILED}
              </Alert>
            ) : selectable.length === 0 ? (
              <p className="text-muted-foreground">No other family members found to select.</p>
            ) : (
              <Controller
                control={form.control}
                name="targetUserIds"
                render={({ field }) => (
                  <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-lg border p-3" aria-label="Family members">
                    {selectable.map((member) => {
                      const id = `target-${member.id}`;
                      const selected = field.value ?? [];
                      return (
                        <li key={member.id} className="flex min-h-11 items-center gap-3">
                          <Checkbox
                            id={id}
                            checked={selected.includes(member.id)}
                            onCheckedChange={(checked) =>
                              field.onChange(checked === true ? [...selected, member.id] : selected.filter((value) => value !== member.id))
                            }
                          />
                          <Label htmlFor={id}>
                            {member.first_name} {member.last_name}
                          </Label>
                        </li>
                      );
                    })}
                  </ul>
                )}
              />
            )}
            {errors.targetUserIds?.message && (
              <p id="targets-error" className="text-base font-medium text-destructive">
                {errors.targetUserIds.message}
              </p>
            )}
          </fieldset>
        )}
      </div>

      <section aria-labelledby="questions-title" className="flex flex-col gap-4">
        <h2 id="questions-title" className="text-2xl font-semibold">
          Questions
        </h2>
        {questionsError && (
          <p role="alert" className="text-base font-medium text-destructive">
            {questionsError}
          </p>
        )}
        <ol className="flex flex-col gap-4">
          {questions.fields.map((field, index) => {
            const prefix = `question-${field.key}`;
            const questionErrors = errors.questions?.[index];
            return (
              <li key={field.key}>
                <fieldset className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm">
                  <legend className="sr-only">Question {index + 1}</legend>
                  <div className="flex items-center justify-between gap-3">
                    <p aria-hidden="true" className="text-lg font-semibold">
                      Question {index + 1}
                    </p>
                    {questions.fields.length > 1 && (
                      <Button type="button" variant="ghost" size="sm" onClick={() => removeQuestion(index)}>
                        <Trash2Icon aria-hidden="true" />
                        Remove<span className="sr-only"> question {index + 1}</span>
                      </Button>
                    )}
                  </div>
                  <FormField
                    id={`${prefix}-text`}
                    label={
                      <>
                        Question text
                        <RequiredMark />
                      </>
                    }
                    error={questionErrors?.question_text?.message}
                    required
                  >
                    {(control) => <Input {...control} {...form.register(`questions.${index}.question_text`)} />}
                  </FormField>
                  <FormField id={`${prefix}-description`} label="Description or hint (optional)" error={questionErrors?.description?.message}>
                    {(control) => <Input {...control} {...form.register(`questions.${index}.description`)} />}
                  </FormField>
                  <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
                    <FormField id={`${prefix}-type`} label="Input type">
                      {(control) => (
                        <NativeSelect {...control} {...form.register(`questions.${index}.input_type`)}>
                          <option value="text">Short Text</option>
                          <option value="textarea">Long Text</option>
                        </NativeSelect>
                      )}
                    </FormField>
                    <Controller
                      control={form.control}
                      name={`questions.${index}.is_required`}
                      render={({ field: requiredField }) => (
                        <div className="flex min-h-11 items-center gap-3">
                          <Checkbox
                            id={`${prefix}-required`}
                            checked={requiredField.value === true}
                            onCheckedChange={(checked) => requiredField.onChange(checked === true)}
                          />
                          <Label htmlFor={`${prefix}-required`}>Required</Label>
                        </div>
                      )}
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <Button type="button" variant="outline" className="self-start" onClick={() => questions.append(newQuestion())}>
          <PlusIcon aria-hidden="true" />
          Add Question
        </Button>
      </section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="lg">
          <Link href="/questionnaires">Cancel</Link>
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? "Creating..." : "Create Questionnaire"}
        </Button>
      </div>
    </form>
  );
}
