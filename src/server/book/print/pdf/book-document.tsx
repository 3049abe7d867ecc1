import { Document, Link, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/constants";
import { formatLongDate } from "@/lib/dates";
import { formatPlayTime } from "@/lib/play-time";
import type { BookAnswers, BookComment, BookContent, BookFollowUp, BookMemory, BookPhoto, BookVoice, PaperSize } from "../book-content";
import { BOOK_FONTS, LONGEST_WORD } from "./fonts";
import { contentHeight, contentWidth, PAGE_GEOMETRY, type PageGeometry } from "./page-geometry";
import { layoutPhotos, PHOTO_GAP } from "./photo-layout";
import { QrCode } from "./qr-code";

// The printed Family Book: a title page (with the cover photo the reader chose), the contents,
// a chapter per year or per member, and a closing page. Every block of a chapter is a direct child
// of its page, so the page breaks can keep company: a memory's title, details and photos never
// split and always have the first lines of the story after them; a question always has the first
// lines of its answer (minPresenceAhead, orphans and widows). Page numbers are not part of this
// tree: they are painted on every page after layout (paint-book.ts), because @react-pdf's dynamic
// `render` nodes are re-laid out on every page (docs/decisions/014-printed-book.md).

const INK = "#2b2118";
const SOFT_INK = "#6b5a4a";
const RULE = "#d9c9b4";
/** The story's type size: 11 pt, or 14.5 pt in the large-print edition (docs/decisions/014-printed-book.md). */
const BODY_SIZE = { regular: 11, large: 14.5 } as const;
// The blocks of a chapter are spaced by their top margins only: @react-pdf moves a block whose
// bottom margin would cross the foot of the page to the next page whole.
// Line height is set on each text style, never on a page or a view, so nothing inherits it, and
// always beside a font size: @react-pdf turns a unitless line height into points with the style's
// own font size (18 when it has none), before any font size is inherited.
const BODY_LINE_HEIGHT = 1.5;
const ITEM_GAP = 26;

export type BookPrint = keyof typeof BODY_SIZE;

/**
 * Every size of the book's type, in one of its two editions: the large-print edition is the same
 * book with every size scaled up with the story's (never a page's layout by hand).
 */
function typographyFor(print: BookPrint) {
  const body = BODY_SIZE[print];
  const scale = body / BODY_SIZE.regular;
  /** A regular size, scaled to this edition and rounded to a half point. */
  const sized = (regular: number) => Math.round(regular * scale * 2) / 2;
  const bodyLine = body * BODY_LINE_HEIGHT;
  const styles = StyleSheet.create({
    page: { fontFamily: BOOK_FONTS, fontSize: body, color: INK },
    titlePage: { justifyContent: "center", alignItems: "center", textAlign: "center" },
    cover: { marginBottom: 28, alignItems: "center" },
    bookTitle: { fontSize: sized(32), fontWeight: 700, lineHeight: 1.25, marginBottom: 16 },
    period: { fontSize: sized(16), lineHeight: 1.4, color: SOFT_INK, marginBottom: 32 },
    contributorsLabel: { fontSize: sized(10), lineHeight: 1.4, textTransform: "uppercase", letterSpacing: 2, color: SOFT_INK, marginBottom: 6 },
    contributors: { fontSize: sized(13), lineHeight: BODY_LINE_HEIGHT },
    empty: { fontSize: sized(13), lineHeight: BODY_LINE_HEIGHT, marginTop: 24 },
    madeOn: { fontSize: sized(10), lineHeight: 1.4, color: SOFT_INK, marginTop: 40 },
    contentsTitle: { fontSize: sized(24), fontWeight: 700, lineHeight: 1.3, marginBottom: 20 },
    contentsLink: { color: INK, textDecoration: "none" },
    contentsRow: { flexDirection: "row", alignItems: "flex-end", paddingVertical: 6, borderBottomWidth: 0.5, borderBottomColor: RULE },
    contentsName: { flex: 1, fontSize: sized(12), lineHeight: 1.4 },
    contentsCount: { fontSize: sized(10), color: SOFT_INK },
    contentsPage: { width: sized(44), fontSize: sized(12), lineHeight: 1.4, textAlign: "right" },
    chapterHeading: { marginBottom: 22, paddingBottom: 8, borderBottomWidth: 1, borderBottomColor: RULE },
    chapterTitle: { fontSize: sized(28), fontWeight: 700, lineHeight: 1.25 },
    chapterSubtitle: { fontSize: sized(11), lineHeight: 1.4, color: SOFT_INK, marginTop: 4 },
    itemTitle: { fontSize: sized(16), fontWeight: 600, lineHeight: 1.3, marginBottom: 2 },
    meta: { fontSize: sized(10), lineHeight: 1.4, fontStyle: "italic", color: SOFT_INK },
    commentsHeading: { fontSize: sized(10), fontWeight: 600, lineHeight: 1.4, marginTop: 10, color: SOFT_INK },
    comment: { marginTop: 4, paddingLeft: 10 },
    commentMeta: { fontSize: sized(9), lineHeight: 1.4, fontStyle: "italic", color: SOFT_INK },
    commentBody: { fontSize: sized(10), lineHeight: 1.4 },
    followUpAsked: { fontSize: sized(10), fontWeight: 600, lineHeight: 1.4, marginTop: 8 },
    followUpAnswer: { fontSize: body, lineHeight: BODY_LINE_HEIGHT, marginTop: 2 },
    paragraph: { fontSize: body, lineHeight: BODY_LINE_HEIGHT, marginTop: 8, textAlign: "justify" },
    saidHeading: { fontSize: sized(10), fontWeight: 600, lineHeight: 1.4, marginTop: 12, textTransform: "uppercase", letterSpacing: 1, color: SOFT_INK },
    said: { fontSize: body, lineHeight: BODY_LINE_HEIGHT, marginTop: 4, fontStyle: "italic" },
    listenRow: { flexDirection: "row", alignItems: "center", marginTop: 12 },
    listenText: { flex: 1, paddingLeft: 10 },
    listenCall: { fontSize: sized(11), fontWeight: 600, lineHeight: 1.4 },
    listenAddress: { fontSize: sized(9), lineHeight: 1.4, color: SOFT_INK, marginTop: 4 },
    ragged: { textAlign: "left" },
    photoRow: { flexDirection: "row", justifyContent: "center" },
    question: { fontSize: body, fontWeight: 600, lineHeight: BODY_LINE_HEIGHT, marginTop: 10 },
    answer: { fontSize: body, lineHeight: BODY_LINE_HEIGHT, marginTop: 2 },
    noAnswer: { fontSize: body, lineHeight: BODY_LINE_HEIGHT, marginTop: 2, fontStyle: "italic", color: SOFT_INK },
    closing: { justifyContent: "center", alignItems: "center", textAlign: "center" },
    closingTitle: { fontSize: sized(22), fontWeight: 600, lineHeight: 1.3, marginBottom: 12 },
    closingText: { fontSize: body, lineHeight: BODY_LINE_HEIGHT, color: SOFT_INK },
  });
  return {
    styles,
    sized,
    /**
     * The room a heading needs after it on its page: three lines. A paragraph splits only leaving
     * two lines on each page (orphans and widows, @react-pdf's default), so in three lines' room the
     * first lines of what the heading introduces always fit.
     */
    firstLines: 3 * bodyLine + 8,
    /** The height of a chapter's heading (its title, the count of stories, the rule and the space after). */
    chapterHeading: sized(28) * 1.25 + sized(11) * 1.4 + 4 + 8 + 1 + 22,
  };
}

type Typography = ReturnType<typeof typographyFor>;
const EDITIONS: Record<BookPrint, Typography> = { regular: typographyFor("regular"), large: typographyFor("large") };

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
/** Justified, unless a word too long for a line would leave a line of one word, its letters spread. */
const alignmentOf = (text: string, t: Typography) => (text.split(/\s+/).some((word) => word.length > LONGEST_WORD) ? t.styles.ragged : undefined);
const storiesCount = (count: number) => `${count} ${count === 1 ? "story" : "stories"}`;
/** A rough height of a text, to leave room for it beside the photos (0.55 em is a wide average). */
const estimatedHeight = (text: string, fontSize: number, lineHeight: number, width: number) =>
  Math.ceil((text.length * fontSize * 0.55) / width + 0.01) * fontSize * lineHeight;

export const chapterAnchor = (index: number) => `chapter-${index + 1}`;
export const CLOSING_ANCHOR = "closing";

/** A part of the book that is laid out on its own. */
export type BookPart = "whole" | "front" | "closing" | { chapter: number };

/** Page numbers for the contents, known after a first layout. */
export type ContentsNumbers = { chapters: number[]; closing: number };

type PhotoProps = { photo: BookPhoto; width: number; height: number };

/** The prop that marks a photo's box in the layout; the painter loads the photo into it (paint-book.ts). */
export const PHOTO_MARK = "bookPhoto";

/**
 * A box of the photo's size, which lays out the same as the photo: no photo is loaded to lay the
 * book out. The painter loads each page's photos as it paints the page and lets them go after.
 */
function Photo({ photo, width, height }: PhotoProps) {
  return <View style={{ width, height }} {...{ [PHOTO_MARK]: photo }} />;
}

function PhotoGrid({ photos, width, maxHeight }: { photos: BookPhoto[]; width: number; maxHeight: number }) {
  const grid = layoutPhotos(photos, width, maxHeight);
  return (
    <View style={{ marginTop: 10 }}>
      {grid.rows.map((row, rowIndex) => (
        <View key={rowIndex} style={[EDITIONS.regular.styles.photoRow, { marginTop: rowIndex === 0 ? 0 : PHOTO_GAP }]}>
          {row.photos.map((cell, index) => (
            <View key={cell.photo.id} style={{ marginLeft: index === 0 ? 0 : PHOTO_GAP }}>
              <Photo photo={cell.photo} width={cell.width} height={cell.height} />
            </View>
          ))}
        </View>
      ))}
    </View>
  );
}

/**
 * An item's answered "Tell us more" questions (always: the author's answers are part of the story),
 * each "Olivia asked: …" with the answer under it.
 */
function followUpBlocks(key: string, followUps: BookFollowUp[] | undefined, teller: string, width: number, t: Typography): ReactNode[] {
  const { styles } = t;
  return (followUps ?? []).flatMap((followUp, index) => [
    <Text key={`${key}-f${index}`} style={styles.followUpAsked} wrap={false} minPresenceAhead={t.firstLines}>
      {followUp.askedBy} asked: {followUp.question}
    </Text>,
    ...paragraphsOf(followUp.answer).map((paragraph, part) => (
      <Text key={`${key}-f${index}-${part}`} style={styles.followUpAnswer}>
        {paragraph}
      </Text>
    )),
    // Told out loud too: its words and its own code.
    ...voiceBlocks(`${key}-f${index}`, followUp.voice, teller, width, t, "answer"),
  ]);
}

/** An item's comments, when the book includes them: "Comments", then each with its writer and day. */
function commentBlocks(key: string, comments: BookComment[] | undefined, t: Typography): ReactNode[] {
  if (!comments?.length) return [];
  const { styles } = t;
  return [
    <Text key={`${key}-comments`} style={styles.commentsHeading} wrap={false} minPresenceAhead={t.firstLines}>
      Comments
    </Text>,
    ...comments.map((comment, index) => (
      <View key={`${key}-c${index}`} style={styles.comment}>
        <Text style={styles.commentMeta}>
          {comment.author}, {formatLongDate(comment.date)}
        </Text>
        {paragraphsOf(comment.body).map((paragraph, part) => (
          <Text key={part} style={styles.commentBody}>
            {paragraph}
          </Text>
        ))}
      </View>
    )),
  ];
}

/** The QR code's size: an inch, where any phone's camera reads it from a hand's length. */
const LISTEN_CODE_SIZE = 72;

/**
 * A story told out loud, under the story: "What was said" with its transcript, when there is one,
 * then the code that plays it to whoever holds the book, with its address in words.
 */
function voiceBlocks(
  key: string,
  voice: BookVoice | undefined,
  teller: string,
  width: number,
  t: Typography,
  tells: "story" | "answer" = "story",
): ReactNode[] {
  if (!voice) return [];
  const { styles } = t;
  const said = voice.transcript ? paragraphsOf(voice.transcript) : [];
  return [
    ...(said.length > 0
      ? [
          <Text key={`${key}-said`} style={styles.saidHeading} wrap={false} minPresenceAhead={t.firstLines}>
            What was said
          </Text>,
          ...said.map((paragraph, index) => (
            <Text key={`${key}-said${index}`} style={styles.said}>
              {paragraph}
            </Text>
          )),
        ]
      : []),
    <View key={`${key}-listen`} wrap={false}>
      <View style={styles.listenRow}>
        <QrCode text={voice.listenUrl} size={t.sized(LISTEN_CODE_SIZE)} />
        <View style={styles.listenText}>
          <Text style={styles.listenCall}>{tells === "story" ? `Scan to hear ${teller} tell this story` : `Scan to hear ${teller} give this answer`}</Text>
          <Text style={styles.listenAddress}>or open this address:</Text>
        </View>
      </View>
      {/* The address on one line, smaller where it must be: a line broken inside it would print a hyphen that is not part of it. */}
      <Link src={voice.listenUrl} style={[styles.listenAddress, { fontSize: Math.max(6, Math.min(t.sized(9), width / (voice.listenUrl.length * 0.55))) }]}>
        {voice.listenUrl}
      </Link>
    </View>,
  ];
}

/** A memory as blocks of its chapter's page: the heading with its photos, then the story. */
function memoryBlocks(memory: BookMemory, page: PageGeometry, first: boolean, t: Typography): ReactNode[] {
  const { styles } = t;
  const width = contentWidth(page);
  const paragraphs = paragraphsOf(memory.content);
  const meta =
    `${formatLongDate(memory.date)} · by ${memory.author}` +
    (memory.taggedNames.length > 0 ? ` · with ${memory.taggedNames.join(", ")}` : "") +
    (memory.voice ? ` · told out loud, ${formatPlayTime(memory.voice.durationSeconds)}` : "");
  const headingHeight = estimatedHeight(memory.title, t.sized(16), 1.3, width) + estimatedHeight(meta, t.sized(10), 1.4, width) + 12;
  // The room the photos may take on a page: what the heading, the chapter's heading above the
  // chapter's first memory, the margins (with some to spare) and the story's first lines leave.
  const room = contentHeight(page) - headingHeight - (first ? t.chapterHeading : 0) - 40 - (paragraphs.length > 0 ? t.firstLines : 0);
  // The photos stay with the title when there is room for both on a page (there nearly always is).
  const photosWithHeading = memory.photos.length > 0 && room > contentHeight(page) * 0.3;
  const gridHeight = Math.min(contentHeight(page) * 0.6, photosWithHeading ? room : contentHeight(page) * 0.8);
  const heading = (
    <View key={`${memory.id}-heading`} wrap={false} minPresenceAhead={paragraphs.length > 0 ? t.firstLines : 0} style={{ marginTop: first ? 0 : ITEM_GAP }}>
      <Text style={styles.itemTitle}>{memory.title}</Text>
      <Text style={styles.meta}>{meta}</Text>
      {photosWithHeading && <PhotoGrid photos={memory.photos} width={width} maxHeight={gridHeight} />}
    </View>
  );
  return [
    heading,
    ...(memory.photos.length > 0 && !photosWithHeading
      ? [
          <View key={`${memory.id}-photos`} wrap={false}>
            <PhotoGrid photos={memory.photos} width={width} maxHeight={gridHeight} />
          </View>,
        ]
      : []),
    ...paragraphs.map((paragraph, index) => (
      <Text key={`${memory.id}-p${index}`} style={[styles.paragraph, alignmentOf(paragraph, t)]}>
        {paragraph}
      </Text>
    )),
    ...voiceBlocks(memory.id, memory.voice, memory.author, width, t),
    ...followUpBlocks(memory.id, memory.followUps, memory.author, width, t),
    ...commentBlocks(memory.id, memory.comments, t),
  ];
}

/**
 * The first lines of an answer as blocks, or "No answer provided"; an answer told out loud with
 * nothing written prints what was said and its code instead (voiceBlocks).
 */
function answerText(answers: BookAnswers, index: number, answer: string, t: Typography, told: boolean): ReactNode[] {
  const { styles } = t;
  const paragraphs = paragraphsOf(answer);
  if (paragraphs.length === 0 && told) return [];
  if (paragraphs.length === 0) {
    return [
      <Text key={`${answers.id}-a${index}`} style={styles.noAnswer}>
        No answer provided
      </Text>,
    ];
  }
  return paragraphs.map((paragraph, part) => (
    <Text key={`${answers.id}-a${index}-${part}`} style={styles.answer}>
      {paragraph}
    </Text>
  ));
}

/**
 * The photos given with an answer, under it, laid out like a memory's and kept whole: at most
 * three fifths of a page, so they move to the next page together when this one has no room.
 */
function answerPhotoBlocks(key: string, photos: BookPhoto[] | undefined, page: PageGeometry): ReactNode[] {
  if (!photos?.length) return [];
  return [
    <View key={`${key}-photos`} wrap={false}>
      <PhotoGrid photos={photos} width={contentWidth(page)} maxHeight={contentHeight(page) * 0.6} />
    </View>,
  ];
}

/**
 * Answers as blocks of their chapter's page. The questionnaire's title and details stay with the
 * first question; each question is kept whole, with room after it for the first lines of its
 * answer (a paragraph splits leaving at least two lines, so three lines of room always holds some),
 * and each answer has its photos under it.
 */
function answerBlocks(answers: BookAnswers, page: PageGeometry, first: boolean, t: Typography): ReactNode[] {
  const { styles } = t;
  const [firstEntry, ...rest] = answers.answers;
  return [
    <View key={`${answers.id}-heading`} wrap={false} minPresenceAhead={t.firstLines} style={{ marginTop: first ? 0 : ITEM_GAP }}>
      <Text style={styles.itemTitle}>{answers.questionnaireTitle}</Text>
      <Text style={styles.meta}>
        Answered by {answers.author} on {formatLongDate(answers.date)}
      </Text>
      {firstEntry && <Text style={styles.question}>{firstEntry.question}</Text>}
    </View>,
    ...(firstEntry
      ? [
          ...answerText(answers, 0, firstEntry.answer, t, firstEntry.voice !== undefined),
          ...answerPhotoBlocks(`${answers.id}-0`, firstEntry.photos, page),
          ...voiceBlocks(`${answers.id}-0`, firstEntry.voice, answers.author, contentWidth(page), t),
          ...followUpBlocks(`${answers.id}-0`, firstEntry.followUps, answers.author, contentWidth(page), t),
          ...commentBlocks(`${answers.id}-0`, firstEntry.comments, t),
        ]
      : []),
    ...rest.flatMap((entry, position) => [
      <Text key={`${answers.id}-q${position + 1}`} style={styles.question} wrap={false} minPresenceAhead={t.firstLines}>
        {entry.question}
      </Text>,
      ...answerText(answers, position + 1, entry.answer, t, entry.voice !== undefined),
      ...answerPhotoBlocks(`${answers.id}-${position + 1}`, entry.photos, page),
      ...voiceBlocks(`${answers.id}-${position + 1}`, entry.voice, answers.author, contentWidth(page), t),
      ...followUpBlocks(`${answers.id}-${position + 1}`, entry.followUps, answers.author, contentWidth(page), t),
      ...commentBlocks(`${answers.id}-${position + 1}`, entry.comments, t),
    ]),
  ];
}

export function BookDocument({
  content,
  size,
  numbers,
  part = "whole",
}: {
  content: BookContent;
  size: PaperSize;
  /** null on the first layout, which finds the pages; the contents then shows dashes of the same width. */
  numbers: ContentsNumbers | null;
  /**
   * Which of the book's pages to lay out (render-book-pdf.ts lays each part out on its own): the
   * title page and the contents, one chapter, the closing page, or the whole book.
   */
  part?: BookPart;
}) {
  const shows = (kind: "front" | "closing" | number) =>
    part === "whole" ||
    (kind === "front" && part === "front") ||
    (kind === "closing" && part === "closing") ||
    (typeof part === "object" && part.chapter === kind);
  const t = EDITIONS[content.largePrint ? "large" : "regular"];
  const { styles } = t;
  const page = PAGE_GEOMETRY[size];
  const pageSize: [number, number] = [page.width, page.height];
  const pageStyle = [styles.page, { paddingTop: page.top, paddingBottom: page.bottom, paddingLeft: page.inner, paddingRight: page.outer }];
  const width = contentWidth(page);
  const empty = content.chapters.length === 0;
  // The cover photo takes what the title page's words leave of half the page; when a long list of
  // names leaves too little, it has a page of its own before the title page.
  const titleWords =
    estimatedHeight(content.title, t.sized(32), 1.25, width) +
    estimatedHeight(content.contributors.join(" · "), t.sized(13), BODY_LINE_HEIGHT, width) +
    (content.period ? 40 : 0) +
    (empty ? 80 : 0) +
    160;
  const coverRoom = Math.min(contentHeight(page) * 0.5, contentHeight(page) - titleWords);
  const coverAlone = coverRoom < contentHeight(page) * 0.2;
  const cover = content.cover ? layoutPhotos([content.cover], width, coverAlone ? contentHeight(page) : coverRoom).rows[0]!.photos[0]! : null;
  const coverPhoto = cover && <Photo photo={cover.photo} width={cover.width} height={cover.height} />;
  return (
    <Document title={content.title} author={content.contributors.join(", ")} creator={PRODUCT_NAME} producer={PRODUCT_NAME} language="en">
      {shows("front") && coverAlone && coverPhoto && (
        <Page size={pageSize} style={[...pageStyle, styles.titlePage]}>
          {coverPhoto}
        </Page>
      )}
      {shows("front") && (
        <Page size={pageSize} style={[...pageStyle, styles.titlePage]}>
          {!coverAlone && coverPhoto && <View style={styles.cover}>{coverPhoto}</View>}
          <Text style={styles.bookTitle}>{content.title}</Text>
          {content.period && <Text style={styles.period}>{content.period}</Text>}
          {content.contributors.length > 0 && (
            <>
              <Text style={styles.contributorsLabel}>With stories from</Text>
              <Text style={styles.contributors}>{content.contributors.join(" · ")}</Text>
            </>
          )}
          {empty && (
            <Text style={styles.empty}>Nothing has been shared in this book yet. Share memories or complete questionnaires, and they will appear here.</Text>
          )}
          <Text style={styles.madeOn}>
            Made with {PRODUCT_NAME} on {formatLongDate(content.generatedOn)}
          </Text>
        </Page>
      )}

      {!empty && shows("front") && (
        <Page size={pageSize} style={pageStyle} bookmark={{ title: "Contents", fit: true }}>
          <Text style={styles.contentsTitle}>Contents</Text>
          {content.chapters.map((chapter, index) => (
            <Link key={index} src={`#${chapterAnchor(index)}`} style={styles.contentsLink}>
              <View style={styles.contentsRow} wrap={false}>
                <Text style={styles.contentsName}>
                  {chapter.title}
                  <Text style={styles.contentsCount}>
                    {"   "}
                    {storiesCount(chapter.items.length)}
                  </Text>
                </Text>
                <Text style={styles.contentsPage}>{numbers ? numbers.chapters[index] : "—"}</Text>
              </View>
            </Link>
          ))}
          <Link src={`#${CLOSING_ANCHOR}`} style={styles.contentsLink}>
            <View style={styles.contentsRow} wrap={false}>
              <Text style={styles.contentsName}>To be continued</Text>
              <Text style={styles.contentsPage}>{numbers ? numbers.closing : "—"}</Text>
            </View>
          </Link>
        </Page>
      )}

      {content.chapters.map(
        (chapter, index) =>
          shows(index) && (
            <Page key={index} size={pageSize} style={pageStyle} bookmark={{ title: chapter.title, fit: true }}>
              <View id={chapterAnchor(index)} style={styles.chapterHeading} wrap={false}>
                <Text style={styles.chapterTitle}>{chapter.title}</Text>
                <Text style={styles.chapterSubtitle}>{storiesCount(chapter.items.length)}</Text>
              </View>
              {chapter.items.flatMap((item, position) =>
                item.kind === "memory" ? memoryBlocks(item, page, position === 0, t) : answerBlocks(item, page, position === 0, t),
              )}
            </Page>
          ),
      )}

      {!empty && shows("closing") && (
        <Page size={pageSize} style={[...pageStyle, styles.closing]}>
          <View id={CLOSING_ANCHOR}>
            <Text style={styles.closingTitle}>To be continued</Text>
            <Text style={styles.closingText}>
              Every family story is still being written. Add your next memory in {PRODUCT_NAME}, and it will be in the next edition.
            </Text>
          </View>
        </Page>
      )}
    </Document>
  );
}
