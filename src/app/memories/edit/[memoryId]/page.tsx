import type { Metadata } from "next";
import Link from "next/link";
import { AuthRequired } from "@/components/auth/auth-required";
import { DeleteMemoryButton } from "@/components/memories/delete-memory-button";
import { MemoryForm } from "@/components/memories/memory-form";
import { MemoryRecordingEditor } from "@/components/recordings/memory-recording-editor";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { listFamilyMembers } from "@/server/family/members/list-family-members";
import { getMemoryOrThrow } from "@/server/memories/get-memory";
import type { MemoryDto } from "@/server/memories/memory-dto";
import { AppError } from "@/server/platform/http/app-error";

export const metadata: Metadata = { title: "Edit Memory" };

export default async function EditMemoryPage({ params }: { params: Promise<{ memoryId: string }> }) {
  const user = await getCurrentUser();
  const { memoryId } = await params;
  if (!user)
    return <AuthRequired heading="Edit Memory" message="Please sign in to edit your memories." path={`/memories/edit/${encodeURIComponent(memoryId)}`} />;

  let memory: MemoryDto | null = null;
  try {
    memory = await getMemoryOrThrow({ viewer: user, memoryId, ownOnly: true });
  } catch (error) {
    if (!(error instanceof AppError)) console.error("Loading a memory to edit failed:", error);
  }
  if (!memory) return <LoadError />;
  const members = await listFamilyMembers({ viewer: user });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Edit Memory</h1>
        <Button asChild variant="outline">
          <Link href="/memories">Cancel</Link>
        </Button>
      </div>
      <MemoryForm
        mode="edit"
        memory={memory}
        members={members.map(({ id, first_name, last_name }) => ({ id, first_name, last_name }))}
        viewerId={user.id}
        hasFamily={Boolean(user.family_id)}
      />
      <MemoryRecordingEditor memoryId={memory.id} title={memory.title} initial={memory.recording} viewerId={user.id} />
      <section aria-labelledby="danger-zone" className="flex flex-col gap-3 rounded-xl border border-destructive/40 p-6">
        <h2 id="danger-zone" className="text-lg font-semibold">
          Delete this memory
        </h2>
        <p className="text-muted-foreground">Deleting removes the memory, its photos and its recording for you and your family.</p>
        <div>
          <DeleteMemoryButton memoryId={memory.id} title={memory.title} />
        </div>
      </section>
    </div>
  );
}

function LoadError() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Edit Memory</h1>
      <Card role="alert">
        <CardHeader>
          <CardTitle as="h2">Error Loading Memory</CardTitle>
          <CardDescription className="text-base">
            Could not load the memory details. It might have been deleted or you may not have permission to edit it.
          </CardDescription>
        </CardHeader>
        <div>
          <Button asChild size="lg">
            <Link href="/memories">Back to Memories</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
