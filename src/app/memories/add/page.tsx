import type { Metadata } from "next";
import { AuthRequired } from "@/components/auth/auth-required";
import { MemoryForm } from "@/components/memories/memory-form";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { listFamilyMembers } from "@/server/family/members/list-family-members";

export const metadata: Metadata = { title: "Add a New Memory" };

export default async function AddMemoryPage() {
  const user = await getCurrentUser();
  if (!user) return <AuthRequired heading="Add a New Memory" message="Please sign in to add a memory." path="/memories/add" />;
  const members = await listFamilyMembers({ viewer: user });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Add a New Memory</h1>
      <MemoryForm
        mode="add"
        members={members.map(({ id, first_name, last_name }) => ({ id, first_name, last_name }))}
        viewerId={user.id}
        hasFamily={Boolean(user.family_id)}
      />
    </div>
  );
}
