import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ALREADY_ANSWERED } from "@/lib/schemas/questionnaires";

/** Shown instead of the form when a questionnaire takes one set of answers and this person gave it. */
export function AlreadyAnswered({ message = ALREADY_ANSWERED }: { message?: string }) {
  return (
    <Alert role="status" className="flex flex-col gap-4">
      <p className="text-lg">{message}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/completed-questionnaires">View My Completed Questionnaires</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/questionnaires">Return to Questionnaires</Link>
        </Button>
      </div>
    </Alert>
  );
}
