// Plans, services and their prices (docs/product.md §9). Prices are kept in cents so that the annual
// price, 12 × monthly less 15 %, rounds once and exactly ($4.99 → $50.90).

export const ANNUAL_DISCOUNT_PERCENT = 15;
export const EARLY_ADOPTER_DISCOUNT_PERCENT = 20;

export type BillingPeriod = "monthly" | "annual";

export function annualPriceCents(monthlyCents: number) {
  return Math.round((monthlyCents * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

export function formatDollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What a year paid at once comes to a month, to the cent: how people compare prices. */
export function annualMonthlyEquivalentCents(monthlyCents: number) {
  return Math.round(annualPriceCents(monthlyCents) / 12);
}

export type PlanPrice = { amount: string; per: "month" | "year"; monthlyEquivalent?: string };

export function planPrice(monthlyCents: number, period: BillingPeriod): PlanPrice {
  return period === "monthly"
    ? { amount: formatDollars(monthlyCents), per: "month" }
    : { amount: formatDollars(annualPriceCents(monthlyCents)), per: "year", monthlyEquivalent: formatDollars(annualMonthlyEquivalentCents(monthlyCents)) };
}

/** "$4.24 a month, paid once a year": shown under an annual price. */
export const monthlyEquivalentLine = (amount: string) => `${amount} a month, paid once a year`;

export type Plan = { id: string; name: string; monthlyCents: number; mostPopular?: boolean; features: string[] };

export const plans: Plan[] = [
  {
    id: "basic",
    name: "Basic Plan",
    monthlyCents: 499,
    features: ["Standard questionnaires", "Up to 100 photo memories a month", "Sharing with up to 10 family members", "Digital Family Book (PDF)"],
  },
  {
    id: "premium",
    name: "Premium Plan",
    monthlyCents: 999,
    mostPopular: true,
    features: [
      "Everything in Basic",
      "Up to 300 photo and 50 video memories a month",
      "Custom questionnaires",
      "Sharing with up to 25 family members",
      "One free digital Family Book a year",
      "Discounts on additional books",
    ],
  },
  {
    id: "family-plus",
    name: "Family Plus Plan",
    monthlyCents: 2499,
    features: [
      "Everything in Premium",
      "Unlimited photo and video memories",
      "Priority support",
      "One free physical Family Book a year",
      "Up to 6 family members included",
      "Extra members $4.99 a month each",
    ],
  },
];

export type Service = { id: string; name: string; price: string; details: string[] };

export const services: Service[] = [
  { id: "birthday-book", name: "Birthday Book", price: "$49.99", details: ["Up to 30 pages", "Extra pages $1.00 each"] },
  { id: "family-history-book", name: "Family History Book", price: "From $99.99", details: ["Up to 50 pages"] },
  { id: "custom-design", name: "Custom Design Services", price: "$150", details: ["Plus printing costs"] },
];
