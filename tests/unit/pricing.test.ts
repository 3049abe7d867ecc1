import { describe, expect, it } from "vitest";
import { annualMonthlyEquivalentCents, annualPriceCents, formatDollars, monthlyEquivalentLine, planPrice, plans } from "@/lib/pricing";

describe("plan prices", () => {
  it.each([
    ["Basic Plan", "$4.99", "$50.90", "$4.24"],
    ["Premium Plan", "$9.99", "$101.90", "$8.49"],
    ["Family Plus Plan", "$24.99", "$254.90", "$21.24"],
  ])("%s costs %s a month and %s a year (12 × monthly less 15 %%), which is %s a month", (name, monthly, annual, equivalent) => {
    const plan = plans.find((candidate) => candidate.name === name)!;
    expect(planPrice(plan.monthlyCents, "monthly")).toEqual({ amount: monthly, per: "month" });
    expect(planPrice(plan.monthlyCents, "annual")).toEqual({ amount: annual, per: "year", monthlyEquivalent: equivalent });
    expect(monthlyEquivalentLine(equivalent)).toBe(`${equivalent} a month, paid once a year`);
  });

  it("gives the monthly equivalent of an annual price to the nearest cent", () => {
    expect(annualMonthlyEquivalentCents(100)).toBe(85);
    expect(annualMonthlyEquivalentCents(333)).toBe(283);
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
