"use client";

import { Loader2Icon } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { NativeSelect } from "@/components/ui/select";
import type { BookBuildDto } from "@/lib/schemas/book-builds";
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

type Envelope<Data> = { success: boolean; data: Data | null; error: string | null };

async function readEnvelope<Data>(response: Response): Promise<Data> {
  const body = (await response.json().catch(() => null)) as Envelope<Data> | null;
  if (!response.ok || !body?.data) throw new Error(body?.error || `HTTP error! status: ${response.status}`);
  return body.data;
}

/** Opens the finished PDF's address: the browser saves it under the name the server gives. */
function saveBook(book: BookBuildDto) {
  if (!book.download_url) return;
  const link = document.createElement("a");
  link.href = book.download_url;
  link.download = book.file_name ?? "family-book.pdf";
  document.body.append(link);
  link.click();
  link.remove();
}

const POLL_EVERY_MS = 1000;

export type DownloadBookDialogProps = {
  members: BookMember[];
  initialMember?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to when the dialog closes: the button that opened it. */
  returnFocusTo: () => void;
};

/** How far the book is, in words and as a bar; it goes on being made if the dialog is closed. */
function BookProgressBar({ book }: { book: BookBuildDto | null }) {
  const percent = book?.progress.percent ?? 0;
  const message = book?.progress.message ?? "Asking for your book";
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-4">
      <p className="flex items-center gap-3 font-medium" id="book-progress-label">
        <Loader2Icon aria-hidden="true" className="size-5 animate-spin" />
        Making your book
      </p>
      <div
        role="progressbar"
        aria-labelledby="book-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${message}`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="text-muted-foreground">
        {message}
      </p>
      <p className="text-muted-foreground">
        You can close this window: the book goes on being made, we will email you when it is ready, and it stays under{" "}
        <Link href="/family-book/books" className="font-medium text-primary underline underline-offset-4">
          Your books
        </Link>{" "}
        for a week.
      </p>
    </div>
  );
}

/**
 * The Digital PDF Book: choose whose stories, which years, the paper, the chapters and the cover
 * photo, then download. Loaded when first opened (download-book-button.tsx); it stays mounted so
 * the choices, and a book being made, are kept. The book is made by a job (docs/decisions/028):
 * the dialog shows its progress and saves it when ready; closed, it offers the book in a toast.
 */
export function DownloadBookDialog({ members, initialMember, open, onOpenChange: setOpen, returnFocusTo }: DownloadBookDialogProps) {
  const [member, setMember] = useState(initialMember ?? "");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [size, setSize] = useState<PaperSize>("A4");
  const [chapters, setChapters] = useState<ChapterKind>("year");
  const [cover, setCover] = useState("");
  const [withComments, setWithComments] = useState(false);
  const [largePrint, setLargePrint] = useState(false);
  const [busy, setBusy] = useState(false);
  const [book, setBook] = useState<BookBuildDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read by the poll when the book is ready: an open dialog saves it, a closed one offers it in a toast.
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  /** Follows the book being made until it is ready (saved at once) or failed. */
  async function follow(started: BookBuildDto) {
    let current = started;
    setBook(current);
    while (current.status === "queued" || current.status === "building") {
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      const response = await fetch(`/api/family-book/books/${current.id}`, { credentials: "same-origin" });
      current = (await readEnvelope<{ book: BookBuildDto }>(response)).book;
      setBook(current);
    }
    if (current.status === "failed") throw new Error("Something went wrong while laying it out.");
    const ready = current;
    if (isOpen.current) {
      saveBook(ready);
      toast.success("Your Family Book is ready", { description: "The PDF has been downloaded." });
      setOpen(false);
    } else {
      toast.success("Your Family Book is ready", {
        description: "It is kept under Your books for a week.",
        action: { label: "Download", onClick: () => saveBook(ready) },
        duration: 60_000,
      });
    }
  }

  async function download() {
    setBusy(true);
    setError(null);
    const choices: Record<string, string> = { size, chapters };
    if (cover) choices.cover = cover;
    if (withComments) choices.comments = "include";
    if (largePrint) choices.print = "large";
    if (member) choices.member = member;
    if (from) choices.from = from;
    if (to) choices.to = to;
    try {
      const response = await fetch("/api/family-book/books", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(choices),
      });
      await follow((await readEnvelope<{ book: BookBuildDto }>(response)).book);
    } catch (cause) {
      const message = cause instanceof Error && cause.message !== "Failed to fetch" ? cause.message : "Could not reach Family Book.";
      setError(`We could not make your book: ${message} Please try again.`);
      toast.error("Download failed", { description: message });
    } finally {
      setBusy(false);
      setBook(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
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
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox
              id="book-comments"
              checked={withComments}
              onCheckedChange={(checked) => setWithComments(checked === true)}
              aria-describedby="book-comments-hint"
            />
            <div className="flex flex-col">
              <Label htmlFor="book-comments" className="cursor-pointer">
                Include comments
              </Label>
              <span id="book-comments-hint" className="text-base text-muted-foreground">
                Print the family&apos;s comments under each story.
              </span>
            </div>
          </div>
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox
              id="book-large-print"
              checked={largePrint}
              onCheckedChange={(checked) => setLargePrint(checked === true)}
              aria-describedby="book-large-print-hint"
            />
            <div className="flex flex-col">
              <Label htmlFor="book-large-print" className="cursor-pointer">
                Large print
              </Label>
              <span id="book-large-print-hint" className="text-base text-muted-foreground">
                Stories in 14.5 point type, everything else larger with them: easier to read without glasses.
              </span>
            </div>
          </div>
          {busy && <BookProgressBar book={book} />}
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
