import type { Metadata } from "next";
import { RecordingPlayer } from "@/components/recordings/recording-player";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { CODE_DOES_NOT_PLAY, findListening } from "@/server/recordings/listen-codes";

// The page a printed book's code opens (docs/decisions/043-listen-codes.md): that one story's
// title, its teller and its recording, for whoever holds the book, with no account. Nothing else
// of the family is on it or linked from it.

export const metadata: Metadata = { title: "Listen", referrer: "no-referrer", robots: { index: false, follow: false } };

export default async function ListenPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const listening = await findListening(token);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      {listening ? (
        <Card>
          <CardHeader>
            <p className="text-base text-muted-foreground">A story told out loud</p>
            <h1 className="text-3xl font-bold break-words">{listening.title}</h1>
            <CardDescription className="text-lg text-foreground">Told by {listening.teller}</CardDescription>
          </CardHeader>
          <RecordingPlayer recording={listening.recording} title={listening.title} />
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold">This code does not play a story</h1>
            <CardDescription className="text-base text-foreground">{CODE_DOES_NOT_PLAY}</CardDescription>
          </CardHeader>
        </Card>
      )}
    </div>
  );
}
