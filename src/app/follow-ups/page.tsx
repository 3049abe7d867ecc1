import type { Metadata } from "next";
import { FollowUpAnswers } from "@/components/follow-ups/follow-up-answers";
import { requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import { listPendingFollowUps } from "@/server/questions/follow-ups/pending-follow-ups";

export const metadata: Metadata = { title: "Questions from your family" };

/** The questions the family asked the viewer about their stories, oldest first, each answered here once (docs/product.md §22). */
export default async function FollowUpsPage() {
  const user = await requireUserOrRedirect("/follow-ups");
  const followUps = await listPendingFollowUps({ viewer: user });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Questions from your family</h1>
      <p className="text-lg text-muted-foreground">
        When someone asks you to tell more about one of your stories, their question waits here. Your answer shows under the story in the Family Book, for
        everyone who can read the story.
      </p>
      <FollowUpAnswers initial={followUps} viewerId={user.id} />
    </div>
  );
}
