"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function HaveQuestions() {
  const notice = (what: string) => toast.info("Coming soon", { description: `${what} will open here soon.` });
  return (
    <Card className="items-center text-center">
      <CardHeader className="items-center">
        <CardTitle className="text-2xl">Have Questions?</CardTitle>
        <CardDescription>We are happy to help you choose the right plan for your family.</CardDescription>
      </CardHeader>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => notice("Contact Support")}>
          Contact Support
        </Button>
        <Button size="lg" variant="outline" onClick={() => notice("The FAQ")}>
          See FAQ
        </Button>
      </div>
    </Card>
  );
}
