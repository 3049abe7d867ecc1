import type { Metadata } from "next";
import { LandingPage } from "@/components/landing/landing-page";

export const metadata: Metadata = { title: "Ask a Question" };

// docs/product.md §2: /ask is the same screen as / (menu label "Ask a Question").
export default function AskPage() {
  return <LandingPage />;
}
