import { describe, expect, it } from "vitest";
import { annualPriceCents, formatDollars, planPrice, plans } from "@/lib/pricing";

describe("plan prices", () => {
  it.each([
    ["Basic Plan", "$4.99", "$50.90"],
    ["Premium Plan", "$9.99", "$101.90"],
    ["Family Plus Plan", "$24.99", "$254.90"],
  ])("%s costs %s a month and %s a year (12 × monthly less 15 %%)", (name, monthly, annual) => {
    const plan = plans.find((candidate) => candidate.name === name)!;
    expect(planPrice(plan.monthlyCents, "monthly")).toEqual({ amount: monthly, per: "month" });
    expect(planPrice(plan.monthlyCents, "annual")).toEqual({ amount: annual, per: "year" });
  });

  it("rounds the annual price once, to the cent", () => {
    expect(annualPriceCents(100)).toBe(1020);
    expect(annualPriceCents(333)).toBe(3397);
    expect(formatDollars(5090)).toBe("$50.90");
  });

  it("marks Premium, and only Premium, as most popular", () => {
    expect(plans.filter((plan) => plan.mostPopular).map((plan) => plan.name)).toEqual(["Premium Plan"]);
  });
});
