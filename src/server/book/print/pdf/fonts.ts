import path from "node:path";
import { Font } from "@react-pdf/renderer";

// Lora (SIL Open Font License, assets/fonts/lora/OFL.txt) sets the book; DejaVu Sans (Bitstream
// Vera licence, assets/fonts/dejavu/LICENSE) prints the letters Lora lacks: Greek, Cyrillic,
// Hebrew, Arabic. Both are embedded from the repository, so a book can be made offline. What
// neither has (emoji, most of Asia's scripts) is left out of the book rather than printed as the
// wrong letters (`printable`).

let registered = false;
/** Longer than any word of a language (and than a line of the narrowest page holds). */
export const LONGEST_WORD = 30;

export const BOOK_FONT = "Lora";
export const FALLBACK_FONT = "DejaVu Sans";
/** The book's faces, in the order a letter is looked for. */
export const BOOK_FONTS = [BOOK_FONT, FALLBACK_FONT];

const fontFolder = (name: string) => path.join(/*turbopackIgnore: true*/ process.cwd(), "assets", "fonts", name);

/** The regular face's file, for what is drawn outside @react-pdf's layout (the page numbers). */
export const bookFontFile = () => path.join(fontFolder("lora"), "Lora_400Regular.ttf");

export function registerBookFonts() {
  if (registered) return;
  const lora = fontFolder("lora");
  Font.register({
    family: BOOK_FONT,
    fonts: [
      { src: path.join(lora, "Lora_400Regular.ttf"), fontWeight: 400 },
      { src: path.join(lora, "Lora_400Regular_Italic.ttf"), fontWeight: 400, fontStyle: "italic" },
      { src: path.join(lora, "Lora_600SemiBold.ttf"), fontWeight: 600 },
      { src: path.join(lora, "Lora_700Bold.ttf"), fontWeight: 700 },
      { src: path.join(lora, "Lora_700Bold_Italic.ttf"), fontWeight: 700, fontStyle: "italic" },
    ],
  });
  // Upright only: a borrowed letter in an italic line stays upright.
  const dejaVu = fontFolder("dejavu");
  Font.register({
    family: FALLBACK_FONT,
    fonts: [
      { src: path.join(dejaVu, "DejaVuSans.ttf"), fontWeight: 400 },
      { src: path.join(dejaVu, "DejaVuSans.ttf"), fontWeight: 400, fontStyle: "italic" },
      { src: path.join(dejaVu, "DejaVuSans-Bold.ttf"), fontWeight: 700 },
      { src: path.join(dejaVu, "DejaVuSans-Bold.ttf"), fontWeight: 700, fontStyle: "italic" },
    ],
  });
  // Words are never split with hyphens the reader did not write, except a word too long for any
  // line (a web address, "aaaaargh" held for 300 letters), which breaks where the line ends
  // instead of running off the page or spreading its letters across a justified line.
  Font.registerHyphenationCallback((word) => (word.length > LONGEST_WORD ? (word.match(/.{1,12}/gsu) ?? [word]) : [word]));
  registered = true;
}

type Glyphs = { hasGlyphForCodePoint: (codePoint: number) => boolean };

/**
 * Keeps of a text what the book's faces can print: every letter one of them has, and white space.
 * Loads the regular faces (once) to ask them.
 */
export async function printableText(): Promise<(text: string) => string> {
  registerBookFonts();
  const faces = await Promise.all(
    BOOK_FONTS.map(async (fontFamily) => {
      await Font.load({ fontFamily, fontWeight: 400, fontStyle: "normal" });
      return Font.getFont({ fontFamily, fontWeight: 400, fontStyle: "normal" }).data as unknown as Glyphs;
    }),
  );
  const printable = (character: string) => /\s/u.test(character) || faces.some((face) => face.hasGlyphForCodePoint(character.codePointAt(0)!));
  return (text) => {
    const kept = [...text].filter(printable).join("");
    return kept.length === text.length ? text : kept.replace(/[ \t]{2,}/g, " ").trim();
  };
}
