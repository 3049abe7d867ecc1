import Link from "next/link";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FOLLOW_UPS_PATH } from "@/lib/follow-ups";

/** On the dashboard while relatives' "Tell us more" questions wait for the viewer's answer (docs/product.md §22). */
export function WaitingQuestionsCard({ count }: { count: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-2xl">
          Your family wants to know more
        </CardTitle>
        <CardDescription className="text-base">
          {count === 1 ? "1 question about your stories is waiting for your answer." : `${count} questions about your stories are waiting for your answer.`}
        </CardDescription>
      </CardHeader>
      <p>
        <Link href={FOLLOW_UPS_PATH} className="inline-flex min-h-11 items-center rounded-md font-medium text-primary underline underline-offset-4">
          Answer your family&apos;s questions
        </Link>
      </p>
    </Card>
  );
}
