import type { Metadata } from "next";
import Link from "next/link";
import { CompletedQuestionnaires } from "@/components/questionnaires/completed-questionnaires";
import { LOAD_COMPLETED_FAILED, NONE_COMPLETED } from "@/components/questionnaires/messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { listCompletedQuestionnaires } from "@/server/questions/questionnaires/list-completed-questionnaires";

export const metadata: Metadata = { title: "My Completed Questionnaires" };

async function load(viewer: UserDto) {
  try {
    return await listCompletedQuestionnaires({ viewer });
  } catch (error) {
    console.error("Loading completed questionnaires failed", error);
    return null;
  }
}

export default async function CompletedQuestionnairesPage() {
  const user = await requireUserOrRedirect("/completed-questionnaires");
  const entries = await load(user);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="text-3xl font-bold">My Completed Questionnaires</h1>
        <Button asChild variant="outline" className="self-start">
          <Link href="/questionnaires">Back to Questionnaires</Link>
        </Button>
      </div>
      {entries === null ? (
        <Alert variant="destructive" role="alert">
          {LOAD_COMPLETED_FAILED}
        </Alert>
      ) : entries.length === 0 ? (
        <p className="text-lg text-muted-foreground">{NONE_COMPLETED}</p>
      ) : (
        <CompletedQuestionnaires initialEntries={entries} viewerId={user.id} />
      )}
    </div>
  );
}
