import type { TextPieces } from "@/server/book/search/search-result-dto";

/** A title or passage from search, its matches marked. Each piece is text, never HTML. */
export function HighlightedText({ pieces }: { pieces: TextPieces }) {
  return pieces.map((piece, index) =>
    piece.highlighted ? (
      <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 font-semibold text-foreground">
        {piece.text}
      </mark>
    ) : (
      <span key={index}>{piece.text}</span>
    ),
  );
}
