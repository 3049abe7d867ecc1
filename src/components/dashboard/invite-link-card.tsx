"use client";

import { CopyIcon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export function InviteLinkCard({ inviteLink }: { inviteLink: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(inviteLink);
      toast.success("Copied!", { description: "Invite link copied to clipboard" });
    } catch {
      toast.error("Failed to copy invite link");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite your family</CardTitle>
        <CardDescription>Send this link to a relative. When they register through it, they join your family group.</CardDescription>
      </CardHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-link">Family invite link</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input id="invite-link" readOnly value={inviteLink} onFocus={(event) => event.currentTarget.select()} className="font-mono text-sm" />
          <Button type="button" onClick={copy}>
            <CopyIcon aria-hidden="true" />
            Copy link
          </Button>
        </div>
      </div>
    </Card>
  );
}
