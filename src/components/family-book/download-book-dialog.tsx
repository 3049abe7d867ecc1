"use client";

import { Loader2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { NativeSelect } from "@/components/ui/select";
import type { ChapterKind, PaperSize } from "@/lib/schemas/family-book";
import { CoverPhotoPicker } from "./cover-photo-picker";

export type BookMember = { id: string; first_name: string; last_name: string };

const SIZES: { value: PaperSize; label: string; hint: string }[] = [
  { value: "A4", label: "A4", hint: "To print at home" },
  { value: "LETTER", label: "US Letter", hint: "To print at home" },
  { value: "6x9", label: "6 × 9 in book", hint: "For a printed and bound book" },
];
const CHAPTERS: { value: ChapterKind; label: string }[] = [
  { value: "year", label: "A chapter for each year" },
  { value: "member", label: "A chapter for each family member" },
];

/** A group of choices, each a radio button with its label (and a hint) on a row at least 44 px tall. */
function Choices<Value extends string>({
  name,
  legend,
  value,
  onChange,
  options,
}: {
  name: string;
  legend: string;
  value: Value;
  onChange: (value: Value) => void;
  options: { value: Value; label: string; hint?: string }[];
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 font-medium">{legend}</legend>
      <RadioGroup value={value} onValueChange={(next) => onChange(next as Value)} className="gap-1">
        {options.map((option) => (
          <div key={option.value} className="flex min-h-11 items-center gap-3">
            <RadioGroupItem value={option.value} id={`${name}-${option.value}`} aria-describedby={option.hint ? `${name}-${option.value}-hint` : undefined} />
            <div className="flex flex-col">
              <Label htmlFor={`${name}-${option.value}`} className="font-normal">
                {option.label}
              </Label>
              {option.hint && (
                <span id={`${name}-${option.value}-hint`} className="text-muted-foreground">
                  {option.hint}
                </span>
              )}
            </div>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

function fileNameFrom(disposition: string | null) {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "family-book.pdf";
}

export type DownloadBookDialogProps = {
  members: BookMember[];
  initialMember?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to when the dialog closes: the button that opened it. */
  returnFocusTo: () => void;
};

/**
 * The Digital PDF Book: choose whose stories, which years, the paper, the chapters and the cover
 * photo, then download. Loaded when first opened (download-book-button.tsx); it stays mounted so
 * the choices are kept.
 */
export function DownloadBookDialog({ members, initialMember, open, onOpenChange: setOpen, returnFocusTo }: DownloadBookDialogProps) {
  const [member, setMember] = useState(initialMember ?? "");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [size, setSize] = useState<PaperSize>("A4");
  const [chapters, setChapters] = useState<ChapterKind>("year");
  const [cover, setCover] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    const query = new URLSearchParams({ size, chapters });
    if (cover) query.set("cover", cover);
    if (member) query.set("member", member);
    if (from) query.set("from", from);
    if (to) query.set("to", to);
    try {
      const response = await fetch(`/api/family-book/pdf?${query}`, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error || `HTTP error! status: ${response.status}`);
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameFrom(response.headers.get("content-disposition"));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success("Your Family Book is ready", { description: "The PDF has been downloaded." });
      setOpen(false);
    } catch (cause) {
      const message = cause instanceof Error && cause.message !== "Failed to fetch" ? cause.message : "Could not reach Family Book.";
      setError(`We could not make your book: ${message} Please try again.`);
      toast.error("Download failed", { description: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogContent
        className="sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo();
        }}
      >
        <DialogTitle>Download PDF book</DialogTitle>
        <DialogDescription>A printable book of everything your family has shared, with page numbers and contents.</DialogDescription>
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          <FormField id="book-member" label="Whose stories">
            {(control) => (
              <NativeSelect {...control} value={member} onChange={(event) => setMember(event.target.value)}>
                <option value="">The whole family</option>
                {members.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.first_name} {person.last_name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="book-from" label="From (optional)">
              {(control) => <Input {...control} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />}
            </FormField>
            <FormField id="book-to" label="To (optional)">
              {(control) => <Input {...control} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />}
            </FormField>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Choices name="book-size" legend="Paper size" value={size} onChange={setSize} options={SIZES} />
            <Choices name="book-chapters" legend="Chapters" value={chapters} onChange={setChapters} options={CHAPTERS} />
          </div>
          <CoverPhotoPicker value={cover} onChange={setCover} />
          {busy && (
            <p role="status" className="flex items-center gap-3 text-muted-foreground">
              <Loader2Icon aria-hidden="true" className="size-5 animate-spin" />
              Making your book… large families can take a few seconds.
            </p>
          )}
          {error && (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          )}
          <DialogFooter>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Making your book..." : "Download"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
