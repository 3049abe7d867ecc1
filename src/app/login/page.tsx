import { redirect } from "next/navigation";
import { signInHref } from "@/lib/next-path";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// /login is a short name for the Login tab of /register, keeping where to go afterwards
// (docs/product.md §2; the `next` path is checked again there).
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const { next } = await searchParams;
  redirect(typeof next === "string" ? signInHref(next) : "/register?tab=login");
}
