"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { DeletePreparedFileButton } from "@/components/prepared-files/delete-prepared-file-button";
import { KeptFilesAllowance } from "@/components/prepared-files/kept-files-allowance";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiRequest, NETWORK_ERROR } from "@/lib/api-client";
import { formatFileSize } from "@/lib/file-size";
import type { DataExportDto } from "@/lib/schemas/exports";
import type { PreparedFilesStorageDto } from "@/lib/schemas/prepared-files";
import type { ImportSummary as Imported } from "@/server/book/exports/import-export";

// "Your data" (docs/product.md §20): export one's own data, or the family's book (admins); follow
// the exports a job prepares, and delete them; see what one keeps of books and exports; import an
// export back. Small exports download at once.

type PreparedExport = DataExportDto;

const POLL_MS = 3000;
const SCOPE_LABEL = { account: "My data", family: "The family's book" } as const;

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function importSummary(imported: Imported) {
  const parts = [
    plural(imported.memories, "memory", "memories"),
    plural(imported.photos, "photo", "photos"),
    plural(imported.submissions, "set of answers", "sets of answers"),
    plural(imported.questionnaires, "questionnaire", "questionnaires"),
  ];
  const dropped = imported.tags_dropped > 0 ? ` ${plural(imported.tags_dropped, "tag", "tags")} of people not in your family here were left out.` : "";
  return `Imported ${parts.join(", ")}.${dropped}`;
}

function ExportStatus({ item }: { item: PreparedExport }) {
  if (item.status === "ready") {
    return (
      <p>
        Ready{item.byte_size !== null && ` (${formatFileSize(item.byte_size)})`}, until {day(item.expires_at)}.
      </p>
    );
  }
  if (item.status === "failed") return <p>It could not be prepared. Please ask for it again.</p>;
  const label = item.photo_total > 0 ? `${item.photos_done} of ${item.photo_total} photos written` : "Waiting to start";
  return (
    <div className="flex flex-col gap-1">
      <p>{item.status === "queued" ? "Waiting to start…" : `Preparing: ${label}.`}</p>
      <progress className="h-2 w-full" max={Math.max(item.photo_total, 1)} value={item.photos_done} aria-label={`${SCOPE_LABEL[item.scope]}: ${label}`} />
    </div>
  );
}

export function YourDataCard({
  isFamilyAdmin,
  initialExports,
  initialStorage,
}: {
  isFamilyAdmin: boolean;
  initialExports: PreparedExport[];
  initialStorage: PreparedFilesStorageDto;
}) {
  const [exports, setExports] = useState(initialExports);
  const [storage, setStorage] = useState(initialStorage);
  const [busy, setBusy] = useState<"account" | "family" | "import" | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const pending = exports.some((item) => item.status === "queued" || item.status === "running");

  const refresh = useCallback(async () => {
    const result = await apiRequest<{ exports: PreparedExport[]; storage: PreparedFilesStorageDto }>("/exports");
    if (!result.ok) return;
    setExports(result.data.exports);
    setStorage(result.data.storage);
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  async function askForExport(scope: "account" | "family") {
    setBusy(scope);
    setError(null);
    setMessage(null);
    const result = await apiRequest<{ download: string | null; export: PreparedExport | null }>("/exports", { json: { scope } });
    setBusy(null);
    if (!result.ok) return setError(result.error);
    if (result.data.download) {
      setMessage("Your export is downloading: a ZIP file with your data, your photos and a page (index.html) to read them with.");
      window.location.assign(result.data.download);
      return;
    }
    setMessage(
      result.data.export?.status === "ready"
        ? "This export was prepared a few minutes ago: download it below."
        : "This export is large, so it is being prepared. We will email you when it is ready; you can also follow it here.",
    );
    await refresh();
  }

  async function importFile(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setError(null);
    setMessage(null);
    if (!file) return setError("Choose an export ZIP to import.");
    setBusy("import");
    let response: Response;
    try {
      response = await fetch("/api/imports", { method: "POST", headers: { "Content-Type": "application/zip" }, body: file, credentials: "same-origin" });
    } catch {
      setBusy(null);
      return setError(NETWORK_ERROR);
    }
    const envelope = (await response.json().catch(() => null)) as { success?: boolean; data?: { imported: Imported }; error?: string } | null;
    setBusy(null);
    if (!response.ok || !envelope?.success || !envelope.data) return setError(envelope?.error || `HTTP error! status: ${response.status}`);
    setMessage(importSummary(envelope.data.imported));
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Export and import</CardTitle>
        <CardDescription className="text-base">
          Take everything out as a ZIP file: your memories, your photos&apos; originals, your answers and questionnaires, and a page that shows them in any
          browser, without Family Book. Bring such a file back into an account here, or on another Family Book.
        </CardDescription>
      </CardHeader>
      <div role="status" aria-live="polite">
        {message && <Alert>{message}</Alert>}
      </div>
      {error && (
        <Alert variant="destructive" role="alert">
          {error}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => askForExport("account")} disabled={busy !== null}>
          {busy === "account" ? "Preparing..." : "Export my data"}
        </Button>
        {isFamilyAdmin && (
          <Button type="button" variant="outline" onClick={() => askForExport("family")} disabled={busy !== null}>
            {busy === "family" ? "Preparing..." : "Export the family's book"}
          </Button>
        )}
      </div>

      <section aria-labelledby="prepared-exports" className="flex flex-col gap-3">
        <h3 id="prepared-exports" className="text-lg font-semibold">
          Prepared exports
        </h3>
        <KeptFilesAllowance storage={storage} />
        {exports.length === 0 ? (
          <p className="text-muted-foreground">None yet. Large exports are prepared here, and kept for 7 days.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {exports.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border p-4">
                <p className="font-medium">
                  {SCOPE_LABEL[item.scope]}, asked for on {day(item.created_at)}
                </p>
                <ExportStatus item={item} />
                <div className="flex flex-wrap gap-3">
                  {item.status === "ready" && item.download_url && (
                    <Button asChild variant="outline" size="lg">
                      <a href={item.download_url}>Download {SCOPE_LABEL[item.scope].toLowerCase()}</a>
                    </Button>
                  )}
                  <DeletePreparedFileButton
                    path={`/exports/${item.id}`}
                    name={`the export of ${day(item.created_at)}`}
                    question="Delete this export?"
                    explanation={
                      item.status === "queued" || item.status === "running"
                        ? "It is removed, and nothing of it is kept. You can ask for another whenever you like."
                        : "Its ZIP file is deleted for good. You can ask for a new export whenever you like."
                    }
                    onDeleted={refresh}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form {...handledByScripts} onSubmit={importFile} aria-labelledby="import-heading" className="flex flex-col gap-3">
        <h3 id="import-heading" className="text-lg font-semibold">
          Import an export
        </h3>
        <label htmlFor={fileId} className="font-medium">
          ZIP file to import
        </label>
        <input
          id={fileId}
          ref={fileInput}
          name="export"
          type="file"
          accept=".zip,application/zip"
          aria-describedby={`${fileId}-hint`}
          className="min-h-11 rounded-md border border-input bg-card p-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <p id={`${fileId}-hint`} className="text-muted-foreground">
          A ZIP made by Export my data. Its memories, photos, answers and questionnaires are added to your account. People you tagged are tagged again if they
          are in your family here.
        </p>
        <Button type="submit" variant="outline" disabled={busy !== null} className="self-start">
          {busy === "import" ? "Importing..." : "Import"}
        </Button>
      </form>
    </Card>
  );
}
