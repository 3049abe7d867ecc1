import { LandingPage } from "@/components/landing/landing-page";
import { getCurrentUser } from "@/server/accounts/auth/current-user";

export default async function HomePage() {
  return <LandingPage signedIn={(await getCurrentUser()) !== null} />;
}
