import { SEARCH_QUERY_MAX, searchQuerySchema } from "@/lib/schemas/search";
import { searchPageSchema } from "@/server/book/search/search-result-dto";
import type { Operation } from "./operation";

// Search across memories and answers (docs/product.md, Search; docs/decisions/020-search.md).

export const searchOperations: Operation[] = [
  {
    method: "get",
    path: "/search",
    tag: "Search",
    summary: "Memories and answers the caller may open that match a search, best match first",
    description: `Searches memories (title, story, the author's and the tagged people's names) and answers (the answer, its question, the author's name): the caller's own, shared or not, and what their family shared; nothing else, and nothing is counted. \`q\` is read as a web search engine reads it (all words; "a phrase"; \`or\`; \`-word\`), at most ${SEARCH_QUERY_MAX} characters, whatever the case and accents. Results come best match first (a match in a title or question above one in a name, above one in the text), then newest; each carries its title and the best passage in highlighted pieces, and the address where it is read.`,
    access: "member",
    query: searchQuerySchema,
    answer: { status: 200, description: "One page of results.", data: searchPageSchema },
    refusals: {
      400: "An empty or overlong q, a kind other than all, memories or answers, a year that is not a whole year from 1000 to 9999, a limit or cursor that cannot be used (on that field).",
    },
  },
];
