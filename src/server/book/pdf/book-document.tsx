import { Document, Image, Link, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatLongDate } from "@/lib/dates";
import { PRODUCT_NAME } from "@/lib/constants";
import type { BookAnswers, BookContent, BookMemory, BookPhoto, PaperSize } from "../book-content";
import { BOOK_FONT } from "./fonts";

// The printed Family Book: title page, contents, a chapter per year, a closing page.
// Headings keep company with what follows them (minPresenceAhead) and photos never split.

export const PAGE_MARGIN = { top: 64, bottom: 72, side: 60 };
const PAGE_WIDTH = { A4: 595.28, LETTER: 612 } as const;
const INK = "#2b2118";
const SOFT_INK = "#6b5a4a";
const RULE = "#d9c9b4";

const styles = StyleSheet.create({
  page: {
    fontFamily: BOOK_FONT,
    fontSize: 11,
    lineHeight: 1.5,
    color: INK,
    paddingTop: PAGE_MARGIN.top,
    paddingBottom: PAGE_MARGIN.bottom,
    paddingHorizontal: PAGE_MARGIN.side,
  },
  titlePage: { justifyContent: "center", alignItems: "center", textAlign: "center" },
  bookTitle: { fontSize: 36, fontWeight: 700, lineHeight: 1.25, marginBottom: 20 },
  period: { fontSize: 16, lineHeight: 1.4, color: SOFT_INK, marginBottom: 40 },
  contributorsLabel: { fontSize: 11, textTransform: "uppercase", letterSpacing: 2, color: SOFT_INK, marginBottom: 8 },
  contributors: { fontSize: 13, maxWidth: 360 },
  madeOn: { position: "absolute", bottom: 64, left: 0, right: 0, fontSize: 10, color: SOFT_INK, textAlign: "center" },
  contentsTitle: { fontSize: 24, fontWeight: 700, marginBottom: 24 },
  contentsRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 6, borderBottomWidth: 0.5, borderBottomColor: RULE },
  contentsLink: { color: INK, textDecoration: "none" },
  chapterTitle: { fontSize: 30, fontWeight: 700, marginBottom: 20, paddingBottom: 8, borderBottomWidth: 1, borderBottomColor: RULE },
  item: { marginBottom: 26 },
  itemTitle: { fontSize: 16, fontWeight: 600, lineHeight: 1.3, marginBottom: 2 },
  meta: { fontSize: 10, fontStyle: "italic", color: SOFT_INK, marginBottom: 8 },
  paragraph: { marginBottom: 8, textAlign: "justify" },
  photos: { flexDirection: "row", flexWrap: "wrap", justifyContent: "space-between", marginTop: 6 },
  photoFrame: { marginBottom: 12 },
  question: { fontWeight: 600, marginTop: 6 },
  answer: { marginBottom: 4 },
  footer: { position: "absolute", bottom: 32, left: 0, right: 0, textAlign: "center", fontSize: 9, color: SOFT_INK },
  closing: { justifyContent: "center", alignItems: "center", textAlign: "center" },
  closingTitle: { fontSize: 22, fontWeight: 600, marginBottom: 12 },
});

const paragraphsOf = (text: string) => text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);

function photoBoxes(photos: BookPhoto[], contentWidth: number) {
  const gap = 12;
  const single = photos.length === 1;
  const width = single ? contentWidth : (contentWidth - gap) / 2;
  const maxHeight = single ? 380 : 260;
  return photos.map((photo) => {
    const ratio = photo.height / Math.max(photo.width, 1);
    let boxWidth = width;
    let boxHeight = width * ratio;
    if (boxHeight > maxHeight) {
      boxHeight = maxHeight;
      boxWidth = maxHeight / ratio;
    }
    return { photo, slotWidth: width, width: boxWidth, height: boxHeight };
  });
}

function MemoryEntry({ memory, contentWidth, layoutOnly }: { memory: BookMemory; contentWidth: number; layoutOnly: boolean }) {
  const [first, ...rest] = paragraphsOf(memory.content);
  return (
    <View style={styles.item}>
      {/* The title, its details and the first paragraph stay together on one page. */}
      <View wrap={false}>
        <Text style={styles.itemTitle}>{memory.title}</Text>
        <Text style={styles.meta}>
          {formatLongDate(memory.date)} · by {memory.author}
          {memory.taggedNames.length > 0 ? ` · with ${memory.taggedNames.join(", ")}` : ""}
        </Text>
        {first && <Text style={styles.paragraph}>{first}</Text>}
      </View>
      {rest.map((paragraph, index) => (
        <Text key={index} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
      {memory.photos.length > 0 && (
        <View style={styles.photos}>
          {photoBoxes(memory.photos, contentWidth).map(({ photo, slotWidth, width, height }) => (
            <View key={photo.id} wrap={false} style={[styles.photoFrame, { width: slotWidth, alignItems: "center" }]}>
              {layoutOnly ? (
                // The first pass only measures pages: a box of the photo's size lays out the same.
                <View style={{ width, height }} />
              ) : (
                // eslint-disable-next-line jsx-a11y/alt-text -- a PDF image, not an HTML img
                <Image src={photo.load} style={{ width, height, objectFit: "contain" }} />
              )}
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

function AnswersEntry({ answers }: { answers: BookAnswers }) {
  const [first, ...rest] = answers.answers;
  return (
    <View style={styles.item}>
      <View wrap={false}>
        <Text style={styles.itemTitle}>{answers.questionnaireTitle}</Text>
        <Text style={styles.meta}>
          Answered by {answers.author} on {formatLongDate(answers.date)}
        </Text>
        {first && (
          <>
            <Text style={styles.question}>{first.question}</Text>
            <Text style={styles.answer}>{first.answer}</Text>
          </>
        )}
      </View>
      {rest.map((entry, index) => (
        <View key={index}>
          <Text style={styles.question} minPresenceAhead={40}>
            {entry.question}
          </Text>
          <Text style={styles.answer}>{entry.answer}</Text>
        </View>
      ))}
    </View>
  );
}

export type ChapterPages = Record<number, number>;

export function BookDocument({
  content,
  size,
  chapterPages,
  onChapterPage,
}: {
  content: BookContent;
  size: PaperSize;
  /** Page numbers for the contents, known after a first layout pass. */
  chapterPages: ChapterPages | null;
  /** Given on the first pass, which only measures where chapters start (photos are not loaded). */
  onChapterPage?: (year: number, page: number) => void;
}) {
  const contentWidth = PAGE_WIDTH[size] - 2 * PAGE_MARGIN.side;
  const empty = content.chapters.length === 0;
  return (
    <Document title={content.title} author={content.contributors.join(", ")} creator={PRODUCT_NAME} producer={PRODUCT_NAME}>
      <Page size={size} style={[styles.page, styles.titlePage]}>
        <Text style={styles.bookTitle}>{content.title}</Text>
        {content.period && <Text style={styles.period}>{content.period}</Text>}
        {content.contributors.length > 0 && (
          <>
            <Text style={styles.contributorsLabel}>With stories from</Text>
            <Text style={styles.contributors}>{content.contributors.join(" · ")}</Text>
          </>
        )}
        {empty && (
          <Text style={{ fontSize: 13, maxWidth: 380, marginTop: 24 }}>
            Nothing has been shared in this book yet. Share memories or complete questionnaires, and they will appear here.
          </Text>
        )}
        <Text style={styles.madeOn}>
          Made with {PRODUCT_NAME} on {formatLongDate(content.generatedOn)}
        </Text>
      </Page>

      {!empty && (
        <Page size={size} style={styles.page}>
          <Text style={styles.contentsTitle}>Contents</Text>
          {content.chapters.map((chapter) => (
            <Link key={chapter.year} src={`#year-${chapter.year}`} style={styles.contentsLink}>
              <View style={styles.contentsRow}>
                <Text>
                  {chapter.year}
                  <Text style={{ color: SOFT_INK }}>
                    {"  "}
                    {chapter.items.length} {chapter.items.length === 1 ? "story" : "stories"}
                  </Text>
                </Text>
                <Text>{chapterPages?.[chapter.year] ?? "—"}</Text>
              </View>
            </Link>
          ))}
          <Text style={styles.footer} fixed render={({ pageNumber }) => String(pageNumber)} />
        </Page>
      )}

      {content.chapters.map((chapter) => (
        <Page key={chapter.year} size={size} style={styles.page} bookmark={{ title: String(chapter.year), fit: true }}>
          <View id={`year-${chapter.year}`}>
            <Text style={styles.chapterTitle}>{chapter.year}</Text>
            {/* Both passes lay out the same marker, so page breaks match between them. */}
            <Text
              style={{ fontSize: 1, lineHeight: 1, color: "#ffffff" }}
              render={({ pageNumber }) => {
                onChapterPage?.(chapter.year, pageNumber);
                return " ";
              }}
            />
          </View>
          {chapter.items.map((item) =>
            item.kind === "memory" ? (
              <MemoryEntry key={`m-${item.id}`} memory={item} contentWidth={contentWidth} layoutOnly={Boolean(onChapterPage)} />
            ) : (
              <AnswersEntry key={`a-${item.id}`} answers={item} />
            ),
          )}
          <Text style={styles.footer} fixed render={({ pageNumber }) => String(pageNumber)} />
        </Page>
      ))}

      {!empty && (
        <Page size={size} style={[styles.page, styles.closing]}>
          <Text style={styles.closingTitle}>To be continued</Text>
          <Text style={{ maxWidth: 380, color: SOFT_INK }}>
            Every family story is still being written. Add your next memory in {PRODUCT_NAME}, and it will be in the next edition.
          </Text>
          <Text style={styles.footer} fixed render={({ pageNumber }) => String(pageNumber)} />
        </Page>
      )}
    </Document>
  );
}
