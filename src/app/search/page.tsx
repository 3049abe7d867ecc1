import type { Metadata } from "next";
import Link from "next/link";
import { AuthRequired } from "@/components/auth/auth-required";
import { SearchForm, type SearchFormValues } from "@/components/search/search-form";
import { SearchResults } from "@/components/search/search-results";
import { buttonVariants } from "@/components/ui/button-variants";
import { SEARCH_KINDS, searchQuerySchema, type SearchKind } from "@/lib/schemas/search";
import { getCurrentUser } from "@/server/accounts/auth/current-user";
import { search } from "@/server/book/search/search";
import { listFamilyMembers } from "@/server/family/members/list-family-members";

export const metadata: Metadata = { title: "Search" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** /search?q=&kind=&member=&year=&cursor=: the query lives in the address (docs/product.md, Search). */
export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  const params = await searchParams;
  if (!user) {
    const query = single(params.q);
    const path = query ? `/search?q=${encodeURIComponent(query)}` : "/search";
    return <AuthRequired heading="Search" message="Please sign in or register to search your family's memories and answers." path={path} />;
  }
  const raw = { q: single(params.q), kind: single(params.kind), member: single(params.member), year: single(params.year), cursor: single(params.cursor) };
  const members = await listFamilyMembers({ viewer: user });
  const member = members.find((candidate) => candidate.id === raw.member)?.id;
  const kind: SearchKind = SEARCH_KINDS.find((candidate) => candidate === raw.kind) ?? "all";
  const yearNumber = /^\d{4}$/.test(raw.year) ? Number(raw.year) : undefined;
  const values: SearchFormValues = { q: raw.q, kind, member, year: yearNumber };

  const parsed = raw.q.trim() ? searchQuerySchema.safeParse({ ...raw, kind, member }) : null;
  const error = parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const page = parsed?.success ? await search({ viewer: user, query: parsed.data }) : null;
  const filtered = kind !== "all" || member !== undefined || raw.year !== "";

  const address = (changes: Record<string, string | undefined>) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ q: raw.q, kind: kind === "all" ? undefined : kind, member, year: raw.year || undefined, ...changes })) {
      if (value) query.set(name, value);
    }
    return `/search?${query}`;
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Search</h1>
      {/* Keyed on the search, so a link to another search (Search everything instead) shows its own filters, not the last ones chosen. */}
      <SearchForm key={JSON.stringify(values)} values={values} members={members} error={error} />
      {!parsed && (
        <section aria-labelledby="search-empty" className="rounded-lg border border-dashed p-6 text-base">
          <h2 id="search-empty" className="text-xl font-semibold">
            Find a memory or an answer
          </h2>
          <p className="mt-2">
            Search your own memories and answers, and everything your family shared: titles, stories, answers, questions, comments and people&apos;s names.
          </p>
          <ul className="mt-2 list-disc pl-6">
            <li>A name finds what that person wrote and the memories they are tagged in.</li>
            <li>&quot;Old mill&quot; in quotes finds those words side by side.</li>
            <li>
              <em>lake or sea</em> finds either; <em>picnic -rain</em> leaves out what mentions rain.
            </li>
            <li>Accents and capitals do not matter: Jurgen finds Jürgen.</li>
          </ul>
        </section>
      )}
      {page && page.results.length === 0 && (
        <section aria-labelledby="search-none" role="status" className="rounded-lg border border-dashed p-6 text-base">
          <h2 id="search-none" className="text-xl font-semibold">
            Nothing found for “{raw.q.trim()}”
          </h2>
          {page.did_you_mean && (
            <p className="mt-2 text-lg">
              Did you mean{" "}
              <Link href={address({ q: page.did_you_mean, cursor: undefined })} className="font-semibold text-primary underline underline-offset-4">
                {page.did_you_mean}
              </Link>
              ?
            </p>
          )}
          <ul className="mt-2 list-disc pl-6">
            <li>
              Every word must be found: try fewer words, or put <em>or</em> between them.
            </li>
            <li>Words are matched whole: try “wedding” as well as “weddings”.</li>
            <li>Only your own memories and answers and what your family shared can be found.</li>
          </ul>
          {filtered && (
            <Link href={address({ kind: undefined, member: undefined, year: undefined })} className={buttonVariants({ variant: "outline", className: "mt-4" })}>
              Search everything instead
            </Link>
          )}
        </section>
      )}
      {page && page.results.length > 0 && (
        <>
          <SearchResults results={page.results} />
          <nav aria-label="More results" className="flex flex-wrap gap-3">
            {raw.cursor && (
              <Link href={address({ cursor: undefined })} className={buttonVariants({ variant: "outline" })}>
                Back to the best matches
              </Link>
            )}
            {page.next_cursor && (
              <Link href={address({ cursor: page.next_cursor })} className={buttonVariants({ variant: "outline" })}>
                More results
              </Link>
            )}
          </nav>
        </>
      )}
    </div>
  );
}
