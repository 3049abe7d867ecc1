"use client";

import { CheckIcon } from "lucide-react";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { monthlyEquivalentLine, planPrice, plans, services, type BillingPeriod } from "@/lib/pricing";

// Purchases are not open yet: every plan and order button only tells the visitor so (docs/product.md §2).
export function showPurchaseNotice(name: string) {
  toast.info("Coming soon", { description: `${name} cannot be purchased yet. We will let you know as soon as it can.` });
}

function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const options: { value: BillingPeriod; label: string }[] = [
    { value: "monthly", label: "Monthly" },
    { value: "annual", label: "Annual" },
  ];
  return (
    <RadioGroupPrimitive.Root
      aria-label="Billing period"
      value={period}
      onValueChange={(value) => onChange(value as BillingPeriod)}
      orientation="horizontal"
      // Two equal halves as wide as a phone allows; "Save 15%" moves under "Annual" when it must.
      className="grid w-full max-w-sm grid-cols-2 gap-1 rounded-3xl border bg-muted p-1"
    >
      {options.map((option) => (
        <RadioGroupPrimitive.Item
          key={option.value}
          value={option.value}
          className={cn(
            "flex min-h-11 flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-2xl px-3 py-1 font-medium text-muted-foreground",
            "data-[state=checked]:bg-card data-[state=checked]:font-semibold data-[state=checked]:text-foreground data-[state=checked]:shadow-sm",
            "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
          )}
        >
          <RadioGroupPrimitive.Indicator>
            <CheckIcon aria-hidden="true" className="size-4" />
          </RadioGroupPrimitive.Indicator>
          {option.label}
          {option.value === "annual" && <Badge variant="secondary">Save 15%</Badge>}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

export function PlansSection() {
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="plans-title" className="flex flex-col items-center gap-8">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <BillingToggle period={period} onChange={setPeriod} />
        <ul className="grid w-full gap-6 lg:grid-cols-3">
          {plans.map((plan) => {
            const price = planPrice(plan.monthlyCents, period);
            return (
              <li key={plan.id}>
                <Card className={cn("h-full", plan.mostPopular && "border-2 border-primary")}>
                  <CardHeader>
                    {plan.mostPopular && <Badge className="self-start">Most popular</Badge>}
                    <CardTitle className="text-2xl">{plan.name}</CardTitle>
                    <div aria-live="polite">
                      <p>
                        <span className="text-4xl font-bold">{price.amount}</span>
                        <span className="text-muted-foreground"> / {price.per}</span>
                      </p>
                      {price.monthlyEquivalent && <p className="text-muted-foreground">{monthlyEquivalentLine(price.monthlyEquivalent)}</p>}
                    </div>
                  </CardHeader>
                  <ul className="flex flex-1 flex-col gap-2" aria-label={`${plan.name} includes`}>
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <CheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <Button size="lg" variant={plan.mostPopular ? "default" : "outline"} onClick={() => showPurchaseNotice(plan.name)}>
                    Choose {plan.name}
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="services-title" className="flex flex-col gap-6">
        <div className="text-center">
          <h2 id="services-title" className="text-3xl font-bold">
            Pay-per-use services
          </h2>
          <p className="mt-2 text-muted-foreground">Books and design work, ordered one at a time.</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li key={service.id}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{service.name}</CardTitle>
                  <p className="text-2xl font-bold">{service.price}</p>
                  <CardDescription>{service.details.join(". ")}.</CardDescription>
                </CardHeader>
                <Button variant="outline" className="mt-auto" onClick={() => showPurchaseNotice(service.name)}>
                  Order {service.name}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
