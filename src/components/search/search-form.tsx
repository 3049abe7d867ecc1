import { SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/select";
import { SEARCH_QUERY_MAX, type SearchKind } from "@/lib/schemas/search";
import type { FamilyMemberDto } from "@/server/family/members/family-member-dto";

export type SearchFormValues = { q: string; kind: SearchKind; member?: string; year?: number };

/** The search page's form: a plain GET to /search, so every search is an address to keep or share. */
export function SearchForm({ values, members, error }: { values: SearchFormValues; members: FamilyMemberDto[]; error?: string }) {
  return (
    <form role="search" action="/search" method="get" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor="search-q" className="text-base font-medium">
          Search memories and answers
        </label>
        <div className="flex gap-2">
          <Input
            id="search-q"
            name="q"
            type="search"
            defaultValue={values.q}
            maxLength={SEARCH_QUERY_MAX}
            autoFocus={!values.q}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "search-q-error search-q-hint" : "search-q-hint"}
            autoComplete="off"
            enterKeyHint="search"
          />
          <Button type="submit" size="lg" className="shrink-0">
            <SearchIcon aria-hidden="true" className="size-5" />
            Search
          </Button>
        </div>
        {error && (
          <p id="search-q-error" className="text-base font-medium text-destructive">
            {error}
          </p>
        )}
        <p id="search-q-hint" className="text-base text-muted-foreground">
          Names, places, words from a story. &quot;Quotes&quot; for a phrase, <em>or</em> for either word, a minus to leave a word out.
        </p>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="sr-only">Filters</legend>
        <div className="flex flex-col gap-2">
          <label htmlFor="search-kind" className="text-base font-medium">
            Show
          </label>
          <NativeSelect id="search-kind" name="kind" defaultValue={values.kind}>
            <option value="all">Memories and answers</option>
            <option value="memories">Memories only</option>
            <option value="answers">Answers only</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor="search-member" className="text-base font-medium">
            Written by
          </label>
          <NativeSelect id="search-member" name="member" defaultValue={values.member ?? ""}>
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.first_name} {member.last_name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor="search-year" className="text-base font-medium">
            Year
          </label>
          <Input
            id="search-year"
            name="year"
            inputMode="numeric"
            pattern="[0-9]{4}"
            placeholder="Any year"
            defaultValue={values.year ?? ""}
            autoComplete="off"
          />
        </div>
      </fieldset>
    </form>
  );
}
