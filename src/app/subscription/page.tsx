import { GiftIcon, SparklesIcon, UsersIcon } from "lucide-react";
import type { Metadata } from "next";
import { HaveQuestions } from "@/components/subscription/have-questions";
import { PlansSection } from "@/components/subscription/plans-section";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EARLY_ADOPTER_DISCOUNT_PERCENT } from "@/lib/pricing";

export const metadata: Metadata = { title: "Plans" };

const offers = [
  {
    title: "Early adopter discount",
    text: `Join now and get ${EARLY_ADOPTER_DISCOUNT_PERCENT}% off your first year.`,
    icon: SparklesIcon,
  },
  {
    title: "Family discount",
    text: "Several households of one family can share a plan. Ask us about family pricing.",
    icon: UsersIcon,
  },
  {
    title: "Gift subscriptions",
    text: "Give a parent or grandparent a year of Family Book, and the stories start coming in.",
    icon: GiftIcon,
  },
];

export default function SubscriptionPage() {
  return (
    <div className="flex flex-col gap-12">
      <header className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-4xl font-bold">Plans and Pricing</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">Choose the plan that fits your family. Change or cancel at any time.</p>
      </header>
      <PlansSection />
      <section aria-labelledby="offers-title" className="flex flex-col gap-6">
        <h2 id="offers-title" className="sr-only">
          Discounts and gifts
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {offers.map(({ title, text, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon aria-hidden="true" className="size-7 text-primary" />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <HaveQuestions />
    </div>
  );
}
